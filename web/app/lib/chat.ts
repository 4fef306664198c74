/**
 * Rules of the chat screens (SPEC §2 /chat, §3 Chat, §4 Chat, §9 limits): the room list's order,
 * previews and unread counts, the message window a room keeps, receipts, typing and presence lines.
 * Plain functions, shared by server and browser, unit tested (chat.spec.ts).
 */
import {
  characterCount,
  ChatLimits,
  ChatMessages,
  furthestMarks,
  type LastMessageView,
  type MessageStatus,
  type MessageView,
  type PresenceView,
  type ReceiptView,
  type RoomActivityView,
  type RoomView,
  type TypingView,
  type UnreadView,
} from '../../../api/src/contracts/chat.contract.js';
import { formatRelativeTime } from './applications';
import { formatDay, formatTime, istDayKey } from './format-event';

const DAY_MS = 86_400_000;

export type MemberDetails = Record<string, { name: string; photoUrl: string | null; isHost: boolean }>;

/** Whether a name from the API is a real one (not missing, not the "unknown" placeholder). */
const knownName = (name: string | null | undefined): name is string => !!name?.trim() && name !== ChatMessages.unknownUser;

/**
 * Who sent a room's last message, as the list shows it (SPEC §3): "You" for one's own; else the
 * member's name the message carries; else the name the room's member details give; else "User".
 */
export function lastMessageSender(
  message: Pick<LastMessageView, 'senderId' | 'senderName'>,
  myId: string,
  details?: MemberDetails,
): string {
  if (message.senderId === myId) return 'You';
  if (knownName(message.senderName)) return message.senderName;
  const detail = details?.[message.senderId]?.name;
  return knownName(detail) ? detail : ChatMessages.unknownUser;
}

/** Whether the list must fetch the room's member details to name the last message's sender. */
export const needsSenderLookup = (message: LastMessageView | null, myId: string): boolean =>
  !!message && message.senderId !== myId && !knownName(message.senderName);

/** When a room was last active: its last message, else when it was made. */
export const lastActivityOf = (room: Pick<RoomView, 'lastMessage' | 'createdAt' | 'unread'>): string =>
  room.lastMessage?.createdAt ?? room.unread.lastMessageAt ?? room.createdAt;

/** Newest activity first (the API's order too; kept when live updates change it). */
export function sortRooms<T extends Pick<RoomView, 'lastMessage' | 'createdAt' | 'unread'>>(rooms: readonly T[]): T[] {
  return [...rooms].sort((a, b) => Date.parse(lastActivityOf(b)) - Date.parse(lastActivityOf(a)));
}

/**
 * A `room:activity` applied to the list: the room's last message and seq move on, its unread count
 * grows by the messages it had not counted (none for one's own message: sending reads the room),
 * and the list is re-sorted. Null when the room is not in the list (the list must be read again).
 */
export function applyActivity(rooms: readonly RoomView[], activity: RoomActivityView, myId: string): RoomView[] | null {
  const room = rooms.find((candidate) => candidate.id === activity.roomId);
  if (!room) return null;
  if (activity.lastSeq <= room.lastSeq) return [...rooms];
  const mine = activity.lastMessage.senderId === myId;
  const count = mine ? 0 : room.unread.count + (activity.lastSeq - room.lastSeq);
  const updated: RoomView = {
    ...room,
    lastSeq: activity.lastSeq,
    lastMessage: activity.lastMessage,
    unread: { ...room.unread, count, lastMessageAt: activity.lastMessage.createdAt },
  };
  return sortRooms(rooms.map((candidate) => (candidate.id === room.id ? updated : candidate)));
}

/**
 * The list as the loader read it, kept live: the loader says which rooms there are, but a room whose
 * live copy is newer (an activity arrived while the read was on its way back) keeps its live copy.
 */
export function withLoadedRooms(live: readonly RoomView[], loaded: readonly RoomView[]): RoomView[] {
  const liveById = new Map(live.map((room) => [room.id, room]));
  return sortRooms(
    loaded.map((room) => {
      const held = liveById.get(room.id);
      return held && held.lastSeq > room.lastSeq ? held : room;
    }),
  );
}

/** An `unread` event (the person's read mark moved, on this device or another): the room's count as given. */
export function applyUnread(rooms: readonly RoomView[], unread: UnreadView): RoomView[] {
  return rooms.map((room) => (room.id === unread.roomId ? { ...room, unread: { ...room.unread, count: unread.count } } : room));
}

/**
 * The unread chat messages of every room, as the Chat tab counts them. `rooms` maps a room to its
 * count; an activity from someone else adds its new messages, one's own (or an `unread` event)
 * sets the count.
 */
export type UnreadByRoom = Readonly<Record<string, { count: number; lastSeq: number }>>;

export const unreadByRoom = (rooms: readonly UnreadView[]): UnreadByRoom =>
  Object.fromEntries(rooms.map((room) => [room.roomId, { count: room.count, lastSeq: room.lastSeq }]));

export const totalUnread = (rooms: UnreadByRoom): number => Object.values(rooms).reduce((sum, room) => sum + room.count, 0);

/** What the count needs of a `room:activity`, or of a `message:new` in a room this tab has open. */
export type ActivitySeen = Pick<RoomActivityView, 'roomId' | 'lastSeq'> & {
  lastMessage: Pick<RoomActivityView['lastMessage'], 'senderId'>;
};

/**
 * A `room:activity` (the room's latest in a short window, which may stand for several messages):
 * the messages after the seq the count was taken at are added. Null for a room the counts do not
 * know yet (one just joined): they must be read again.
 */
export function unreadAfterActivity(rooms: UnreadByRoom, activity: ActivitySeen, myId: string): UnreadByRoom | null {
  const known = rooms[activity.roomId];
  if (activity.lastMessage.senderId === myId) return { ...rooms, [activity.roomId]: { count: 0, lastSeq: activity.lastSeq } };
  if (!known) return null;
  if (activity.lastSeq <= known.lastSeq) return rooms;
  return { ...rooms, [activity.roomId]: { count: known.count + (activity.lastSeq - known.lastSeq), lastSeq: activity.lastSeq } };
}

export function unreadAfterRead(rooms: UnreadByRoom, unread: UnreadView): UnreadByRoom {
  const known = rooms[unread.roomId];
  // Activity already seen past the read's seq brought messages the read's count was taken before.
  const lastSeq = Math.max(known?.lastSeq ?? 0, unread.lastSeq);
  return { ...rooms, [unread.roomId]: { count: unread.count + (lastSeq - unread.lastSeq), lastSeq } };
}

/** The list's time of a room: "7:30 PM" today, "Yesterday", else "27 Dec 2025" (India time). */
export function listTime(iso: string | null | undefined, now: number): string {
  if (!iso) return '';
  const key = istDayKey(iso);
  if (key === istDayKey(new Date(now).toISOString())) return formatTime(iso);
  if (key === istDayKey(new Date(now - DAY_MS).toISOString())) return 'Yesterday';
  return formatDay(iso).replace(/^\w+, /, '');
}

/** A day separator's label: "Today", "Yesterday", or the date ("Sat, 27 Dec 2025"). */
export function dayLabel(iso: string, now: number): string {
  const key = istDayKey(iso);
  if (key === istDayKey(new Date(now).toISOString())) return 'Today';
  if (key === istDayKey(new Date(now - DAY_MS).toISOString())) return 'Yesterday';
  return formatDay(iso);
}

/** Whether a message starts a new India-time day after the one before it (a separator goes above it). */
export const startsNewDay = (message: Pick<MessageView, 'createdAt'>, previous: Pick<MessageView, 'createdAt'> | undefined): boolean =>
  !previous || istDayKey(previous.createdAt) !== istDayKey(message.createdAt);

/**
 * The messages a room page holds, in seq order, never more than ChatLimits.maxWindow. `hasMore`:
 * older ones exist before the first; `hasNewer`: newer ones were dropped to keep the window (after
 * scrolling far up), so live messages wait until the person goes back to the newest.
 */
export interface MessageWindow {
  messages: MessageView[];
  hasMore: boolean;
  hasNewer: boolean;
}

/**
 * Adds messages to the window: each seq once (the newest copy wins: a poll's votes, a status), in
 * seq order. Past the limit it drops from the far end: the newest when older ones were loaded
 * (`from: 'older'`), the oldest otherwise.
 */
export function mergeMessages(
  window: MessageWindow,
  incoming: readonly MessageView[],
  from: 'older' | 'newer',
  max: number = ChatLimits.maxWindow,
): MessageWindow {
  const bySeq = new Map(window.messages.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  const all = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  if (all.length <= max) return { ...window, messages: all };
  if (from === 'older') return { ...window, messages: all.slice(0, max), hasNewer: true };
  return { ...window, messages: all.slice(all.length - max), hasMore: true };
}

/** One message replaced where the window holds it (a poll's new votes); the window unchanged otherwise. */
export function replaceMessage(window: MessageWindow, message: MessageView): MessageWindow {
  if (!window.messages.some((held) => held.id === message.id)) return window;
  return { ...window, messages: window.messages.map((held) => (held.id === message.id ? message : held)) };
}

/**
 * The window with every sender named (and pictured) as a page read again names them: someone renamed,
 * or their account deleted ("Deleted user"). Only names and photos change; the messages stay as held.
 */
export function withSendersOf(window: MessageWindow, fresh: readonly MessageView[]): MessageWindow {
  const senders = new Map(
    fresh.map((message) => [message.senderId, { senderName: message.senderName, senderPhotoUrl: message.senderPhotoUrl }]),
  );
  let changed = false;
  const messages = window.messages.map((message) => {
    const now = senders.get(message.senderId);
    if (!now || (now.senderName === message.senderName && now.senderPhotoUrl === message.senderPhotoUrl)) return message;
    changed = true;
    return { ...message, ...now };
  });
  return changed ? { ...window, messages } : window;
}

export const newestSeq = (window: MessageWindow): number => window.messages.at(-1)?.seq ?? 0;

/**
 * Whether a message arriving live skips seqs the window should hold (one whose announcement was
 * lost): the newest seq held — or `heard`, the newest already received if the window has not caught
 * up with it yet — to ask the room for what came after it; undefined when nothing is missing, or
 * when the window does not end at the room's newest anyway.
 */
export function missedBefore(window: MessageWindow, seq: number, heard = 0): number | undefined {
  const newest = Math.max(newestSeq(window), heard);
  return !window.hasNewer && newest > 0 && seq > newest + 1 ? newest : undefined;
}

/** Every member's marks by person, newest wins (marks only move forward). */
export type Receipts = Readonly<Record<string, ReceiptView>>;

export function withReceipt(receipts: Receipts, receipt: ReceiptView): Receipts {
  return {
    ...receipts,
    [receipt.userId]: furthestMarks(receipts[receipt.userId], receipt),
  };
}

export const receiptsFrom = (list: readonly ReceiptView[]): Receipts => list.reduce<Receipts>(withReceipt, {});

/**
 * An own message's ticks (SPEC §4: sent → delivered → read): read once every other member has read
 * it, delivered once every other member has received it. Members are those with receipts; with
 * nobody else in the room the API's status stands.
 */
export function messageStatus(message: Pick<MessageView, 'seq' | 'senderId' | 'status'>, receipts: Receipts): MessageStatus {
  const others = Object.values(receipts).filter((receipt) => receipt.userId !== message.senderId);
  if (others.length === 0) return message.status;
  if (others.every((receipt) => receipt.readSeq >= message.seq)) return 'read';
  if (others.every((receipt) => Math.max(receipt.deliveredSeq, receipt.readSeq) >= message.seq)) return 'delivered';
  return 'sent';
}

/** Typing entries still fresh at `now` (an entry lapses ChatLimits.typingTtlMs after its timestamp), others than me. */
export function activeTypers(typing: TypingView | null, myId: string, now: number): TypingView['users'] {
  if (!typing) return [];
  return typing.users.filter((user) => user.userId !== myId && now - Date.parse(user.timestamp) < ChatLimits.typingTtlMs);
}

/** "Asha is typing…", "Asha and Ravi are typing…", "Asha and 2 others are typing…"; empty when nobody is. */
export function typingLine(users: ReadonlyArray<{ userName: string }>): string {
  const names = users.map((user) => (knownName(user.userName) ? user.userName : ChatMessages.unknownUser));
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is typing…`;
  if (names.length === 2) return `${names[0]} and ${names[1]} are typing…`;
  return `${names[0]} and ${names.length - 1} others are typing…`;
}

/** One person's presence: "online", or "last seen 5 minutes ago" ("last seen just now"); empty when unknown. */
export function presenceText(presence: PresenceView | undefined, now: number): string {
  if (!presence) return '';
  if (presence.isOnline) return 'online';
  const ago = formatRelativeTime(presence.lastSeen, now);
  return ago ? `last seen ${ago === 'Just now' ? 'just now' : ago}` : '';
}

/**
 * The header's line under the room name: with one other member their presence ("online" / "last
 * seen …"); with more, "5 members · 2 online".
 */
export function membersLine(
  memberIds: readonly string[],
  myId: string,
  presence: Readonly<Record<string, PresenceView>>,
  now: number,
): string {
  const others = memberIds.filter((id) => id !== myId);
  if (others.length === 1) {
    const text = presenceText(presence[others[0]!], now);
    return text ? `2 members · ${text}` : '2 members';
  }
  const count = `${memberIds.length} ${memberIds.length === 1 ? 'member' : 'members'}`;
  const online = others.filter((id) => presence[id]?.isOnline).length;
  return online > 0 ? `${count} · ${online} online` : count;
}

/** The composer's counter: shown from 900 characters; too long past 1000 (the spec's message then). */
export const COUNTER_FROM = ChatLimits.maxTextLength - 100;

export function composerLength(text: string): { count: number; showCounter: boolean; tooLong: boolean } {
  const count = characterCount(text.trim());
  return { count, showCounter: count >= COUNTER_FROM, tooLong: count > ChatLimits.maxTextLength };
}

/** A poll option's share of the votes, 0 to 100 (whole percent). */
export const pollShare = (votes: number, total: number): number => (total > 0 ? Math.round((Math.max(votes, 0) / total) * 100) : 0);

/**
 * The options a voter chooses by tapping one (single choice): the tapped one, or none when it was
 * already theirs (the vote is taken back). Moving between options is the API's job.
 */
export function votesAfterTap(poll: NonNullable<MessageView['poll']>, optionId: string, voterId: string): string[] {
  const mine = poll.options.find((option) => option.voters.includes(voterId));
  return mine?.id === optionId ? [] : [optionId];
}

/** A poll being written: a question and 2 to 10 options, each trimmed and not empty. Null when it can be sent. */
export function pollProblem(question: string, options: readonly string[]): string | null {
  if (!question.trim()) return 'Ask a question.';
  if (characterCount(question.trim()) > ChatLimits.maxTextLength) return ChatMessages.tooLong;
  const filled = options.map((option) => option.trim()).filter(Boolean);
  if (filled.length < 2) return 'A poll needs at least 2 options';
  if (filled.length > ChatLimits.maxPollOptions) return `A poll has at most ${ChatLimits.maxPollOptions} options`;
  if (filled.some((option) => option.length > ChatLimits.maxPollOptionLength)) {
    return `Poll options are at most ${ChatLimits.maxPollOptionLength} characters`;
  }
  return null;
}

/** A client id the API accepts (letters, digits, - and _; 8 to 64), for the no-JavaScript form. */
export const isClientId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(value);
