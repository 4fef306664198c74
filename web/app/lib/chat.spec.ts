import type { LastMessageView, MessageView, RoomView } from '../../../api/src/contracts/chat.contract.js';
import {
  activeTypers,
  applyActivity,
  applyUnread,
  composerLength,
  dayLabel,
  isClientId,
  lastMessageSender,
  listTime,
  membersLine,
  mergeMessages,
  messageStatus,
  missedBefore,
  needsSenderLookup,
  pollProblem,
  pollShare,
  presenceText,
  receiptsFrom,
  sortRooms,
  totalUnread,
  typingLine,
  unreadAfterActivity,
  unreadAfterRead,
  unreadByRoom,
  votesAfterTap,
  withLoadedRooms,
  withReceipt,
  withSendersOf,
  type MessageWindow,
} from './chat';

const ME = 'me';
// 27 Dec 2025, 12:00 India time.
const NOW = Date.parse('2025-12-27T06:30:00Z');

const last = (fields: Partial<LastMessageView> = {}): LastMessageView => ({
  id: 'm1',
  seq: 1,
  senderId: 'asha',
  senderName: 'Asha',
  type: 'text',
  preview: 'hello',
  createdAt: '2025-12-27T06:00:00Z',
  ...fields,
});

const room = (id: string, fields: Partial<RoomView> = {}): RoomView => ({
  id,
  eventId: null,
  name: id,
  eventImage: null,
  createdBy: 'host',
  status: 'open',
  members: [ME, 'asha'],
  createdAt: '2025-12-01T00:00:00Z',
  updatedAt: '2025-12-01T00:00:00Z',
  lastMessage: null,
  lastSeq: 0,
  unread: { roomId: id, count: 0, lastSeq: 0, lastMessageAt: null },
  myRole: 'member',
  ...fields,
});

const message = (seq: number, fields: Partial<MessageView> = {}): MessageView => ({
  id: `m${seq}`,
  roomId: 'r',
  seq,
  clientId: `client-${seq}`,
  senderId: ME,
  senderName: 'Me',
  senderPhotoUrl: null,
  type: 'text',
  text: `message ${seq}`,
  imageUrl: null,
  poll: null,
  status: 'sent',
  createdAt: '2025-12-27T06:00:00Z',
  archived: false,
  ...fields,
});

const window = (seqs: number[], fields: Partial<MessageWindow> = {}): MessageWindow => ({
  messages: seqs.map((seq) => message(seq)),
  hasMore: false,
  hasNewer: false,
  ...fields,
});

describe('the last message’s sender (SPEC §3)', () => {
  it('is "You" for one’s own, else the name it carries, else the member details’ name, else "User"', () => {
    expect(lastMessageSender(last({ senderId: ME, senderName: 'Tara' }), ME)).toBe('You');
    expect(lastMessageSender(last(), ME)).toBe('Asha');
    expect(lastMessageSender(last({ senderName: '' }), ME, { asha: { name: 'Asha Rao', photoUrl: null, isHost: false } })).toBe('Asha Rao');
    expect(lastMessageSender(last({ senderName: 'User' }), ME, {})).toBe('User');
    expect(lastMessageSender(last({ senderName: 'Deleted user' }), ME)).toBe('Deleted user');
  });

  it('asks for the member details only when the message carries no name and is not one’s own', () => {
    expect(needsSenderLookup(last({ senderName: 'User' }), ME)).toBe(true);
    expect(needsSenderLookup(last(), ME)).toBe(false);
    expect(needsSenderLookup(last({ senderId: ME, senderName: '' }), ME)).toBe(false);
    expect(needsSenderLookup(null, ME)).toBe(false);
  });
});

describe('the room list kept live', () => {
  const older = room('older', {
    lastSeq: 3,
    lastMessage: last({ createdAt: '2025-12-26T06:00:00Z' }),
    unread: { roomId: 'older', count: 1, lastSeq: 3, lastMessageAt: null },
  });
  const newer = room('newer', { lastSeq: 9, lastMessage: last({ createdAt: '2025-12-27T06:00:00Z' }) });

  it('puts the newest activity first (a room without messages by when it was made)', () => {
    expect(sortRooms([older, newer]).map((item) => item.id)).toEqual(['newer', 'older']);
    expect(sortRooms([room('empty', { createdAt: '2025-12-27T06:10:00Z' }), newer]).map((item) => item.id)).toEqual(['empty', 'newer']);
  });

  it('an activity from someone else moves the room up and counts its new messages; one’s own clears the count', () => {
    const activity = { roomId: 'older', lastSeq: 5, lastMessage: last({ seq: 5, createdAt: '2025-12-27T06:20:00Z', preview: 'hi' }) };
    const next = applyActivity([newer, older], activity, ME)!;
    expect(next.map((item) => item.id)).toEqual(['older', 'newer']);
    expect(next[0]!.unread.count).toBe(3);
    expect(next[0]!.lastMessage?.preview).toBe('hi');
    const own = applyActivity(
      next,
      { ...activity, lastSeq: 6, lastMessage: last({ seq: 6, senderId: ME, createdAt: '2025-12-27T06:21:00Z' }) },
      ME,
    )!;
    expect(own[0]!.unread.count).toBe(0);
    // The same activity twice counts once.
    expect(applyActivity(next, activity, ME)![0]!.unread.count).toBe(3);
    expect(applyActivity(next, { ...activity, roomId: 'unknown' }, ME)).toBeNull();
  });

  it('a read of the list that left before the newest activity does not undo it; rooms gone from the read go', () => {
    const activity = { roomId: 'older', lastSeq: 5, lastMessage: last({ seq: 5, createdAt: '2025-12-27T06:20:00Z', preview: 'hi' }) };
    const live = applyActivity([newer, older], activity, ME)!;
    const merged = withLoadedRooms(live, [older, newer]);
    expect(merged.map((item) => [item.id, item.lastSeq])).toEqual([
      ['older', 5],
      ['newer', 9],
    ]);
    expect(merged[0]!.lastMessage?.preview).toBe('hi');
    const fresher = { ...newer, lastSeq: 12, lastMessage: last({ seq: 12, createdAt: '2025-12-27T07:00:00Z', preview: 'later' }) };
    expect(withLoadedRooms(live, [fresher]).map((item) => [item.id, item.lastSeq])).toEqual([['newer', 12]]);
  });

  it('an unread event sets the room’s count', () => {
    expect(applyUnread([older], { roomId: 'older', count: 0, lastSeq: 3, lastMessageAt: null })[0]!.unread.count).toBe(0);
  });
});

describe('the Chat tab’s unread count', () => {
  it('adds others’ messages after the seq it counted at, clears on one’s own, and takes an unread event as it is', () => {
    let rooms = unreadByRoom([
      { roomId: 'a', count: 2, lastSeq: 8, lastMessageAt: null },
      { roomId: 'b', count: 0, lastSeq: 3, lastMessageAt: null },
    ]);
    expect(totalUnread(rooms)).toBe(2);
    rooms = unreadAfterActivity(rooms, { roomId: 'a', lastSeq: 10, lastMessage: last({ seq: 10 }) }, ME)!;
    rooms = unreadAfterActivity(rooms, { roomId: 'b', lastSeq: 4, lastMessage: last({ seq: 4 }) }, ME)!;
    expect(totalUnread(rooms)).toBe(5);
    // One activity may stand for several messages (the server sends a room's latest once a window).
    rooms = unreadAfterActivity(rooms, { roomId: 'a', lastSeq: 13, lastMessage: last({ seq: 13 }) }, ME)!;
    expect(rooms.a!.count).toBe(7);
    // Repeated or older activity changes nothing.
    expect(unreadAfterActivity(rooms, { roomId: 'a', lastSeq: 11, lastMessage: last({ seq: 11 }) }, ME)).toBe(rooms);
    rooms = unreadAfterActivity(rooms, { roomId: 'b', lastSeq: 5, lastMessage: last({ seq: 5, senderId: ME }) }, ME)!;
    expect(rooms.b!.count).toBe(0);
    rooms = unreadAfterRead(rooms, { roomId: 'a', count: 0, lastSeq: 13, lastMessageAt: null });
    expect(totalUnread(rooms)).toBe(0);
  });

  it('reads the counts again for a room it does not know', () => {
    const rooms = unreadByRoom([{ roomId: 'a', count: 0, lastSeq: 1, lastMessageAt: null }]);
    expect(unreadAfterActivity(rooms, { roomId: 'new', lastSeq: 4, lastMessage: last({ seq: 4 }) }, ME)).toBeNull();
  });

  it('keeps messages that arrived after a read was counted', () => {
    let rooms = unreadByRoom([{ roomId: 'a', count: 3, lastSeq: 3, lastMessageAt: null }]);
    rooms = unreadAfterActivity(rooms, { roomId: 'a', lastSeq: 5, lastMessage: last({ seq: 5 }) }, ME)!;
    // Read on another device when the room was at seq 3; seqs 4 and 5 came after it.
    rooms = unreadAfterRead(rooms, { roomId: 'a', count: 0, lastSeq: 3, lastMessageAt: null });
    expect(rooms.a).toEqual({ count: 2, lastSeq: 5 });
  });
});

describe('times', () => {
  it('shows the time today, "Yesterday", else the date (India time)', () => {
    expect(listTime('2025-12-27T04:00:00Z', NOW)).toBe('9:30 AM');
    expect(listTime('2025-12-26T04:00:00Z', NOW)).toBe('Yesterday');
    expect(listTime('2025-12-20T04:00:00Z', NOW)).toBe('20 Dec 2025');
    expect(dayLabel('2025-12-27T04:00:00Z', NOW)).toBe('Today');
    expect(dayLabel('2025-12-20T04:00:00Z', NOW)).toBe('Sat, 20 Dec 2025');
  });
});

describe('the message window', () => {
  it('keeps each seq once, the newest copy, in order', () => {
    const merged = mergeMessages(window([1, 3]), [message(2), message(3, { text: 'edited' })], 'newer');
    expect(merged.messages.map((item) => item.seq)).toEqual([1, 2, 3]);
    expect(merged.messages[2]!.text).toBe('edited');
  });

  it('never holds more than the limit: drops the newest after loading older ones, the oldest after newer ones', () => {
    const full = window([4, 5, 6]);
    const older = mergeMessages(full, [message(2), message(3)], 'older', 4);
    expect(older.messages.map((item) => item.seq)).toEqual([2, 3, 4, 5]);
    expect(older.hasNewer).toBe(true);
    const newer = mergeMessages(full, [message(7), message(8)], 'newer', 4);
    expect(newer.messages.map((item) => item.seq)).toEqual([5, 6, 7, 8]);
    expect(newer.hasMore).toBe(true);
  });

  it('names senders as a page read again names them (an account deleted), keeping the messages held', () => {
    const held: MessageWindow = {
      messages: [
        message(1, { senderId: 'asha', senderName: 'Asha', senderPhotoUrl: 'a.png' }),
        message(2),
        message(3, { senderId: 'asha', senderName: 'Asha' }),
      ],
      hasMore: true,
      hasNewer: false,
    };
    const fresh = [message(3, { senderId: 'asha', senderName: 'Deleted user', senderPhotoUrl: null, text: 'older copy' })];
    const renamed = withSendersOf(held, fresh);
    expect(renamed.messages.map((item) => [item.seq, item.senderName, item.senderPhotoUrl, item.text])).toEqual([
      [1, 'Deleted user', null, 'message 1'],
      [2, 'Me', null, 'message 2'],
      [3, 'Deleted user', null, 'message 3'],
    ]);
    expect(renamed.hasMore).toBe(true);
    expect(withSendersOf(held, [message(9)])).toBe(held);
  });

  it('notices a live message that skips seqs (an announcement lost) and says from which seq to ask again', () => {
    expect(missedBefore(window([3, 4, 5]), 6)).toBeUndefined();
    expect(missedBefore(window([3, 4, 5]), 5)).toBeUndefined();
    expect(missedBefore(window([3, 4, 5]), 8)).toBe(5);
    // An empty room asks nothing (its first message may be any seq), nor a window that stops short of the newest.
    expect(missedBefore(window([]), 4)).toBeUndefined();
    expect(missedBefore(window([3, 4, 5], { hasNewer: true }), 9)).toBeUndefined();
    // Messages received in a burst count before the window shows them.
    expect(missedBefore(window([3, 4, 5]), 8, 7)).toBeUndefined();
    expect(missedBefore(window([3, 4, 5]), 9, 7)).toBe(7);
  });
});

describe('ticks from receipts (SPEC §4: sent → delivered → read)', () => {
  const mine = message(5);
  it('is read when every other member read it, delivered when every other received it, else sent', () => {
    const receipts = receiptsFrom([
      { roomId: 'r', userId: ME, readSeq: 5, deliveredSeq: 5 },
      { roomId: 'r', userId: 'asha', readSeq: 3, deliveredSeq: 5 },
      { roomId: 'r', userId: 'ravi', readSeq: 2, deliveredSeq: 4 },
    ]);
    expect(messageStatus(mine, receipts)).toBe('sent');
    const delivered = withReceipt(receipts, { roomId: 'r', userId: 'ravi', readSeq: 2, deliveredSeq: 6 });
    expect(messageStatus(mine, delivered)).toBe('delivered');
    const read = withReceipt(withReceipt(delivered, { roomId: 'r', userId: 'ravi', readSeq: 5, deliveredSeq: 5 }), {
      roomId: 'r',
      userId: 'asha',
      readSeq: 9,
      deliveredSeq: 9,
    });
    expect(messageStatus(mine, read)).toBe('read');
    // Marks never move back.
    expect(withReceipt(read, { roomId: 'r', userId: 'asha', readSeq: 1, deliveredSeq: 1 }).asha!.readSeq).toBe(9);
  });

  it('keeps the API’s status when nobody else is in the room', () => {
    expect(messageStatus(message(5, { status: 'read' }), receiptsFrom([{ roomId: 'r', userId: ME, readSeq: 5, deliveredSeq: 5 }]))).toBe(
      'read',
    );
  });
});

describe('typing and presence lines', () => {
  const at = (ms: number) => new Date(NOW - ms).toISOString();
  it('names who is typing, leaving out me and lapsed entries', () => {
    const typing = {
      roomId: 'r',
      users: [
        { userId: 'asha', userName: 'Asha', timestamp: at(1_000) },
        { userId: ME, userName: 'Me', timestamp: at(1_000) },
        { userId: 'old', userName: 'Old', timestamp: at(6_000) },
      ],
    };
    const typers = activeTypers(typing, ME, NOW);
    expect(typingLine(typers)).toBe('Asha is typing…');
    expect(typingLine([{ userName: 'Asha' }, { userName: 'Ravi' }])).toBe('Asha and Ravi are typing…');
    expect(typingLine([{ userName: 'Asha' }, { userName: 'Ravi' }, { userName: 'Tara' }])).toBe('Asha and 2 others are typing…');
    expect(typingLine([])).toBe('');
  });

  it('says "online" or "last seen …", and counts members', () => {
    expect(presenceText({ userId: 'a', isOnline: true, lastSeen: null }, NOW)).toBe('online');
    expect(presenceText({ userId: 'a', isOnline: false, lastSeen: at(5 * 60_000) }, NOW)).toBe('last seen 5 minutes ago');
    expect(presenceText({ userId: 'a', isOnline: false, lastSeen: at(1_000) }, NOW)).toBe('last seen just now');
    expect(membersLine([ME, 'a'], ME, { a: { userId: 'a', isOnline: true, lastSeen: null } }, NOW)).toBe('2 members · online');
    expect(membersLine([ME, 'a', 'b'], ME, { a: { userId: 'a', isOnline: true, lastSeen: null } }, NOW)).toBe('3 members · 1 online');
    expect(membersLine([ME, 'a', 'b'], ME, {}, NOW)).toBe('3 members');
  });
});

describe('the composer', () => {
  it('shows a counter near the limit and refuses past it', () => {
    expect(composerLength('hi')).toEqual({ count: 2, showCounter: false, tooLong: false });
    expect(composerLength('a'.repeat(950))).toMatchObject({ showCounter: true, tooLong: false });
    expect(composerLength('a'.repeat(1001))).toMatchObject({ count: 1001, tooLong: true });
    // Emoji count as one each; surrounding spaces are trimmed away.
    expect(composerLength(` ${'😀'.repeat(1000)} `)).toMatchObject({ count: 1000, tooLong: false });
  });

  it('accepts client ids the API accepts', () => {
    expect(isClientId('3f1c2a9e-1111-4a4a-9b9b-123456789abc')).toBe(true);
    expect(isClientId('short')).toBe(false);
    expect(isClientId('has spaces in it')).toBe(false);
  });
});

describe('polls', () => {
  const poll = {
    totalVotes: 3,
    options: [
      { id: 'a', text: 'Friday', votes: 2, voters: [ME, 'x'] },
      { id: 'b', text: 'Saturday', votes: 1, voters: ['y'] },
    ],
  };
  it('a tap votes, moves the vote, or takes one’s own choice back', () => {
    expect(votesAfterTap(poll, 'b', ME)).toEqual(['b']);
    expect(votesAfterTap(poll, 'a', ME)).toEqual([]);
    expect(votesAfterTap(poll, 'a', 'z')).toEqual(['a']);
    expect(pollShare(2, 3)).toBe(67);
    expect(pollShare(0, 0)).toBe(0);
  });

  it('needs a question and 2 to 10 filled options', () => {
    expect(pollProblem('', ['a', 'b'])).toBe('Ask a question.');
    expect(pollProblem('When?', ['a', ' '])).toBe('A poll needs at least 2 options');
    expect(
      pollProblem(
        'When?',
        Array.from({ length: 11 }, (_, index) => `o${index}`),
      ),
    ).toBe('A poll has at most 10 options');
    expect(pollProblem('When?', ['Fri', 'Sat', ''])).toBeNull();
  });
});
