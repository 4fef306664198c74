import { randomUUID } from 'node:crypto';
import { ChatLimits, type MessagePageView } from '../../api/src/contracts/chat.contract.js';
import { ChatPresence } from '../../api/src/modules/chat/gateway/chat-presence.service.js';
import { ChatAddAttendeeHandler } from '../../api/src/modules/chat/jobs/chat-add-attendee.job.js';
import { ChatArchiveHandler } from '../../api/src/modules/chat/jobs/chat-archive.job.js';
import { ChatCloseRoomHandler } from '../../api/src/modules/chat/jobs/chat-close-room.job.js';
import { ChatOpenRoomHandler } from '../../api/src/modules/chat/jobs/chat-open-room.job.js';
import { ChatRemoveAttendeeHandler } from '../../api/src/modules/chat/jobs/chat-remove-attendee.job.js';
import { ChatPushSweepHandler } from '../../api/src/modules/chat/jobs/chat-push-sweep.job.js';
import { sendText } from '../support/chat-rest.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide } from '../support/join-flow.js';
import { browserSubscription, chatPushesTo } from '../support/push-devices.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * The chat's workers, run in this process as the workers would run them: membership work found
 * again after its job was lost, pushes to members who are away (batched per room, kept out of the
 * inbox), and the archive of old messages.
 */
describe('chat jobs: membership, pushes and the archive', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  /** A host's event with these fans accepted, its room made by the workers: the room id. */
  async function eventRoom(host: SignedUp, fans: SignedUp[], title: string): Promise<string> {
    const event = await createEvent(api, host, { title, min_bid: 0 });
    for (const fan of fans) await decide(api, host, await applyFree(api, fan, event.id), 'accept').expect(200);
    await runPendingJobs(api);
    const { rows } = await api.db.query<{ id: string }>('SELECT id FROM chat_room WHERE event_id = $1', [event.id]);
    expect(rows).toHaveLength(1);
    return rows[0]!.id;
  }

  const send = (who: SignedUp, roomId: string, text: string) => sendText(api, who, roomId, text);

  const withDevice = async (who: SignedUp) => {
    await api
      .http()
      .post('/api/v1/notifications/devices')
      .set(bearer(who.token))
      .send({ kind: 'webpush', subscription: browserSubscription() })
      .expect(201);
    return who;
  };

  const chatPushes = (who: SignedUp) => chatPushesTo(api.db, who.user.id);

  const inbox = async (who: SignedUp) => {
    const list = await api.http().get('/api/v1/notifications').set(bearer(who.token)).expect(200);
    const count = await api.http().get('/api/v1/notifications/unread-count').set(bearer(who.token)).expect(200);
    const unread = await api.http().get('/api/v1/notifications/unread').set(bearer(who.token)).expect(200);
    return { list: list.body, count: count.body, unread: unread.body };
  };

  /** The batch window passes for everyone in the room (as if a minute went by). */
  async function windowPasses(roomId: string) {
    const earlier = `now() - make_interval(secs => ${ChatLimits.pushBatchMs / 1000 + 1})`;
    await api.db.query(`UPDATE chat_member SET pushed_at = ${earlier} WHERE room_id = $1 AND pushed_at IS NOT NULL`, [roomId]);
    await api.db.query(`UPDATE chat_room SET last_message_at = ${earlier} WHERE id = $1`, [roomId]);
  }

  const sweep = async () => {
    await api.app.get(ChatPushSweepHandler).handle();
    await runPendingJobs(api);
  };

  describe('membership work a lost job left (findDue)', () => {
    /** The outbox events of this type are marked published without their jobs running: Redis lost them. */
    const loseJobs = (type: string) =>
      api.db.query('UPDATE outbox_event SET published_at = now() WHERE type = $1 AND published_at IS NULL', [type]);
    const isMember = async (who: SignedUp, roomId: string) =>
      (await api.http().get(`/api/v1/chat/rooms/${roomId}/membership`).set(bearer(who.token)).expect(200)).body.is_member as boolean;

    it('finds rooms, attendees to add and to remove, and rooms to close, a minute after the change, and nothing once done', async () => {
      const host = await signUpHost(api, { name: 'Lost Host' });
      const opener = api.app.get(ChatOpenRoomHandler);
      const event = await createEvent(api, host, { title: 'Lost and found', min_bid: 0 });
      await loseJobs('event.published');
      expect(await opener.findDue(100)).not.toContainEqual({ eventId: event.id });
      await api.db.query(`UPDATE event SET created_at = now() - interval '2 minutes' WHERE id = $1`, [event.id]);
      expect(await opener.findDue(100)).toContainEqual({ eventId: event.id });
      await opener.handle({ eventId: event.id, outboxId: randomUUID() });
      expect(await opener.findDue(100)).not.toContainEqual({ eventId: event.id });
      const { rows } = await api.db.query<{ id: string }>('SELECT id FROM chat_room WHERE event_id = $1', [event.id]);
      const roomId = rows[0]!.id;

      const fan = await signUp(api, { name: 'Lost Fan' });
      const applicationId = await applyFree(api, fan, event.id);
      await decide(api, host, applicationId, 'accept').expect(200);
      await loseJobs('application.accepted');
      await runPendingJobs(api);
      const adder = api.app.get(ChatAddAttendeeHandler);
      const accepted = { applicationId, eventId: event.id, fanId: fan.user.id };
      expect(await adder.findDue(100)).not.toContainEqual(accepted);
      await api.db.query(`UPDATE application SET decided_at = now() - interval '2 minutes' WHERE id = $1`, [applicationId]);
      expect(await adder.findDue(100)).toContainEqual(accepted);
      await adder.handle({ ...accepted, outboxId: randomUUID() });
      expect(await isMember(fan, roomId)).toBe(true);
      expect(await adder.findDue(100)).not.toContainEqual(accepted);

      // The host removes the fan: no member row is missing, so nothing adds them back.
      await api.http().delete(`/api/v1/chat/rooms/${roomId}/members/${fan.user.id}`).set(bearer(host.token)).expect(204);
      expect(await adder.findDue(100)).not.toContainEqual(accepted);
      await adder.handle({ ...accepted, outboxId: randomUUID() });
      expect(await isMember(fan, roomId)).toBe(false);

      // An accepted application that ends while the event stands takes its fan out.
      const other = await signUp(api, { name: 'Other Fan' });
      const otherApplication = await applyFree(api, other, event.id);
      await decide(api, host, otherApplication, 'accept').expect(200);
      await runPendingJobs(api);
      expect(await isMember(other, roomId)).toBe(true);
      await api.db.query(`UPDATE application SET status = 'cancelled', updated_at = now() - interval '2 minutes' WHERE id = $1`, [
        otherApplication,
      ]);
      const remover = api.app.get(ChatRemoveAttendeeHandler);
      const ended = { applicationId: otherApplication, eventId: event.id, fanId: other.user.id };
      expect(await remover.findDue(100)).toContainEqual(ended);
      await remover.handle({ ...ended, outboxId: randomUUID() });
      expect(await isMember(other, roomId)).toBe(false);
      expect(await remover.findDue(100)).not.toContainEqual(ended);

      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
      await loseJobs('event.cancelled');
      await api.db.query(`UPDATE event SET cancelled_at = now() - interval '2 minutes' WHERE id = $1`, [event.id]);
      const closer = api.app.get(ChatCloseRoomHandler);
      expect(await closer.findDue(100)).toContainEqual({ eventId: event.id });
      await closer.handle({ eventId: event.id, outboxId: randomUUID() });
      expect(await closer.findDue(100)).not.toContainEqual({ eventId: event.id });
      expect((await api.http().get(`/api/v1/chat/rooms/${roomId}`).set(bearer(host.token)).expect(200)).body.status).toBe('closed');
    });

    it('does not add a fan whose application ended before the job ran', async () => {
      const host = await signUpHost(api, { name: 'Late Host' });
      const fan = await signUp(api, { name: 'Late Fan' });
      const roomId = await eventRoom(host, [], 'Too late');
      const { rows } = await api.db.query<{ event_id: string }>('SELECT event_id FROM chat_room WHERE id = $1', [roomId]);
      const applicationId = await applyFree(api, fan, rows[0]!.event_id);
      await decide(api, host, applicationId, 'accept').expect(200);
      await api.db.query(`UPDATE application SET status = 'cancelled' WHERE id = $1`, [applicationId]);
      await runPendingJobs(api);
      expect(await isMember(fan, roomId)).toBe(false);
    });
  });

  describe('pushes', () => {
    it('pushes members who are away once per batch window, never those online, and leaves the inbox alone', async () => {
      const host = await withDevice(await signUpHost(api, { name: 'Asha Host' }));
      const away = await withDevice(await signUp(api, { name: 'Away Fan' }));
      const online = await withDevice(await signUp(api, { name: 'Online Fan' }));
      const roomId = await eventRoom(host, [away, online], 'Jazz night');
      const inboxBefore = await inbox(away);
      const presence = api.app.get(ChatPresence);
      await presence.touch(online.user.id, 'test-connection');

      await send(host, roomId, 'Doors open at 7');
      await runPendingJobs(api);
      expect(await chatPushes(away)).toEqual([{ title: 'Jazz night', body: 'Asha Host: Doors open at 7', link: `/chat/${roomId}` }]);
      expect(await chatPushes(online)).toEqual([]);
      expect(await chatPushes(host)).toEqual([]);

      // Within the window: no second push, however often the jobs and the sweep run.
      await send(host, roomId, 'Bring a friend');
      await send(host, roomId, 'Bar opens at 8');
      await runPendingJobs(api);
      await sweep();
      expect(await chatPushes(away)).toHaveLength(1);

      // The window passes: one push covers both messages.
      await windowPasses(roomId);
      await sweep();
      expect(await chatPushes(away)).toEqual([
        { title: 'Jazz night', body: 'Asha Host: Doors open at 7', link: `/chat/${roomId}` },
        { title: 'Jazz night', body: '2 new messages in Jazz night', link: `/chat/${roomId}` },
      ]);
      await windowPasses(roomId);
      await sweep();
      expect(await chatPushes(away)).toHaveLength(2);

      // Online when the messages came: told live, never pushed later (even once they go away).
      await presence.drop(online.user.id, 'test-connection');
      await windowPasses(roomId);
      await sweep();
      expect(await chatPushes(online)).toEqual([]);
      expect(await chatPushes(host)).toEqual([]);

      // Chat pushes are a separate kind: the inbox lists and counts exactly what it did.
      expect(await inbox(away)).toEqual(inboxBefore);
      await api.http().post('/api/v1/notifications/read-all').set(bearer(away.token)).expect(200);
      const { rows } = await api.db.query(`SELECT read_at FROM notification WHERE user_id = $1 AND type = 'chat_message'`, [away.user.id]);
      expect(rows).toEqual([{ read_at: null }, { read_at: null }]);
    });

    it('never pushes later what came while the member was online, even inside their batch window', async () => {
      const host = await withDevice(await signUpHost(api, { name: 'Ravi Host' }));
      const fan = await withDevice(await signUp(api, { name: 'Coming and going' }));
      const roomId = await eventRoom(host, [fan], 'Book club');
      const presence = api.app.get(ChatPresence);

      await send(host, roomId, 'Chapter one tonight');
      await runPendingJobs(api);
      await presence.touch(fan.user.id, 'phone');
      await send(host, roomId, 'Starting now');
      await runPendingJobs(api);
      await presence.drop(fan.user.id, 'phone');
      await windowPasses(roomId);
      await sweep();
      await send(host, roomId, 'Chapter two next week');
      await runPendingJobs(api);

      expect((await chatPushes(fan)).map((push) => push.body)).toEqual([
        'Ravi Host: Chapter one tonight',
        'Ravi Host: Chapter two next week',
      ]);
    });

    it('pushes nobody who has read the messages or left the room', async () => {
      const host = await withDevice(await signUpHost(api, { name: 'Host Person' }));
      const reader = await withDevice(await signUp(api, { name: 'Reader' }));
      const leaver = await withDevice(await signUp(api, { name: 'Leaver' }));
      const roomId = await eventRoom(host, [reader, leaver], 'Pottery');
      await api.http().delete(`/api/v1/chat/rooms/${roomId}/leave`).set(bearer(leaver.token)).expect(204);

      await send(host, roomId, 'Clay is here');
      await api.http().post(`/api/v1/chat/rooms/${roomId}/read`).set(bearer(reader.token)).send({ seq: 1 }).expect(200);
      await runPendingJobs(api);
      await windowPasses(roomId);
      await sweep();

      expect(await chatPushes(reader)).toEqual([]);
      expect(await chatPushes(leaver)).toEqual([]);
    });
  });

  describe('archive', () => {
    const OLD = ChatLimits.archiveAbove + 150;
    const RECENT = 5;

    it('moves old messages of a busy room to the archive, still readable, and a rerun changes nothing', async () => {
      const host = await signUpHost(api, { name: 'Busy Host' });
      const roomId = await eventRoom(host, [], 'Busy room');
      await api.db.query(
        `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text, created_at)
         SELECT $1, n, $2, 'seed-' || n, 'text', 'message ' || n,
                now() - make_interval(days => $3) + make_interval(secs => n)
           FROM generate_series(1, $4::int) AS n`,
        [roomId, host.user.id, ChatLimits.archiveAgeDays + 10, OLD],
      );
      await api.db.query(
        `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text)
         SELECT $1, n, $2, 'seed-' || n, 'text', 'message ' || n FROM generate_series($3::int + 1, $3::int + $4::int) AS n`,
        [roomId, host.user.id, OLD, RECENT],
      );
      await api.db.query('UPDATE chat_room SET last_seq = $2, last_message_at = now() WHERE id = $1', [roomId, OLD + RECENT]);
      await api.db.query('UPDATE chat_member SET read_seq = $2, delivered_seq = $2 WHERE room_id = $1', [roomId, OLD + RECENT]);

      const archiver = api.app.get(ChatArchiveHandler);
      expect(await archiver.run()).toEqual({ rooms: 1, moved: OLD });
      const counts = async () =>
        (
          await api.db.query(
            `SELECT (SELECT count(*)::int FROM chat_message WHERE room_id = $1) AS live,
                    (SELECT count(*)::int FROM chat_message_archive WHERE room_id = $1) AS archived,
                    (SELECT archived_seq::int FROM chat_room WHERE id = $1) AS archived_seq`,
            [roomId],
          )
        ).rows[0];
      expect(await counts()).toEqual({ live: RECENT, archived: OLD, archived_seq: OLD });

      // History reads across both tables, the archived ones marked.
      const page = async (query: string) =>
        (await api.http().get(`/api/v1/chat/rooms/${roomId}/messages?${query}`).set(bearer(host.token)).expect(200))
          .body as MessagePageView;
      const newest = await page('limit=10');
      expect(newest.messages.map((message) => [message.seq, message.archived])).toEqual([
        ...Array.from({ length: 5 }, (_, index) => [OLD - 4 + index, true]),
        ...Array.from({ length: RECENT }, (_, index) => [OLD + 1 + index, false]),
      ]);
      const first = await page('before=3&limit=50');
      expect(first.messages.map((message) => [message.seq, message.text, message.archived])).toEqual([
        [1, 'message 1', true],
        [2, 'message 2', true],
      ]);
      expect(first.hasMore).toBe(false);

      expect(await archiver.run()).toEqual({ rooms: 0, moved: 0 });
      expect(await counts()).toEqual({ live: RECENT, archived: OLD, archived_seq: OLD });
    });

    it('leaves quiet rooms and recent messages alone', async () => {
      const host = await signUpHost(api, { name: 'Quiet Host' });
      const roomId = await eventRoom(host, [], 'Quiet room');
      await api.db.query(
        `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text, created_at)
         SELECT $1, n, $2, 'seed-' || n, 'text', 'old ' || n, now() - interval '90 days' FROM generate_series(1, 20) AS n`,
        [roomId, host.user.id],
      );
      await api.db.query('UPDATE chat_room SET last_seq = 20 WHERE id = $1', [roomId]);
      expect((await api.app.get(ChatArchiveHandler).run()).moved).toBe(0);
      const { rows } = await api.db.query('SELECT count(*)::int AS n FROM chat_message_archive WHERE room_id = $1', [roomId]);
      expect(rows[0].n).toBe(0);
    });
  });
});
