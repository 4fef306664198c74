/**
 * Chat (issue 11): one group chat per event for its host and accepted fans. PostgreSQL keeps what
 * must last (rooms, members with their read and delivered marks, messages, poll votes); Redis keeps
 * what is fleeting (typing, presence); socket.io delivers (namespace CHAT_NAMESPACE, the Redis
 * adapter across API instances). Base path /api/v1; every endpoint needs a bearer token; only
 * members read or write a room (others get 403 "You are no longer a member of this chat room.",
 * a room that does not exist or was deleted 404 "Chat room not found."); only the host or an admin
 * manages members.
 *
 * | Method and path                                  | Body                 | Answer                             |
 * |--------------------------------------------------|----------------------|------------------------------------|
 * | POST   /chat/rooms                               | CreateRoomInput      | 200/201 RoomView (create or get)   |
 * | GET    /chat/rooms                               |                      | RoomListView (the caller's rooms)  |
 * | GET    /chat/rooms/{id}                          |                      | RoomView                           |
 * | DELETE /chat/rooms/{id}                          |                      | 204 (host or admin)                |
 * | GET    /chat/rooms/{id}/members                  |                      | MembersView                        |
 * | GET    /chat/rooms/{id}/members/basic            |                      | BasicMembersView                   |
 * | GET    /chat/rooms/{id}/members/details          |                      | MemberDetailsView (keyed by id)    |
 * | POST   /chat/rooms/{id}/members                  | AddMembersInput      | MembersView (host or admin)        |
 * | DELETE /chat/rooms/{id}/members/{userId}         |                      | 204 (host or admin)                |
 * | DELETE /chat/rooms/{id}/leave                    |                      | 204                                |
 * | GET    /chat/rooms/{id}/membership               |                      | MembershipView                     |
 * | GET    /chat/rooms/{id}/messages?before|after&limit |                   | MessagePageView                    |
 * | POST   /chat/rooms/{id}/messages                 | SendMessageInput     | 201 MessageView (200 on a retry)   |
 * | POST   /chat/rooms/{id}/messages/{mid}/vote      | PollVoteInput        | MessageView                        |
 * | POST   /chat/rooms/{id}/read                     | MarkInput            | ReceiptView                        |
 * | POST   /chat/rooms/{id}/delivered                | MarkInput            | ReceiptView                        |
 * | GET    /chat/rooms/{id}/metrics                  |                      | RoomMetricsView (host or admin)    |
 * | GET    /chat/unread                              |                      | UnreadTotalsView                   |
 *
 * Messages in a room are numbered (`seq`, 1, 2, 3 … without gaps). A member's read and delivered
 * marks are the highest seq they have read or received; a message's status for its sender is
 * `read` once every other member has read it, `delivered` once every other member has received it,
 * else `sent`. Unread count = the room's last seq − the member's read mark (sending reads all).
 */
import type { JoinRoomInput, PollVoteInput, SendMessageInput } from './chat.schemas.js';

export type {
  AddMembersInput,
  CreateRoomInput,
  JoinRoomInput,
  MarkInput,
  MessagePageQuery,
  PollVoteInput,
  SendMessageInput,
} from './chat.schemas.js';

export const ChatLimits = {
  /** Messages shown on opening a room. */
  initialWindow: 100,
  /** Most messages a client keeps in memory. */
  maxWindow: 500,
  /** Older messages loaded per scroll upwards. */
  olderPage: 50,
  maxTextLength: 1000,
  maxMessageBytes: 1_048_576,
  maxPollOptions: 10,
  maxPollOptionLength: 100,
  maxMembersPerAdd: 100,
  /** The send rate is counted over windows this long (CHAT_SEND_BURST messages per member and room in each). */
  sendWindowMs: 10_000,
  /** A typing indicator lapses this long after the last keystroke that announced it. */
  typingTtlMs: 5_000,
  /** Clients announce typing at most this often. */
  typingThrottleMs: 2_000,
  /** Presence lapses this long after the last heartbeat from any of the person's connections. */
  presenceTtlMs: 60_000,
  /** Offline members get at most one chat push per room this often. */
  pushBatchMs: 60_000,
  /** Room metrics: under `good` messages good, under `warning` warning, else critical. */
  metricsGood: 100,
  metricsWarning: 500,
  /** A room above this many messages is flagged for archiving; messages older than archiveAgeDays are archived. */
  archiveAbove: 1000,
  archiveAgeDays: 30,
  /** Unread badges show "99+" above this. */
  badgeCap: 99,
} as const;

/** SPEC §8, word for word. */
export const ChatMessages = {
  sendFailed: 'Failed to send message. Please try again.',
  pollSendFailed: 'Failed to send poll message. Please try again.',
  imageSendFailed: 'Failed to send image message. Please try again.',
  voteFailed: 'Failed to vote on poll. Please try again.',
  pollNotFound: 'Poll message not found.',
  notAPoll: 'Message is not a poll.',
  userNotFound: 'User not found.',
  lastMessageNotFound: 'Last message not found.',
  noRoomId: 'No roomId provided for subscription.',
  notAuthenticated: 'User not authenticated',
  roomNotFound: 'Chat room not found.',
  notMember: 'You are no longer a member of this chat room.',
  tooLarge: 'Message too large. Please keep messages under 1MB.',
  tooLong: 'Message too long. Please keep messages under 1000 characters.',
  /** Not in the spec (docs/decisions.md). */
  textRequired: 'Message text is required.',
  roomClosed: 'This chat is closed: its event was cancelled.',
  /** Not in the spec (docs/decisions.md): the send-rate limit. */
  sendingTooFast: 'You are sending messages too fast. Wait a few seconds, then try again.',
  onlyHostManages: 'Only the host can manage this chat.',
  hostCannotLeave: 'The host cannot leave the event chat.',
  cannotRemoveHost: 'The host cannot be removed from the event chat.',
  unknownUser: 'User',
  deletedUser: 'Deleted user',
} as const;

export const ChatErrorCodes = {
  roomNotFound: 'chat_room_not_found',
  sendingTooFast: 'chat_sending_too_fast',
  notMember: 'chat_not_member',
  roomClosed: 'chat_room_closed',
  notHost: 'chat_not_host',
  pollNotFound: 'chat_poll_not_found',
  notAPoll: 'chat_not_a_poll',
  tooLarge: 'chat_message_too_large',
  tooLong: 'chat_message_too_long',
  hostCannotLeave: 'chat_host_cannot_leave',
  cannotRemoveHost: 'chat_cannot_remove_host',
  userNotFound: 'chat_user_not_found',
} as const;

export type MessageType = 'text' | 'poll' | 'image';
export type MessageStatus = 'sent' | 'delivered' | 'read';
/** `closed`: the event was cancelled; members still read the history, nobody writes. */
export type RoomStatus = 'open' | 'closed';
export type MemberRole = 'host' | 'member';
export type RoomHealth = 'good' | 'warning' | 'critical';

/** UTF-8 bytes of a string (the 1 MB rule counts bytes, the 1000 rule characters). */
export const utf8Bytes = (value: string): number => new TextEncoder().encode(value).length;

/** Characters as people count them (an emoji is one), for the 1000 rule. */
export const characterCount = (value: string): number => [...value].length;

export interface PollOptionView {
  id: string;
  text: string;
  votes: number;
  voters: string[];
}

export interface PollView {
  options: PollOptionView[];
  totalVotes: number;
}

export interface MessageView {
  id: string;
  roomId: string;
  seq: number;
  clientId: string;
  senderId: string;
  /** The sender's name now; "Deleted user" for an erased account, "User" when unknown. */
  senderName: string;
  senderPhotoUrl: string | null;
  type: MessageType;
  text: string | null;
  imageUrl: string | null;
  poll: PollView | null;
  /** For the sender: sent → delivered → read (by every other member). */
  status: MessageStatus;
  createdAt: string;
  archived: boolean;
}

export interface LastMessageView {
  id: string;
  seq: number;
  senderId: string;
  senderName: string;
  type: MessageType;
  /** The text, "📷 Photo" for an image, "📊 " + question for a poll. */
  preview: string;
  createdAt: string;
}

export interface RoomView {
  id: string;
  eventId: string | null;
  name: string;
  eventImage: string | null;
  createdBy: string;
  status: RoomStatus;
  members: string[];
  createdAt: string;
  updatedAt: string;
  lastMessage: LastMessageView | null;
  lastSeq: number;
  unread: UnreadView;
  /** The caller's role here. */
  myRole: MemberRole;
}

export interface RoomListView {
  /** Newest activity first. */
  rooms: RoomView[];
}

export interface MemberView {
  id: string;
  name: string;
  photoUrl: string | null;
  isHost: boolean;
  role: MemberRole;
  joinedAt: string;
  readSeq: number;
  deliveredSeq: number;
}

export interface MembersView {
  members: MemberView[];
}

export interface BasicMembersView {
  members: Array<{ id: string; name: string; photoUrl: string | null }>;
}

export interface MemberDetailsView {
  members: Record<string, { name: string; photoUrl: string | null; isHost: boolean; role: MemberRole }>;
}

export interface MembershipView {
  is_member: boolean;
}

export interface MessagePageView {
  messages: MessageView[];
  /** More older messages exist before the first one. */
  hasMore: boolean;
  lastSeq: number;
  /** Every member's marks, for the statuses of messages that arrive later. */
  receipts: ReceiptView[];
}

export interface ReceiptView {
  roomId: string;
  userId: string;
  readSeq: number;
  deliveredSeq: number;
}

/**
 * One member's marks only move forward, and reading delivers: of a receipt held and a newer one
 * (which may have committed first), each mark at its furthest. The API's receipt batches and the
 * web's ticks merge alike.
 */
export function furthestMarks(held: ReceiptView | undefined, next: ReceiptView): ReceiptView {
  return {
    ...next,
    readSeq: Math.max(held?.readSeq ?? 0, next.readSeq),
    deliveredSeq: Math.max(held?.deliveredSeq ?? 0, next.deliveredSeq, next.readSeq),
  };
}

export interface UnreadView {
  roomId: string;
  count: number;
  /** The room's last seq when the count was taken: later `room:activity` adds only the seqs after it. */
  lastSeq: number;
  lastMessageAt: string | null;
}

export interface UnreadTotalsView {
  total: number;
  rooms: UnreadView[];
}

export interface RoomMetricsView {
  roomId: string;
  messageCount: number;
  archivedCount: number;
  health: RoomHealth;
  /** Above ChatLimits.archiveAbove messages. */
  archiveFlag: boolean;
}

export const roomHealth = (messageCount: number): RoomHealth =>
  messageCount < ChatLimits.metricsGood ? 'good' : messageCount < ChatLimits.metricsWarning ? 'warning' : 'critical';

export interface RoomActivityView {
  roomId: string;
  lastSeq: number;
  lastMessage: LastMessageView;
}

export interface TypingView {
  roomId: string;
  users: Array<{ userId: string; userName: string; timestamp: string }>;
}

export interface PresenceView {
  userId: string;
  isOnline: boolean;
  lastSeen: string | null;
}

/**
 * The socket.io protocol, namespace CHAT_NAMESPACE on the API's `/socket.io` path (the web server
 * forwards its own same-origin `/socket.io` there with the session's token). The handshake carries
 * the bearer token (`auth.token`, or the Authorization header); without a valid one the connection
 * is refused with `connect_error` "User not authenticated". Every client event takes an ack
 * callback answered with `{ ok: true, … }` or `{ ok: false, error, code }`; membership is checked
 * on every one.
 */
export const CHAT_NAMESPACE = '/chat';
export const CHAT_SOCKET_PATH = '/socket.io';

export type Ack<T = object> = ({ ok: true } & T) | { ok: false; error: string; code?: string };

export interface ClientToServerEvents {
  /** Subscribe to a room: answers its newest window (or what came after lastSeq), members and presence. */
  'room:join': (
    input: JoinRoomInput,
    ack: (answer: Ack<{ page: MessagePageView; presence: PresenceView[]; typing: TypingView }>) => void,
  ) => void;
  'room:leave': (input: { roomId: string }, ack?: (answer: Ack) => void) => void;
  'message:send': (input: { roomId: string } & SendMessageInput, ack: (answer: Ack<{ message: MessageView }>) => void) => void;
  'messages:older': (input: { roomId: string; before: number }, ack: (answer: Ack<{ page: MessagePageView }>) => void) => void;
  'poll:vote': (input: { roomId: string; messageId: string } & PollVoteInput, ack: (answer: Ack<{ message: MessageView }>) => void) => void;
  'messages:delivered': (input: { roomId: string; seq: number }, ack?: (answer: Ack) => void) => void;
  'messages:read': (input: { roomId: string; seq: number }, ack?: (answer: Ack) => void) => void;
  typing: (input: { roomId: string; isTyping: boolean }) => void;
  /** Keeps presence alive (every presenceTtlMs / 3); a socket.io connection also counts. */
  heartbeat: () => void;
}

export interface ServerToClientEvents {
  'message:new': (message: MessageView) => void;
  /** A poll's votes changed. */
  'message:updated': (message: MessageView) => void;
  /**
   * Members' marks moved: the latest of each member's in this room, gathered over a short window
   * (CHAT_SIGNAL_WINDOW_MS) so a busy room sends one batch rather than one per member per message.
   */
  receipts: (receipts: ReceiptView[]) => void;
  typing: (typing: TypingView) => void;
  presence: (presence: PresenceView) => void;
  /**
   * To every member's connections (they join `feed:{roomId}` of each of their rooms on connect), for
   * the room list and badges: count unread as lastSeq − the person's own read mark. The room's latest
   * in each short window (CHAT_SIGNAL_WINDOW_MS), not one per message, and not to a connection that
   * has the room open: its `message:new` says the same (and, from its sender and seq, the sender's marks).
   */
  'room:activity': (activity: RoomActivityView) => void;
  /** To every connection of one person: their read mark moved (another tab or device read the room). */
  unread: (unread: UnreadView) => void;
  /** Membership or status changed (a member added or removed, the room closed). */
  'room:updated': (room: { roomId: string }) => void;
  /** The person was removed, or the room deleted: "You are no longer a member of this chat room." */
  'room:removed': (removal: { roomId: string; message: string }) => void;
}
