import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ChatLimits, ChatMessages, type MessageView, type ReceiptView } from '../../api/src/contracts/chat.contract.js';
import { ChatService } from '../../api/src/modules/chat/chat.service.js';
import { ChatPresence } from '../../api/src/modules/chat/gateway/chat-presence.service.js';
import { chatAs, roomWithFans, sendText, type ChatRoomSetup } from '../support/chat-rest.js';
import {
  chatClient,
  closeAll,
  connect,
  openChat,
  recordEvents,
  startSecondInstance,
  waitForDisconnect,
  waitForEvent,
  type ChatClient,
} from '../support/chat-socket.js';
import { bearer, signUp, type SignedUp } from '../support/factories.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const ACK_MS = 5_000;
const SEND_BURST = 40;
/** In a storm, connections, joins and sends queue inside the server: each is answered, if later than a lone one. */
const STORM_ACK_MS = 30_000;

/** Sends a text over the socket and answers the ack as it came. */
const sendOver = (socket: ChatClient, roomId: string, text: string, clientId: string = randomUUID(), ackMs = ACK_MS) =>
  socket.timeout(ackMs).emitWithAck('message:send', { roomId, type: 'text', clientId, text });

const join = (socket: ChatClient, roomId: string, lastSeq?: number) =>
  socket.timeout(ACK_MS).emitWithAck('room:join', lastSeq === undefined ? { roomId } : { roomId, lastSeq });

/** The ack's message, failing the test with the refusal when there is none. */
function stored(answer: Awaited<ReturnType<typeof sendOver>>): MessageView {
  if (!answer.ok) throw new Error(`the send was refused: ${answer.error}`);
  return answer.message;
}

describe('chat gateway (socket.io on the API)', () => {
  let api: TestApi;
  let url: string;
  const sockets: ChatClient[] = [];
  /** A connected client, closed after the test. */
  const open = async (token: string) => {
    const socket = await openChat(url, token);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    // Room for the tests that send thirty messages in a row; the send-rate test uses this burst.
    api = await startTestApi({ CHAT_SEND_BURST: String(SEND_BURST) });
    url = await api.baseUrl();
  });
  afterEach(() => {
    closeAll(...sockets.splice(0));
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('connecting', () => {
    it('refuses a connection without a token or with one that is not a live session', async () => {
      await expect(connect(chatClient(url, undefined))).rejects.toThrow(ChatMessages.notAuthenticated);
      await expect(connect(chatClient(url, 'not-a-session-token'))).rejects.toThrow(ChatMessages.notAuthenticated);
      await expect(connect(chatClient(url, 'not-a-session-token', { asHeader: true }))).rejects.toThrow(ChatMessages.notAuthenticated);
    });

    it('accepts the bearer token in auth.token or in the Authorization header (the web server proxy)', async () => {
      const person = await signUp(api);
      const byAuth = await open(person.token);
      const byHeader = await connect(chatClient(url, person.token, { asHeader: true }));
      sockets.push(byHeader);
      expect([byAuth.connected, byHeader.connected]).toEqual([true, true]);
    });

    it('stops acting for a session that logged out: the connection is closed, and its token cannot connect again', async () => {
      const { fans, room } = await roomWithFans(api, 1);
      const fan = await open(fans[0]!.token);
      expect(stored(await sendOver(fan, room.id, 'before logout')).text).toBe('before logout');

      const closed = waitForDisconnect(fan);
      await api.http().post('/api/v1/auth/logout').set(bearer(fans[0]!.token)).expect(200);
      expect(await closed).toBe('io server disconnect');
      await expect(connect(chatClient(url, fans[0]!.token))).rejects.toThrow(ChatMessages.notAuthenticated);
      const { rows } = await api.db.query('SELECT text FROM chat_message WHERE room_id = $1 ORDER BY seq', [room.id]);
      expect(rows.map((row: { text: string }) => row.text)).toEqual(['before logout']);
    });
  });

  describe('membership', () => {
    it('lets only members join a room, and says why not', async () => {
      const { room } = await roomWithFans(api, 1);
      const outsider = await open((await signUp(api)).token);

      expect(await join(outsider, room.id)).toEqual({ ok: false, error: ChatMessages.notMember, code: 'chat_not_member' });
      expect(await join(outsider, randomUUID())).toEqual({ ok: false, error: ChatMessages.roomNotFound, code: 'chat_room_not_found' });
      expect(await outsider.timeout(ACK_MS).emitWithAck('room:join', {} as never)).toEqual({
        ok: false,
        error: ChatMessages.noRoomId,
        code: 'validation',
      });
      expect(await sendOver(outsider, room.id, 'let me in')).toEqual({ ok: false, error: ChatMessages.notMember, code: 'chat_not_member' });
    });

    it('tells a removed member at once, and refuses their next message', async () => {
      const { host, fans, room } = await roomWithFans(api, 2);
      const [hostSocket, removed, staying] = await Promise.all([open(host.token), open(fans[0]!.token), open(fans[1]!.token)]);
      for (const socket of [hostSocket, removed, staying]) expect((await join(socket, room.id)).ok).toBe(true);
      const heardAfterRemoval = recordEvents(removed, 'message:new');

      const told = waitForEvent(removed, 'room:removed');
      await chatAs(api, host).removeMember(room.id, fans[0]!.user.id).expect(204);
      expect(await told).toEqual({ roomId: room.id, message: ChatMessages.notMember });
      heardAfterRemoval.length = 0;

      expect(await sendOver(removed, room.id, 'still here?')).toEqual({
        ok: false,
        error: ChatMessages.notMember,
        code: 'chat_not_member',
      });
      const reachedStaying = waitForEvent(staying, 'message:new');
      stored(await sendOver(hostSocket, room.id, 'only for members'));
      await reachedStaying;
      expect(heardAfterRemoval).toEqual([]);
    });

    it('stops a connection that read its rooms just before its person was removed from hearing the room', async () => {
      const { host, fans, room } = await roomWithFans(api, 2);
      const [removed, staying] = fans as [SignedUp, SignedUp];
      const chat = api.app.get(ChatService);
      // The connection's rooms were read an instant before the removal committed: the room is among them.
      const readBeforeRemoval = await chat.roomIdsOf(removed.user.id);
      expect(readBeforeRemoval).toContain(room.id);
      await chatAs(api, host).removeMember(room.id, removed.user.id).expect(204);
      const read = chat.roomIdsOf.bind(chat);
      let readsOfRemoved = 0;
      let secondRead: Promise<string[]> | undefined;
      const rooms = jest.spyOn(chat, 'roomIdsOf').mockImplementation((userId: string) => {
        if (userId !== removed.user.id) return read(userId);
        readsOfRemoved += 1;
        if (readsOfRemoved === 1) return Promise.resolve(readBeforeRemoval);
        secondRead ??= read(userId);
        return secondRead;
      });
      let removedSocket: ChatClient;
      try {
        removedSocket = await open(removed.token);
        // Read again once the connection's feeds are joined.
        await waitUntil(async () => secondRead, 'the rooms to be read again');
        await secondRead;
      } finally {
        rooms.mockRestore();
      }
      await new Promise((resolve) => setImmediate(resolve));
      const [hostSocket, stayingSocket] = await Promise.all([open(host.token), open(staying.token)]);
      const heardByRemoved = recordEvents(removedSocket, 'room:activity');

      const reachedStaying = waitForEvent(stayingSocket, 'room:activity');
      stored(await sendOver(hostSocket, room.id, 'Members only: the gate code is 4321'));
      await reachedStaying;
      expect(heardByRemoved).toEqual([]);
    });
  });

  it("adds a connected person's sockets to the room's feed when the host adds them, and tells everyone when the room is deleted", async () => {
    const { host, room } = await roomWithFans(api, 1);
    const newcomer = await signUp(api, { name: 'Newcomer' });
    const [hostSocket, newcomerSocket] = await Promise.all([open(host.token), open(newcomer.token)]);
    expect((await join(hostSocket, room.id)).ok).toBe(true);

    const told = waitForEvent(newcomerSocket, 'room:updated', (update) => update.roomId === room.id);
    await chatAs(api, host).addMembers(room.id, [newcomer.user.id]).expect(200);
    await told;
    const activity = waitForEvent(newcomerSocket, 'room:activity', (update) => update.roomId === room.id);
    const message = stored(await sendOver(hostSocket, room.id, 'Welcome!'));
    expect((await activity).lastMessage.id).toBe(message.id);
    expect((await join(newcomerSocket, room.id)).ok).toBe(true);

    const removals = [hostSocket, newcomerSocket].map((socket) =>
      waitForEvent(socket, 'room:removed', (removal) => removal.roomId === room.id),
    );
    await chatAs(api, host).deleteRoom(room.id).expect(204);
    for (const removal of await Promise.all(removals)) expect(removal).toEqual({ roomId: room.id, message: ChatMessages.notMember });
    expect(await sendOver(hostSocket, room.id, 'anyone?')).toEqual({
      ok: false,
      error: ChatMessages.roomNotFound,
      code: 'chat_room_not_found',
    });
  });

  describe('messages', () => {
    let setup: ChatRoomSetup;
    beforeEach(async () => {
      setup = await roomWithFans(api, 2);
    });

    it("delivers a message to the room at once, and its activity to the members' connections without the room open", async () => {
      const { host, fans, room } = setup;
      const [hostSocket, reader, elsewhere] = await Promise.all([open(host.token), open(fans[0]!.token), open(fans[1]!.token)]);
      await join(hostSocket, room.id);
      await join(reader, room.id);
      const notInRoom = recordEvents(elsewhere, 'message:new');
      const activityInRoom = recordEvents(reader, 'room:activity');

      const arrived = waitForEvent(reader, 'message:new');
      const activity = waitForEvent(elsewhere, 'room:activity');
      const answer = await sendOver(hostSocket, room.id, '  Doors open at 7  ');

      const message = stored(answer);
      expect(message).toMatchObject({
        roomId: room.id,
        seq: 1,
        senderId: host.user.id,
        senderName: 'Host Person',
        type: 'text',
        text: 'Doors open at 7',
      });
      expect(await arrived).toEqual(message);
      expect(await activity).toMatchObject({ roomId: room.id, lastSeq: 1, lastMessage: { id: message.id, preview: 'Doors open at 7' } });
      expect(notInRoom).toEqual([]);
      // The reader has the message itself. Had the activity gone to it too, it would have come before the next message.
      const next = waitForEvent(reader, 'message:new', (later) => later.seq === 2);
      stored(await sendOver(hostSocket, room.id, 'See you there'));
      await next;
      expect(activityInRoom).toEqual([]);
    });

    it('stores a retried send (same clientId) once, and delivers it once', async () => {
      const { host, fans, room } = setup;
      const [hostSocket, reader] = await Promise.all([open(host.token), open(fans[0]!.token)]);
      await join(reader, room.id);
      const heard = recordEvents(reader, 'message:new');
      const clientId = randomUUID();

      const first = stored(await sendOver(hostSocket, room.id, 'Bring water', clientId));
      const retry = stored(await sendOver(hostSocket, room.id, 'Bring water', clientId));
      const marker = waitForEvent(reader, 'message:new', (message) => message.text === 'marker');
      stored(await sendOver(hostSocket, room.id, 'marker'));
      await marker;

      expect(retry.id).toBe(first.id);
      expect(heard.map((message) => message.text)).toEqual(['Bring water', 'marker']);
      const { rows } = await api.db.query('SELECT count(*)::int AS count FROM chat_message WHERE room_id = $1', [room.id]);
      expect(rows[0].count).toBe(2);
    });

    it("answers the spec's messages for text that is too long or too large, and stores nothing", async () => {
      const { host, room } = setup;
      const hostSocket = await open(host.token);
      expect(await sendOver(hostSocket, room.id, 'x'.repeat(ChatLimits.maxTextLength + 1))).toEqual({
        ok: false,
        error: ChatMessages.tooLong,
        code: 'chat_message_too_long',
      });
      expect(await sendOver(hostSocket, room.id, 'y'.repeat(ChatLimits.maxMessageBytes + 1))).toEqual({
        ok: false,
        error: ChatMessages.tooLarge,
        code: 'chat_message_too_large',
      });
      expect(hostSocket.connected).toBe(true);
      const { rows } = await api.db.query('SELECT count(*)::int AS count FROM chat_message WHERE room_id = $1', [room.id]);
      expect(rows[0].count).toBe(0);
    });

    it('tells the sender when the other members received and read the message', async () => {
      const { host, fans, room } = setup;
      const [hostSocket, reader] = await Promise.all([open(host.token), open(fans[0]!.token)]);
      await join(hostSocket, room.id);
      await join(reader, room.id);
      const message = stored(await sendOver(hostSocket, room.id, 'Who is coming?'));

      const readerReceipt = (batch: ReceiptView[]) => batch.find((receipt) => receipt.userId === fans[0]!.user.id);
      const delivered = waitForEvent(hostSocket, 'receipts', (batch) => readerReceipt(batch)?.deliveredSeq === message.seq);
      expect(await reader.timeout(ACK_MS).emitWithAck('messages:delivered', { roomId: room.id, seq: message.seq })).toMatchObject({
        ok: true,
      });
      expect(readerReceipt(await delivered)).toMatchObject({ roomId: room.id, userId: fans[0]!.user.id, deliveredSeq: 1 });

      const read = waitForEvent(hostSocket, 'receipts', (batch) => readerReceipt(batch)?.readSeq === message.seq);
      const unread = waitForEvent(reader, 'unread', (view) => view.roomId === room.id);
      expect(await reader.timeout(ACK_MS).emitWithAck('messages:read', { roomId: room.id, seq: message.seq })).toMatchObject({ ok: true });
      expect(readerReceipt(await read)).toMatchObject({ roomId: room.id, userId: fans[0]!.user.id, readSeq: 1 });
      expect(await unread).toMatchObject({ roomId: room.id, count: 0 });
    });

    it('loads older pages, and takes poll votes that reach the room', async () => {
      const { host, fans, room } = setup;
      const [hostSocket, voter] = await Promise.all([open(host.token), open(fans[0]!.token)]);
      for (const text of ['one', 'two', 'three']) await sendText(api, host, room.id, text);
      const older = await voter.timeout(ACK_MS).emitWithAck('messages:older', { roomId: room.id, before: 3 });
      if (!older.ok) throw new Error(older.error);
      expect(older.page.messages.map((message: MessageView) => message.text)).toEqual(['one', 'two']);
      expect(older.page.hasMore).toBe(false);

      await join(hostSocket, room.id);
      const poll = stored(
        await hostSocket.timeout(ACK_MS).emitWithAck('message:send', {
          roomId: room.id,
          type: 'poll',
          clientId: randomUUID(),
          text: 'Which day?',
          options: ['Sat', 'Sun'],
        }),
      );
      const saturday = poll.poll!.options[0]!.id;
      const updated = waitForEvent(hostSocket, 'message:updated', (message) => message.id === poll.id);
      const voted = await voter.timeout(ACK_MS).emitWithAck('poll:vote', { roomId: room.id, messageId: poll.id, optionIds: [saturday] });
      expect(voted).toMatchObject({ ok: true, message: { id: poll.id, poll: { totalVotes: 1 } } });
      expect((await updated).poll!.options[0]).toMatchObject({ id: saturday, votes: 1, voters: [fans[0]!.user.id] });

      const text = stored(await sendOver(hostSocket, room.id, 'not a poll'));
      expect(await voter.timeout(ACK_MS).emitWithAck('poll:vote', { roomId: room.id, messageId: 'nope', optionIds: [] })).toEqual({
        ok: false,
        error: ChatMessages.pollNotFound,
        code: 'chat_poll_not_found',
      });
      expect(await voter.timeout(ACK_MS).emitWithAck('poll:vote', { roomId: room.id, messageId: text.id, optionIds: [] })).toEqual({
        ok: false,
        error: ChatMessages.notAPoll,
        code: 'chat_not_a_poll',
      });
    });

    it('gives a reconnecting client exactly the messages it missed, once', async () => {
      const { host, fans, room } = setup;
      const reader = await open(fans[0]!.token);
      const joined = await join(reader, room.id);
      if (!joined.ok) throw new Error(joined.error);
      const arrived = waitForEvent(reader, 'message:new');
      await sendText(api, host, room.id, 'before the tunnel');
      const seen = await arrived;
      reader.disconnect();

      for (let index = 1; index <= 30; index += 1) await sendText(api, host, room.id, `missed ${index}`);

      const back = await open(fans[0]!.token);
      const resync = await join(back, room.id, seen.seq);
      if (!resync.ok) throw new Error(resync.error);
      expect(resync.page.messages.map((message: MessageView) => message.text)).toEqual(
        Array.from({ length: 30 }, (_, index) => `missed ${index + 1}`),
      );
      expect(resync.page.lastSeq).toBe(31);
    });
  });

  describe('typing and presence', () => {
    it('shows a typer to the room, then drops them when the indicator lapses', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      const [hostSocket, typer] = await Promise.all([open(host.token), open(fans[0]!.token)]);
      await join(hostSocket, room.id);
      const typingEvents = recordEvents(hostSocket, 'typing');

      const shown = waitForEvent(hostSocket, 'typing', (typing) => typing.users.length === 1);
      typer.emit('typing', { roomId: room.id, isTyping: true });
      typer.emit('typing', { roomId: room.id, isTyping: true });
      const typing = await shown;
      expect(typing).toMatchObject({ roomId: room.id, users: [{ userId: fans[0]!.user.id, userName: 'Fan 1' }] });

      const lapsed = await waitForEvent(hostSocket, 'typing', (view) => view.users.length === 0, ChatLimits.typingTtlMs + 3_000);
      expect(lapsed).toEqual({ roomId: room.id, users: [] });
      // The repeat within the throttle was not announced again.
      expect(typingEvents.map((view) => view.users.length)).toEqual([1, 0]);
    });

    it('announces a member online and then offline with when they were last seen', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      const hostSocket = await open(host.token);

      const online = waitForEvent(hostSocket, 'presence', (presence) => presence.userId === fans[0]!.user.id && presence.isOnline);
      const fan = await open(fans[0]!.token);
      await online;
      const joined = await join(hostSocket, room.id);
      if (!joined.ok) throw new Error(joined.error);
      expect(joined.presence).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ userId: host.user.id, isOnline: true }),
          expect.objectContaining({ userId: fans[0]!.user.id, isOnline: true }),
        ]),
      );

      const offline = waitForEvent(hostSocket, 'presence', (presence) => presence.userId === fans[0]!.user.id && !presence.isOnline);
      const before = Date.now();
      fan.disconnect();
      const gone = await offline;
      expect(Date.parse(gone.lastSeen!)).toBeGreaterThanOrEqual(before - 1_000);
    });
  });

  describe('presence when an instance vanishes', () => {
    it('counts a person offline once their connections lapse, and the sweep names them once', async () => {
      const presence = api.app.get(ChatPresence);
      const person = randomUUID();
      const connectedAt = Date.now();
      expect(await presence.touch(person, 'connection-on-a-crashed-instance', connectedAt)).toBe(true);
      expect(await presence.onlineAmong([person, randomUUID()], connectedAt + 1)).toEqual(new Set([person]));

      const lapsed = connectedAt + ChatLimits.presenceTtlMs + 1;
      expect(await presence.onlineAmong([person], lapsed)).toEqual(new Set());
      // Other tests' people may lapse here too; only whether this one is named matters.
      expect(await presence.sweepLapsed(lapsed)).toContain(person);
      expect(await presence.sweepLapsed(lapsed)).not.toContain(person);
    });
  });

  describe('two API instances on one Redis', () => {
    it('delivers a message sent through one instance to a socket on the other', async () => {
      const second = await startSecondInstance(api);
      try {
        const { host, fans, room } = await roomWithFans(api, 1);
        const hostSocket = await open(host.token);
        const farReader = await openChat(second.url, fans[0]!.token);
        // The same fan's room list in another tab: not in the room, it hears the room's activity instead.
        const farList = await openChat(second.url, fans[0]!.token);
        sockets.push(farReader, farList);
        expect((await join(farReader, room.id)).ok).toBe(true);

        const arrived = waitForEvent(farReader, 'message:new');
        const activity = waitForEvent(farList, 'room:activity');
        const message = stored(await sendOver(hostSocket, room.id, 'Across instances'));
        expect(await arrived).toEqual(message);
        expect((await activity).lastSeq).toBe(message.seq);

        // An instance that shuts down closes its sockets without a goodbye, so clients reconnect (to one that stays).
        const dropped = waitForDisconnect(farReader);
        await second.close();
        expect(await dropped).toBe('transport close');
      } finally {
        closeAll(...sockets.splice(0));
        await second.close();
      }
    });
  });

  describe('a session that ends closes its connections at once, on every instance', () => {
    /** A second sign-in of the same person: another session (another device). */
    const signInAgain = async (email: string, password: string) =>
      (await api.http().post('/api/v1/auth/login').send({ email, password }).expect(200)).body.token as string;

    it('disconnects the logged-out session’s sockets on both instances, leaving the person’s other sessions connected', async () => {
      const second = await startSecondInstance(api);
      try {
        const { fans, room } = await roomWithFans(api, 1);
        const fan = fans[0]!;
        const otherDevice = await signInAgain(fan.user.email, fan.password);
        const [near, far, kept] = [await open(fan.token), await openChat(second.url, fan.token), await open(otherDevice)];
        sockets.push(far);
        for (const socket of [near, far, kept]) expect((await join(socket, room.id)).ok).toBe(true);
        const heardAfterLogout = [recordEvents(near, 'message:new'), recordEvents(far, 'message:new')];

        // Without any action of theirs: the server closes them (no wait for the next action or the minute's re-check).
        const closed = [waitForDisconnect(near), waitForDisconnect(far)];
        await api.http().post('/api/v1/auth/logout').set(bearer(fan.token)).expect(200);
        expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);

        const stillHere = waitForEvent(kept, 'message:new');
        expect(stored(await sendOver(kept, room.id, 'Still here'))).toMatchObject({ text: 'Still here' });
        expect((await stillHere).text).toBe('Still here');
        expect(heardAfterLogout.flat()).toEqual([]);
        expect(kept.connected).toBe(true);
      } finally {
        closeAll(...sockets.splice(0));
        await second.close();
      }
    });

    it('disconnects every other session’s sockets when the password changes, and all of them when the account is deleted', async () => {
      const fan = await signUp(api);
      const otherDevice = await signInAgain(fan.user.email, fan.password);
      const [current, other] = [await open(fan.token), await open(otherDevice)];

      const otherClosed = waitForDisconnect(other);
      await api
        .http()
        .put('/api/v1/users/me/password')
        .set(bearer(fan.token))
        .send({ current_password: fan.password, new_password: 'another-good-password' })
        .expect(200);
      expect(await otherClosed).toBe('io server disconnect');
      expect(current.connected).toBe(true);

      const currentClosed = waitForDisconnect(current);
      await api.http().delete('/api/v1/users/me').set(bearer(fan.token)).expect(200);
      expect(await currentClosed).toBe('io server disconnect');
    });
  });

  describe('the send rate', () => {
    it('takes a member’s burst up to the limit and refuses the rest with a 429 that says when to retry, storing nothing more', async () => {
      const { fans, room } = await roomWithFans(api, 1);
      const fan = await open(fans[0]!.token);
      const answers = await Promise.all(Array.from({ length: 3 * SEND_BURST }, (_, index) => sendOver(fan, room.id, `Message ${index}`)));
      const taken = answers.filter((answer) => answer.ok);
      const refused = answers.filter((answer) => !answer.ok);
      // The burst may straddle two windows: at most two windows' worth is taken.
      expect(taken.length).toBeGreaterThanOrEqual(SEND_BURST);
      expect(taken.length).toBeLessThanOrEqual(2 * SEND_BURST);
      for (const answer of refused) {
        expect(answer).toEqual({ ok: false, error: ChatMessages.sendingTooFast, code: 'chat_sending_too_fast' });
      }
      const { rows } = await api.db.query('SELECT count(*)::int AS count FROM chat_message WHERE room_id = $1', [room.id]);
      expect(rows).toEqual([{ count: taken.length }]);

      // Over REST the same limit answers 429 with Retry-After (more at once than two windows take).
      const rest = await Promise.all(
        Array.from({ length: 2 * SEND_BURST + 5 }, () =>
          api
            .http()
            .post(`/api/v1/chat/rooms/${room.id}/messages`)
            .set(bearer(fans[0]!.token))
            .send({ type: 'text', clientId: randomUUID(), text: 'One more' }),
        ),
      );
      const tooFast = rest.filter((answer) => answer.status === 429);
      expect(tooFast.length).toBeGreaterThan(0);
      expect(tooFast[0]!.body).toEqual({ error: ChatMessages.sendingTooFast, code: 'chat_sending_too_fast' });
      expect(Number(tooFast[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // A retry of a message already stored is answered as before, never refused by the limit.
      const first = taken[0] as { ok: true; message: MessageView };
      expect(await sendOver(fan, room.id, first.message.text ?? '', first.message.clientId)).toEqual({ ok: true, message: first.message });
    });
  });

  describe('a reconnect storm', () => {
    it('takes 100 clients connecting, rejoining and resending at once to a fresh instance: none refused, none lost', async () => {
      // A fresh instance (its pool empty, as after a restart) with the default pool and a short wait for a connection.
      const fresh = await startSecondInstance(api, { DATABASE_POOL_SIZE: '10', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
      try {
        const { host, fans, room } = await roomWithFans(api, 99);
        const people = [host, ...fans];
        const answers = await Promise.all(
          people.map(async (person, index) => {
            const socket = await connect(chatClient(fresh.url, person.token), STORM_ACK_MS);
            sockets.push(socket);
            const rejoined = await socket.timeout(STORM_ACK_MS).emitWithAck('room:join', { roomId: room.id, lastSeq: 0 });
            // What the client had queued while it was away goes out at once (each message reaches all 100).
            const sent = await sendOver(socket, room.id, `Back online ${index}`, randomUUID(), STORM_ACK_MS);
            return { rejoined: rejoined.ok ? 'ok' : rejoined.error, sent: sent.ok ? 'ok' : sent.error };
          }),
        );
        expect(answers).toEqual(people.map(() => ({ rejoined: 'ok', sent: 'ok' })));
        const { rows } = await api.db.query('SELECT count(*)::int AS count FROM chat_message WHERE room_id = $1', [room.id]);
        expect(rows).toEqual([{ count: 100 }]);
      } finally {
        closeAll(...sockets.splice(0));
        await fresh.close();
      }
    }, 60_000);
  });
});
