import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { ChatMessages } from '../../api/src/contracts/chat.contract.js';
import { ChatRepository } from '../../api/src/modules/chat/chat.repository.js';
import { ChatService } from '../../api/src/modules/chat/chat.service.js';
import { chatAs, roomWithFans, sendText } from '../support/chat-rest.js';
import { bearer, makeAdmin, signUp, signUpHost } from '../support/factories.js';
import { createEvent } from '../support/join-flow.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

describe('chat rooms: create-or-get, members, access', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  describe('POST /chat/rooms', () => {
    it('makes the event room once, named after the event with the host and listed fans; again it answers the same room', async () => {
      const host = await signUpHost(api, { name: 'Asha Host' });
      const fan = await signUp(api, { name: 'Ravi Fan' });
      const event = await createEvent(api, host, { title: 'Rooftop Jazz' });
      const chat = chatAs(api, host);

      const first = await chat.createRoom({ event_id: event.id, members: [fan.user.id] }).expect(201);
      expect(first.body).toMatchObject({
        eventId: event.id,
        name: 'Rooftop Jazz',
        createdBy: host.user.id,
        status: 'open',
        members: [host.user.id, fan.user.id],
        lastMessage: null,
        lastSeq: 0,
        unread: { roomId: first.body.id, count: 0, lastSeq: 0, lastMessageAt: null },
        myRole: 'host',
      });

      const again = await chat.createRoom({ event_id: event.id, name: 'Another name' }).expect(200);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.name).toBe('Rooftop Jazz');
      const { rows } = await api.db.query('SELECT id FROM chat_room WHERE event_id = $1', [event.id]);
      expect(rows).toHaveLength(1);
    });

    it('answers one room to simultaneous creates', async () => {
      const host = await signUpHost(api);
      const event = await createEvent(api, host);
      const answers = await Promise.all(Array.from({ length: 5 }, () => chatAs(api, host).createRoom({ event_id: event.id })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    });

    it('lets only the event host or an admin create it', async () => {
      const host = await signUpHost(api);
      const otherHost = await signUpHost(api);
      const fan = await signUp(api);
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      const event = await createEvent(api, host);
      const before = await countRows(api.db, 'chat_room');

      for (const who of [fan, otherHost]) {
        const refused = await chatAs(api, who).createRoom({ event_id: event.id }).expect(403);
        expect(refused.body).toEqual({ error: ChatMessages.onlyHostManages, code: 'chat_not_host' });
      }
      expect(await countRows(api.db, 'chat_room')).toBe(before);

      const made = await chatAs(api, admin).createRoom({ event_id: event.id }).expect(201);
      expect(made.body.members).toEqual([host.user.id]);
      await chatAs(api, admin).members(made.body.id).expect(200);
    });

    it('takes the picture it is given, trimmed, and refuses one that is not an https address', async () => {
      const host = await signUpHost(api);
      const refused = await chatAs(api, host)
        .createRoom({ event_id: (await createEvent(api, host)).id, event_image: 'http://cdn.example.in/a.webp' })
        .expect(400);
      expect(refused.body.error).toBe('event_image: must be an https URL');

      const made = await chatAs(api, host)
        .createRoom({ event_id: (await createEvent(api, host)).id, event_image: ' https://cdn.example.in/a.webp ' })
        .expect(201);
      expect(made.body.eventImage).toBe('https://cdn.example.in/a.webp');
    });

    it('refuses an unknown event, an unknown or deleted person, and changes nothing', async () => {
      const host = await signUpHost(api);
      const event = await createEvent(api, host);
      const gone = await signUp(api);
      await api.http().delete('/api/v1/users/me').set(bearer(gone.token)).expect(200);
      const before = await countRows(api.db, 'chat_room');

      await chatAs(api, host).createRoom({ event_id: randomUUID() }).expect(404);
      for (const members of [[randomUUID()], [gone.user.id]]) {
        const refused = await chatAs(api, host).createRoom({ event_id: event.id, members }).expect(404);
        expect(refused.body.error).toBe(ChatMessages.userNotFound);
      }
      const invalid = await chatAs(api, host).createRoom({ event_id: 'not-an-id' }).expect(400);
      expect(invalid.body.error).toMatch(/^event_id: /);
      expect(await countRows(api.db, 'chat_room')).toBe(before);
    });
  });

  describe('reading a room', () => {
    it('shows members their room, its members in three shapes, and their membership', async () => {
      const { host, fans, room } = await roomWithFans(api, 2);
      const fan = chatAs(api, fans[0]!);

      // The host first; people added together in the order of their ids.
      const fanIds = fans.map((fan) => fan.user.id);
      const order = [host.user.id, ...[...fanIds].sort()];
      const seen = await fan.room(room.id).expect(200);
      expect(seen.body).toMatchObject({ id: room.id, myRole: 'member', members: order });

      const members = await fan.members(room.id).expect(200);
      expect(members.body.members.map((member: { id: string }) => member.id)).toEqual(order);
      expect(members.body.members[0]).toMatchObject({
        id: host.user.id,
        name: 'Host Person',
        isHost: true,
        role: 'host',
        readSeq: 0,
        deliveredSeq: 0,
      });
      expect(members.body.members.find((member: { id: string }) => member.id === fanIds[0])).toMatchObject({
        name: 'Fan 1',
        isHost: false,
        role: 'member',
      });

      const basic = await fan.members(room.id, '/basic').expect(200);
      const names = new Map([
        [host.user.id, 'Host Person'],
        [fanIds[0]!, 'Fan 1'],
        [fanIds[1]!, 'Fan 2'],
      ]);
      expect(basic.body.members).toEqual(order.map((id) => ({ id, name: names.get(id), photoUrl: null })));

      const details = await fan.members(room.id, '/details').expect(200);
      expect(details.body.members[host.user.id]).toEqual({ name: 'Host Person', photoUrl: null, isHost: true, role: 'host' });
      expect(details.body.members[fans[1]!.user.id]).toEqual({ name: 'Fan 2', photoUrl: null, isHost: false, role: 'member' });

      expect((await fan.membership(room.id).expect(200)).body).toEqual({ is_member: true });
    });

    it('refuses people outside the room with the spec message, and an unknown room with 404', async () => {
      const { room } = await roomWithFans(api, 1);
      const stranger = chatAs(api, await signUp(api));
      const otherHost = chatAs(api, await signUpHost(api));

      for (const call of [
        () => stranger.room(room.id),
        () => stranger.members(room.id),
        () => stranger.members(room.id, '/details'),
        () => stranger.messages(room.id),
        () => stranger.send(room.id, { type: 'text', text: 'hi' }),
        () => otherHost.messages(room.id),
      ]) {
        const refused = await call().expect(403);
        expect(refused.body).toEqual({ error: ChatMessages.notMember, code: 'chat_not_member' });
      }
      expect((await stranger.membership(room.id).expect(200)).body).toEqual({ is_member: false });

      const missing = await stranger.room(randomUUID()).expect(404);
      expect(missing.body).toEqual({ error: ChatMessages.roomNotFound, code: 'chat_room_not_found' });
      await stranger.membership(randomUUID()).expect(404);
      await api.http().get(`/api/v1/chat/rooms/${room.id}`).expect(401);
    });

    it('lists the caller’s rooms, newest activity first, with the last message and unread count', async () => {
      const host = await signUpHost(api, { name: 'Lead' });
      const fan = await signUp(api, { name: 'Meera' });
      const older = await chatAs(api, host).createRoom({
        event_id: (await createEvent(api, host, { title: 'First' })).id,
        members: [fan.user.id],
      });
      const newer = await chatAs(api, host).createRoom({
        event_id: (await createEvent(api, host, { title: 'Second' })).id,
        members: [fan.user.id],
      });
      await sendText(api, host, newer.body.id, 'see you at 7');
      await sendText(api, fan, older.body.id, 'count me in');

      const list = await chatAs(api, host).rooms().expect(200);
      expect(list.body.rooms.map((room: { name: string }) => room.name)).toEqual(['First', 'Second']);
      expect(list.body.rooms[0]).toMatchObject({
        lastSeq: 1,
        lastMessage: { seq: 1, senderId: fan.user.id, senderName: 'Meera', type: 'text', preview: 'count me in' },
        unread: { count: 1 },
      });
      expect(list.body.rooms[1]).toMatchObject({ lastMessage: { senderName: 'Lead', preview: 'see you at 7' }, unread: { count: 0 } });

      const stranger = await signUp(api);
      expect((await chatAs(api, stranger).rooms().expect(200)).body).toEqual({ rooms: [] });
    });
  });

  describe('managing members', () => {
    it('lets the host add existing people, whose marks start at the room’s last message, and refuses others', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      await sendText(api, host, room.id, 'one');
      await sendText(api, host, room.id, 'two');
      const newcomer = await signUp(api, { name: 'Newcomer' });

      const added = await chatAs(api, host).addMembers(room.id, [newcomer.user.id]).expect(200);
      expect(added.body.members.map((member: { id: string }) => member.id)).toContain(newcomer.user.id);
      expect(added.body.members.find((member: { id: string }) => member.id === newcomer.user.id)).toMatchObject({
        readSeq: 2,
        deliveredSeq: 2,
      });
      const theirs = await chatAs(api, newcomer).room(room.id).expect(200);
      expect(theirs.body.unread.count).toBe(0);
      const history = await chatAs(api, newcomer).messages(room.id).expect(200);
      expect(history.body.messages.map((message: { text: string }) => message.text)).toEqual(['one', 'two']);

      const byFan = await chatAs(api, fans[0]!)
        .addMembers(room.id, [(await signUp(api)).user.id])
        .expect(403);
      expect(byFan.body.error).toBe(ChatMessages.onlyHostManages);
      const unknown = await chatAs(api, host).addMembers(room.id, [randomUUID()]).expect(404);
      expect(unknown.body).toEqual({ error: ChatMessages.userNotFound, code: 'chat_user_not_found' });
      await chatAs(api, host).addMembers(room.id, []).expect(400);
    });

    it('removes a member at once: they can no longer read or write, and the host can add them back', async () => {
      const { host, fans, room } = await roomWithFans(api, 2);
      const removed = chatAs(api, fans[0]!);
      await sendText(api, fans[0]!, room.id, 'before removal');

      await chatAs(api, host).removeMember(room.id, fans[0]!.user.id).expect(204);
      for (const call of [
        () => removed.messages(room.id),
        () => removed.send(room.id, { type: 'text', text: 'still here?' }),
        () => removed.room(room.id),
      ]) {
        expect((await call().expect(403)).body.error).toBe(ChatMessages.notMember);
      }
      expect((await removed.membership(room.id).expect(200)).body).toEqual({ is_member: false });
      expect((await removed.rooms().expect(200)).body.rooms).toEqual([]);
      const members = await chatAs(api, host).members(room.id).expect(200);
      expect(members.body.members.map((member: { id: string }) => member.id)).toEqual([host.user.id, fans[1]!.user.id]);

      // Removing again changes nothing; a fan cannot remove anyone.
      await chatAs(api, host).removeMember(room.id, fans[0]!.user.id).expect(204);
      expect((await chatAs(api, fans[1]!).removeMember(room.id, host.user.id).expect(403)).body.error).toBe(ChatMessages.onlyHostManages);

      await chatAs(api, host).addMembers(room.id, [fans[0]!.user.id]).expect(200);
      const history = await removed.messages(room.id).expect(200);
      expect(history.body.messages.map((message: { text: string }) => message.text)).toEqual(['before removal']);
    });

    it('adds nobody to a room closed while the add is on its way', async () => {
      const { host, room } = await roomWithFans(api, 0);
      const newcomer = await signUp(api);
      const repository = api.app.get(ChatRepository);
      const existingUserIds = repository.existingUserIds.bind(repository);
      // The event is cancelled between the add's access check and its transaction.
      jest.spyOn(repository, 'existingUserIds').mockImplementationOnce(async (userIds) => {
        await api.db.query(`UPDATE chat_room SET status = 'closed', closed_at = now() WHERE id = $1`, [room.id]);
        return existingUserIds(userIds);
      });
      try {
        const refused = await chatAs(api, host).addMembers(room.id, [newcomer.user.id]).expect(409);
        expect(refused.body).toEqual({ error: ChatMessages.roomClosed, code: 'chat_room_closed' });
      } finally {
        jest.restoreAllMocks();
      }
      expect((await chatAs(api, newcomer).membership(room.id).expect(200)).body.is_member).toBe(false);
    });

    it('keeps the host in: not removable, cannot leave', async () => {
      const { host, room } = await roomWithFans(api, 1);
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);

      const removal = await chatAs(api, admin).removeMember(room.id, host.user.id).expect(409);
      expect(removal.body).toEqual({ error: ChatMessages.cannotRemoveHost, code: 'chat_cannot_remove_host' });
      const leaving = await chatAs(api, host).leave(room.id).expect(409);
      expect(leaving.body).toEqual({ error: ChatMessages.hostCannotLeave, code: 'chat_host_cannot_leave' });
      expect((await chatAs(api, host).membership(room.id).expect(200)).body.is_member).toBe(true);
    });

    it('lets a fan leave; leaving twice is refused as not a member', async () => {
      const { fans, room } = await roomWithFans(api, 1);
      const fan = chatAs(api, fans[0]!);
      await fan.leave(room.id).expect(204);
      expect((await fan.membership(room.id).expect(200)).body.is_member).toBe(false);
      expect((await fan.leave(room.id).expect(403)).body.error).toBe(ChatMessages.notMember);
    });

    it('lets an admin manage members and see metrics, but not read the messages of a room they are not in', async () => {
      const { fans, room } = await roomWithFans(api, 1);
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      const chat = chatAs(api, admin);

      await chat.removeMember(room.id, fans[0]!.user.id).expect(204);
      await chat.addMembers(room.id, [fans[0]!.user.id]).expect(200);
      await chat.metrics(room.id).expect(200);
      expect((await chat.messages(room.id).expect(403)).body.error).toBe(ChatMessages.notMember);
    });

    it('answers an admin’s create-or-get of a room they are not in without its last message', async () => {
      const { host, eventId, room } = await roomWithFans(api, 1);
      await sendText(api, host, room.id, 'the door code is 4321');
      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);

      const got = await chatAs(api, admin).createRoom({ event_id: eventId }).expect(200);
      expect(got.body).toMatchObject({ id: room.id, lastSeq: 1, lastMessage: null, unread: { count: 0 } });
      expect(JSON.stringify(got.body)).not.toContain('4321');
    });
  });

  describe('membership the workers keep', () => {
    const service = () => api.app.get(ChatService);
    const isMember = async (who: { token: string }, roomId: string) =>
      (await api.http().get(`/api/v1/chat/rooms/${roomId}/membership`).set(bearer(who.token)).expect(200)).body.is_member as boolean;

    it('opens one room per event with its host, adds and removes attendees, and closes it', async () => {
      const host = await signUpHost(api);
      const fan = await signUp(api);
      const event = await createEvent(api, host, { title: 'Beach Cleanup' });

      const roomId = await service().ensureEventRoom(event.id);
      expect(await service().ensureEventRoom(event.id)).toBe(roomId);
      const room = await chatAs(api, host).room(roomId!).expect(200);
      expect(room.body).toMatchObject({ name: 'Beach Cleanup', eventId: event.id, members: [host.user.id], myRole: 'host' });

      await service().addAttendee(event.id, fan.user.id);
      await service().addAttendee(event.id, fan.user.id);
      expect(await isMember(fan, roomId!)).toBe(true);
      await service().removeAttendee(event.id, fan.user.id);
      expect(await isMember(fan, roomId!)).toBe(false);
      // Removed by the system (a refund), then accepted again: back in.
      await service().addAttendee(event.id, fan.user.id);
      expect(await isMember(fan, roomId!)).toBe(true);

      await service().closeEventRoom(event.id);
      expect((await chatAs(api, fan).room(roomId!).expect(200)).body.status).toBe('closed');
      expect((await chatAs(api, fan).send(roomId!, { type: 'text', text: 'hi' }).expect(409)).body.error).toBe(ChatMessages.roomClosed);
      expect(await service().ensureEventRoom(randomUUID())).toBeNull();
    });

    it('does not add back someone the host removed or who left, nor remove people the host added', async () => {
      const { host, fans, eventId, room } = await roomWithFans(api, 1);
      const [removedByHost, leaver] = [await signUp(api), await signUp(api)];
      for (const fan of [removedByHost, leaver]) await service().addAttendee(eventId, fan.user.id);
      await chatAs(api, host).removeMember(room.id, removedByHost.user.id).expect(204);
      await chatAs(api, leaver).leave(room.id).expect(204);

      for (const fan of [removedByHost, leaver]) {
        await service().addAttendee(eventId, fan.user.id);
        expect(await isMember(fan, room.id)).toBe(false);
      }
      // fans[0] was added by the host by hand: an ended application does not take them out.
      await service().removeAttendee(eventId, fans[0]!.user.id);
      expect(await isMember(fans[0]!, room.id)).toBe(true);
    });

    it('does not bring back a room the host deleted', async () => {
      const { host, eventId, room } = await roomWithFans(api, 0);
      await chatAs(api, host).deleteRoom(room.id).expect(204);
      expect(await service().ensureEventRoom(eventId)).toBeNull();
      await service().addAttendee(eventId, (await signUp(api)).user.id);
      expect((await api.db.query('SELECT count(*)::int AS n FROM chat_room WHERE event_id = $1', [eventId])).rows[0].n).toBe(1);
    });
  });

  describe('metrics and deletion', () => {
    it('classifies a room by its messages for the host only', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      await sendText(api, host, room.id, 'hello');
      const metrics = await chatAs(api, host).metrics(room.id).expect(200);
      expect(metrics.body).toEqual({ roomId: room.id, messageCount: 1, archivedCount: 0, health: 'good', archiveFlag: false });
      expect((await chatAs(api, fans[0]!).metrics(room.id).expect(403)).body.error).toBe(ChatMessages.onlyHostManages);

      await api.db.query(
        `INSERT INTO chat_message (room_id, seq, sender_id, client_id, type, text)
         SELECT $1, seq, $2, 'bulk-' || seq, 'text', 'm' || seq FROM generate_series(2, 1001) AS seq`,
        [room.id, host.user.id],
      );
      await api.db.query('UPDATE chat_room SET last_seq = 1001 WHERE id = $1', [room.id]);
      const busy = await chatAs(api, host).metrics(room.id).expect(200);
      expect(busy.body).toMatchObject({ messageCount: 1001, health: 'critical', archiveFlag: true });
    });

    it('deletes a room for everyone: the host or an admin only', async () => {
      const { host, fans, room } = await roomWithFans(api, 1);
      await sendText(api, fans[0]!, room.id, 'hi');
      expect((await chatAs(api, fans[0]!).deleteRoom(room.id).expect(403)).body.error).toBe(ChatMessages.onlyHostManages);

      await chatAs(api, host).deleteRoom(room.id).expect(204);
      for (const who of [host, fans[0]!]) {
        expect((await chatAs(api, who).room(room.id).expect(404)).body.error).toBe(ChatMessages.roomNotFound);
        await chatAs(api, who).messages(room.id).expect(404);
        expect((await chatAs(api, who).rooms().expect(200)).body.rooms).toEqual([]);
      }
      expect((await chatAs(api, fans[0]!).unread().expect(200)).body).toEqual({ total: 0, rooms: [] });
      await chatAs(api, host).deleteRoom(room.id).expect(404);
    });
  });
});
