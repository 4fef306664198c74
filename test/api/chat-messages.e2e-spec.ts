import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ChatLimits, ChatMessages, type MessageView } from '../../api/src/contracts/chat.contract.js';
import { messageTextSchema } from '../../api/src/contracts/chat.schemas.js';
import { ChatMediaReferences } from '../../api/src/modules/chat/chat-media-references.adapter.js';
import { ChatRepository } from '../../api/src/modules/chat/chat.repository.js';
import { chatAs, roomWithFans, sendText } from '../support/chat-rest.js';
import { bearer, signUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

describe('chat messages: sending, polls, history, receipts', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const seqs = (messages: MessageView[]) => messages.map((message) => message.seq);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

  /** `count` text messages by `senderId`, numbered after the room's last seq, written straight to the table. */
  async function fillRoom(roomId: string, senderId: string, count: number) {
    await api.db.query(
      `WITH room AS (UPDATE chat_room SET last_seq = last_seq + $3, last_message_at = now() WHERE id = $1 RETURNING last_seq - $3 AS start)
       INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text, created_at)
       SELECT $1, room.start + n, $2, 'fill-' || (room.start + n), 'text', 'message ' || (room.start + n), now() - interval '1 hour' + n * interval '1 second'
       FROM room, generate_series(1, $3::int) AS n`,
      [roomId, senderId, count],
    );
  }

  describe('sending', () => {
    it('stores trimmed text as the next seq, named after its sender, and a retry with the same client id stores nothing new', async () => {
      const { host, room } = await roomWithFans(api, 1);
      const chat = chatAs(api, host);
      const clientId = randomUUID();

      const sent = await chat.send(room.id, { type: 'text', text: '  hello there  ', clientId }).expect(201);
      expect(sent.body).toMatchObject({
        roomId: room.id,
        seq: 1,
        clientId,
        senderId: host.user.id,
        senderName: 'Host Person',
        senderPhotoUrl: null,
        type: 'text',
        text: 'hello there',
        imageUrl: null,
        poll: null,
        status: 'sent',
        archived: false,
      });

      const retry = await chat.send(room.id, { type: 'text', text: '  hello there  ', clientId }).expect(200);
      expect(retry.body).toEqual(sent.body);
      expect((await api.db.query('SELECT count(*)::int AS n FROM chat_message WHERE room_id = $1', [room.id])).rows[0].n).toBe(1);
      expect((await chat.send(room.id, { type: 'text', text: 'next' }).expect(201)).body.seq).toBe(2);
    });

    it('numbers 20 simultaneous sends 1 to 20 without a gap', async () => {
      const { host, fans, room } = await roomWithFans(api, 3);
      const senders = [host, ...fans];
      const answers = await Promise.all(
        range(1, 20).map((n) => chatAs(api, senders[n % senders.length]!).send(room.id, { type: 'text', text: `m${n}` })),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect(answers.map((answer) => answer.body.seq).sort((a, b) => a - b)).toEqual(range(1, 20));
      expect((await api.db.query('SELECT last_seq::int AS seq FROM chat_room WHERE id = $1', [room.id])).rows[0].seq).toBe(20);
    });

    it('stores one message when the same send is retried simultaneously, and spends no seq on the retries', async () => {
      const { host, room } = await roomWithFans(api, 1);
      const clientId = randomUUID();
      const answers = await Promise.all(range(1, 6).map(() => chatAs(api, host).send(room.id, { type: 'text', text: 'once', clientId })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect((await chatAs(api, host).send(room.id, { type: 'text', text: 'after' }).expect(201)).body.seq).toBe(2);
    });

    it('refuses empty, too long and too large messages with the spec messages, storing nothing', async () => {
      const { host, room } = await roomWithFans(api, 1);
      const chat = chatAs(api, host);
      const before = await countRows(api.db, 'chat_message');

      expect((await chat.send(room.id, { type: 'text', text: '   ' }).expect(400)).body.error).toBe(ChatMessages.textRequired);
      const tooLong = await chat.send(room.id, { type: 'text', text: 'a'.repeat(1001) }).expect(400);
      expect(tooLong.body).toEqual({ error: ChatMessages.tooLong, code: 'chat_message_too_long' });
      // 1000 emoji are 1000 characters (4000 bytes): allowed.
      await chat.send(room.id, { type: 'text', text: '🎷'.repeat(1000) }).expect(201);
      // A body over the API's 1 MB limit is refused before it is read.
      await chat.send(room.id, { type: 'text', text: 'a'.repeat(ChatLimits.maxMessageBytes + 10) }).expect(413);
      // The size rule comes before the length rule (the gateway takes bigger frames).
      const large = messageTextSchema.safeParse('a'.repeat(ChatLimits.maxMessageBytes + 1));
      expect(large.success ? null : large.error.issues[0]!.message).toBe(ChatMessages.tooLarge);
      await chat.send(room.id, { type: 'sticker', text: 'x' }).expect(400);
      await chat.send(room.id, { type: 'text', text: 'x', clientId: 'no' }).expect(400);

      expect(await countRows(api.db, 'chat_message')).toBe(before + 1);
    });

    it('takes images this API uploaded, refuses other addresses, and previews them as a photo', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366aa' } })
        .png()
        .toBuffer();
      const upload = await api
        .http()
        .post('/api/v1/upload')
        .set(bearer(host.token))
        .attach('image', png, { filename: 'a.png', contentType: 'image/png' })
        .expect(201);
      const imageUrl = upload.body.url as string;

      const sent = await chatAs(api, host).send(room.id, { type: 'image', imageUrl, text: ' the venue ' }).expect(201);
      expect(sent.body).toMatchObject({ type: 'image', imageUrl, text: 'the venue' });
      const uncaptioned = await chatAs(api, host).send(room.id, { type: 'image', imageUrl, text: '   ' }).expect(201);
      expect(uncaptioned.body).toMatchObject({ type: 'image', imageUrl, text: null });
      for (const foreign of ['https://evil.example.com/a.png', `${imageUrl.replace(/\/api\/v1\/.*/, '')}@evil.example.com/x.png`]) {
        await chatAs(api, host).send(room.id, { type: 'image', imageUrl: foreign }).expect(400);
      }
      const list = await chatAs(api, fans[0]!).rooms().expect(200);
      expect(list.body.rooms[0].lastMessage).toMatchObject({ type: 'image', preview: '📷 Photo' });
      // The uploads sweep asks whether a record shows the file: the chat answers for its images.
      const unused = randomUUID();
      expect(await api.app.get(ChatMediaReferences).referencedAmong([upload.body.id, unused])).toEqual(new Set([upload.body.id]));
    });

    it('keeps a closed room readable and refuses every write in it', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      await sendText(api, host, room.id, 'see you there');
      await api.db.query(`UPDATE chat_room SET status = 'closed', closed_at = now() WHERE id = $1`, [room.id]);

      const refused = await chatAs(api, fans[0]!).send(room.id, { type: 'text', text: 'is it off?' }).expect(409);
      expect(refused.body).toEqual({ error: ChatMessages.roomClosed, code: 'chat_room_closed' });
      const history = await chatAs(api, fans[0]!).messages(room.id).expect(200);
      expect(history.body.messages.map((message: MessageView) => message.text)).toEqual(['see you there']);
      expect((await chatAs(api, fans[0]!).room(room.id).expect(200)).body.status).toBe('closed');
      await chatAs(api, fans[0]!).read(room.id, 1).expect(200);
      expect((await chatAs(api, fans[0]!).unread().expect(200)).body.total).toBe(0);
    });

    it('names a deleted account’s messages "Deleted user"', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      await sendText(api, fans[0]!, room.id, 'bye all');
      await api.http().delete('/api/v1/users/me').set(bearer(fans[0]!.token)).expect(200);

      const history = await chatAs(api, host).messages(room.id).expect(200);
      expect(history.body.messages[0]).toMatchObject({
        senderId: fans[0]!.user.id,
        senderName: ChatMessages.deletedUser,
        senderPhotoUrl: null,
        text: 'bye all',
      });
      const list = await chatAs(api, host).rooms().expect(200);
      expect(list.body.rooms[0].lastMessage.senderName).toBe(ChatMessages.deletedUser);
    });
  });

  describe('polls', () => {
    async function pollRoom(fanCount: number) {
      const setup = await roomWithFans(api, fanCount);
      const sent = await chatAs(api, setup.host)
        .send(setup.room.id, { type: 'poll', text: ' Where do we meet? ', options: [' Gate A ', 'Gate B', 'Cafe'] })
        .expect(201);
      return { ...setup, poll: sent.body as MessageView };
    }

    it('creates a poll with empty options and moves a voter between them, never below zero', async () => {
      const { host, fans, room, poll } = await pollRoom(1);
      expect(poll).toMatchObject({ type: 'poll', text: 'Where do we meet?' });
      expect(poll.poll).toEqual({
        options: [
          { id: 'opt1', text: 'Gate A', votes: 0, voters: [] },
          { id: 'opt2', text: 'Gate B', votes: 0, voters: [] },
          { id: 'opt3', text: 'Cafe', votes: 0, voters: [] },
        ],
        totalVotes: 0,
      });
      const fan = chatAs(api, fans[0]!);
      const votes = (message: MessageView) => message.poll!.options.map((option) => option.votes);

      const first = await fan.vote(room.id, poll.id, ['opt1']).expect(200);
      expect(votes(first.body)).toEqual([1, 0, 0]);
      expect(first.body.poll.options[0].voters).toEqual([fans[0]!.user.id]);
      expect(votes((await fan.vote(room.id, poll.id, ['opt1']).expect(200)).body)).toEqual([1, 0, 0]);
      expect(votes((await fan.vote(room.id, poll.id, ['opt2']).expect(200)).body)).toEqual([0, 1, 0]);
      expect(votes((await chatAs(api, host).vote(room.id, poll.id, ['opt2', 'opt3']).expect(200)).body)).toEqual([0, 2, 1]);
      const withdrawn = await fan.vote(room.id, poll.id, []).expect(200);
      expect(votes(withdrawn.body)).toEqual([0, 1, 1]);
      expect(votes((await fan.vote(room.id, poll.id, []).expect(200)).body)).toEqual([0, 1, 1]);
      expect(withdrawn.body.poll.totalVotes).toBe(2);

      const history = await fan.messages(room.id).expect(200);
      expect(history.body.messages[0].poll).toEqual(withdrawn.body.poll);
      const list = await fan.rooms().expect(200);
      expect(list.body.rooms[0].lastMessage.preview).toBe('📊 Where do we meet?');
    });

    it('refuses votes on an unknown message, a message that is not a poll, and an option the poll lacks', async () => {
      const { host, fans, room, poll } = await pollRoom(1);
      const text = await sendText(api, host, room.id, 'plain');
      const fan = chatAs(api, fans[0]!);

      expect((await fan.vote(room.id, randomUUID(), ['opt1']).expect(404)).body).toEqual({
        error: ChatMessages.pollNotFound,
        code: 'chat_poll_not_found',
      });
      expect((await fan.vote(room.id, text.id, ['opt1']).expect(400)).body).toEqual({
        error: ChatMessages.notAPoll,
        code: 'chat_not_a_poll',
      });
      await fan.vote(room.id, poll.id, ['opt9']).expect(400);
      const other = await roomWithFans(api, 0);
      await chatAs(api, other.host).vote(other.room.id, poll.id, ['opt1']).expect(404);
      expect(
        (
          await chatAs(api, await signUp(api))
            .vote(room.id, poll.id, ['opt1'])
            .expect(403)
        ).body.error,
      ).toBe(ChatMessages.notMember);
      expect((await api.db.query('SELECT 1 FROM chat_poll_vote WHERE message_id = $1', [poll.id])).rows).toEqual([]);
    });

    it('counts no vote when the room closes while the vote is on its way', async () => {
      const { fans, room, poll } = await pollRoom(1);
      const repository = api.app.get(ChatRepository);
      const findMessage = repository.findMessage.bind(repository);
      // The event is cancelled between the vote's access check and its transaction.
      jest.spyOn(repository, 'findMessage').mockImplementationOnce(async (roomId, messageId) => {
        await api.db.query(`UPDATE chat_room SET status = 'closed', closed_at = now() WHERE id = $1`, [room.id]);
        return findMessage(roomId, messageId);
      });
      try {
        const refused = await chatAs(api, fans[0]!).vote(room.id, poll.id, ['opt1']).expect(409);
        expect(refused.body).toEqual({ error: ChatMessages.roomClosed, code: 'chat_room_closed' });
      } finally {
        jest.restoreAllMocks();
      }
      expect((await api.db.query('SELECT 1 FROM chat_poll_vote WHERE message_id = $1', [poll.id])).rows).toEqual([]);
    });

    it('counts 20 simultaneous voters exactly, and one person’s simultaneous votes once', async () => {
      const { host, fans, room, poll } = await pollRoom(19);
      const voters = [host, ...fans];
      await Promise.all(
        voters.map((voter, index) =>
          chatAs(api, voter)
            .vote(room.id, poll.id, [index % 2 === 0 ? 'opt1' : 'opt2'])
            .expect(200),
        ),
      );
      const counted = (await chatAs(api, host).messages(room.id).expect(200)).body.messages[0] as MessageView;
      expect(counted.poll!.options.map((option) => option.votes)).toEqual([10, 10, 0]);
      expect(counted.poll!.totalVotes).toBe(20);

      const fan = chatAs(api, fans[0]!);
      await Promise.all([['opt1'], ['opt2'], ['opt3'], ['opt1'], ['opt3']].map((choice) => fan.vote(room.id, poll.id, choice).expect(200)));
      const { rows } = await api.db.query('SELECT option_id FROM chat_poll_vote WHERE message_id = $1 AND user_id = $2', [
        poll.id,
        fans[0]!.user.id,
      ]);
      expect(rows).toHaveLength(1);
      const after = (await fan.messages(room.id).expect(200)).body.messages[0] as MessageView;
      expect(after.poll!.totalVotes).toBe(20);
    });
  });

  describe('history', () => {
    it('opens on the newest 100, loads 50 older at a time, and resyncs everything after a seq', async () => {
      const { host, room } = await roomWithFans(api, 1);
      await fillRoom(room.id, host.user.id, 160);
      const chat = chatAs(api, host);

      const newest = await chat.messages(room.id).expect(200);
      expect(seqs(newest.body.messages)).toEqual(range(61, 160));
      expect(newest.body).toMatchObject({ hasMore: true, lastSeq: 160 });

      const older = await chat.messages(room.id, '?before=61').expect(200);
      expect(seqs(older.body.messages)).toEqual(range(11, 60));
      expect(older.body.hasMore).toBe(true);
      const oldest = await chat.messages(room.id, '?before=11').expect(200);
      expect(seqs(oldest.body.messages)).toEqual(range(1, 10));
      expect(oldest.body.hasMore).toBe(false);

      const resync = await chat.messages(room.id, '?after=150').expect(200);
      expect(seqs(resync.body.messages)).toEqual(range(151, 160));
      expect((await chat.messages(room.id, '?after=160').expect(200)).body.messages).toEqual([]);
      const capped = await chat.messages(room.id, '?after=0&limit=30').expect(200);
      expect(seqs(capped.body.messages)).toEqual(range(1, 30));

      await chat.messages(room.id, '?before=0').expect(400);
      await chat.messages(room.id, `?limit=${ChatLimits.maxWindow + 1}`).expect(400);
    });

    it('reads archived messages with the rest, marked archived', async () => {
      const { host, room } = await roomWithFans(api, 1);
      await fillRoom(room.id, host.user.id, 120);
      await api.db.query(
        `WITH moved AS (DELETE FROM chat_message WHERE room_id = $1 AND seq <= 30 RETURNING *)
         INSERT INTO chat_message_archive (id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at)
         SELECT id, room_id, seq, sender_id, client_id, type, text, image_url, poll_options, created_at FROM moved`,
        [room.id],
      );
      await api.db.query('UPDATE chat_room SET archived_seq = 30 WHERE id = $1', [room.id]);

      const older = await chatAs(api, host).messages(room.id, '?before=41').expect(200);
      expect(seqs(older.body.messages)).toEqual(range(1, 40));
      expect(older.body.messages[0]).toMatchObject({ seq: 1, text: 'message 1', archived: true, senderName: 'Host Person' });
      expect(older.body.messages[35]).toMatchObject({ seq: 36, archived: false });
      expect(older.body.hasMore).toBe(false);
      expect((await chatAs(api, host).metrics(room.id).expect(200)).body).toMatchObject({ messageCount: 120, archivedCount: 30 });
    });
  });

  describe('receipts and unread counts', () => {
    it('moves each member’s marks forward only, capped at the last message, and derives each message’s status from them', async () => {
      const { host, fans, room } = await roomWithFans(api, 2);
      const [a, b] = fans as [(typeof fans)[0], (typeof fans)[0]];
      for (const text of ['one', 'two', 'three']) await sendText(api, host, room.id, text);
      const statuses = async () =>
        ((await chatAs(api, host).messages(room.id).expect(200)).body.messages as MessageView[]).map((m) => m.status);

      expect((await chatAs(api, a).unread().expect(200)).body).toMatchObject({ total: 3, rooms: [{ roomId: room.id, count: 3 }] });
      expect(await statuses()).toEqual(['sent', 'sent', 'sent']);

      const delivered = await chatAs(api, a).delivered(room.id, 3).expect(200);
      expect(delivered.body).toEqual({ roomId: room.id, userId: a.user.id, readSeq: 0, deliveredSeq: 3 });
      expect(await statuses()).toEqual(['sent', 'sent', 'sent']);
      await chatAs(api, b).delivered(room.id, 2).expect(200);
      expect(await statuses()).toEqual(['delivered', 'delivered', 'sent']);

      // Reading implies receiving; far past the end is capped at the last seq.
      expect((await chatAs(api, b).read(room.id, 99).expect(200)).body).toEqual({
        roomId: room.id,
        userId: b.user.id,
        readSeq: 3,
        deliveredSeq: 3,
      });
      await chatAs(api, a).read(room.id, 1).expect(200);
      expect(await statuses()).toEqual(['read', 'delivered', 'delivered']);
      // Marks never move back.
      expect((await chatAs(api, b).read(room.id, 1).expect(200)).body.readSeq).toBe(3);

      expect((await chatAs(api, a).unread().expect(200)).body.total).toBe(2);
      expect((await chatAs(api, b).unread().expect(200)).body.total).toBe(0);

      // Sending reads everything before it.
      const reply = await sendText(api, a, room.id, 'on my way');
      expect(reply.seq).toBe(4);
      expect((await chatAs(api, a).unread().expect(200)).body.total).toBe(0);
      expect(await statuses()).toEqual(['read', 'read', 'read', 'sent']);
      expect((await chatAs(api, host).unread().expect(200)).body.rooms[0]).toMatchObject({ roomId: room.id, count: 1 });

      const page = await chatAs(api, host).messages(room.id).expect(200);
      const byUser = (x: { userId: string }, y: { userId: string }) => x.userId.localeCompare(y.userId);
      expect([...page.body.receipts].sort(byUser)).toEqual(
        [
          { roomId: room.id, userId: host.user.id, readSeq: 3, deliveredSeq: 3 },
          { roomId: room.id, userId: a.user.id, readSeq: 4, deliveredSeq: 4 },
          { roomId: room.id, userId: b.user.id, readSeq: 3, deliveredSeq: 3 },
        ].sort(byUser),
      );
      await chatAs(api, a).read(room.id, -1).expect(400);
      expect(
        (
          await chatAs(api, await signUp(api))
            .read(room.id, 1)
            .expect(403)
        ).body.error,
      ).toBe(ChatMessages.notMember);
    });

    it('totals unread over open and closed rooms the person is still in', async () => {
      const first = await roomWithFans(api, 1);
      const fan = first.fans[0]!;
      const second = await roomWithFans(api, 0);
      const third = await roomWithFans(api, 0);
      for (const setup of [second, third]) await chatAs(api, setup.host).addMembers(setup.room.id, [fan.user.id]).expect(200);
      await sendText(api, first.host, first.room.id, 'a');
      await sendText(api, first.host, first.room.id, 'b');
      await sendText(api, second.host, second.room.id, 'c');
      await sendText(api, third.host, third.room.id, 'd');
      await api.db.query(`UPDATE chat_room SET status = 'closed' WHERE id = $1`, [second.room.id]);
      await chatAs(api, third.host).removeMember(third.room.id, fan.user.id).expect(204);

      const unread = await chatAs(api, fan).unread().expect(200);
      expect(unread.body.total).toBe(3);
      expect(unread.body.rooms.map((room: { roomId: string; count: number }) => [room.roomId, room.count])).toEqual([
        [second.room.id, 1],
        [first.room.id, 2],
      ]);
    });
  });
});
