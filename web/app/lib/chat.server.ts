import {
  ChatLimits,
  ChatMessages,
  type MemberDetailsView,
  type MessagePageView,
  type MessageView,
  type ReceiptView,
  type RoomListView,
  type RoomView,
  type UnreadTotalsView,
} from '../../../api/src/contracts/chat.contract.js';
import { api, ApiError } from './api.server';
import { needsSenderLookup, type MemberDetails } from './chat';
import { readForPage, writeForPage } from './page-reads.server';

const room = (roomId: string) => `/chat/rooms/${encodeURIComponent(roomId)}`;

/** GET /chat/rooms, newest activity first. */
export const loadRooms = (token: string) => readForPage(() => api<RoomListView>('/chat/rooms', { token }), 'Failed to load your chats');

/** GET /chat/rooms/{id}/members/details (keyed by id). */
export async function loadMemberDetails(token: string, roomId: string): Promise<MemberDetails> {
  const { members } = await api<MemberDetailsView>(`${room(roomId)}/members/details`, { token });
  return members;
}

/**
 * The member details of the rooms whose last message came without a sender name (SPEC §3: else
 * fetched), by room. A room whose details cannot be read is left out: its sender shows as "User".
 */
export async function senderDetailsFor(token: string, rooms: readonly RoomView[], myId: string): Promise<Record<string, MemberDetails>> {
  const wanted = rooms.filter((candidate) => needsSenderLookup(candidate.lastMessage, myId));
  const reads = await Promise.all(
    wanted.map(async (candidate) => [candidate.id, await loadMemberDetails(token, candidate.id).catch(() => null)] as const),
  );
  return Object.fromEntries(reads.filter((read): read is readonly [string, MemberDetails] => read[1] !== null));
}

/** The unread chat messages over every room, by room; null when they cannot be read now. */
export async function loadChatUnread(token: string): Promise<UnreadTotalsView | null> {
  try {
    return await api<UnreadTotalsView>('/chat/unread', { token });
  } catch {
    return null;
  }
}

/**
 * Their total, for the Chat tab's badge until the chat connection has counted by room (it reads
 * them when it opens): every signed-in page carries it, so not a line per room.
 */
export async function loadChatUnreadTotal(token: string): Promise<number | null> {
  return (await loadChatUnread(token))?.total ?? null;
}

export interface RoomPage {
  room: RoomView;
  page: MessagePageView;
}

/**
 * What a room's page shows first: the room and its newest ChatLimits.initialWindow messages with
 * every member's marks (messages carry their senders' names and photos). A person who is not (or
 * no longer) a member gets 403 "You are no longer a member of this chat room."; a room that does
 * not exist 404. `markRead` (a document request: the page opened, without JavaScript too): the
 * newest messages shown are marked read here, so the count clears where no live page marks what is
 * seen; a loader run by the live page itself (a revalidation, a background tab) marks nothing.
 */
export async function loadRoomPage(token: string, userId: string, roomId: string, markRead: boolean): Promise<RoomPage> {
  const [view, page] = await Promise.all([
    api<RoomView>(room(roomId), { token }),
    api<MessagePageView>(`${room(roomId)}/messages`, { token, query: { limit: ChatLimits.initialWindow } }),
  ]);
  const readUpTo = page.receipts.find((receipt) => receipt.userId === userId)?.readSeq ?? 0;
  if (!markRead || page.lastSeq <= readUpTo) return { room: view, page };
  // Best effort: the page is shown whether or not the mark lands (the live page marks again).
  const mine = await api<ReceiptView>(`${room(roomId)}/read`, { method: 'POST', token, body: { seq: page.lastSeq } }).catch(() => null);
  const receipts = mine ? page.receipts.map((receipt) => (receipt.userId === userId ? mine : receipt)) : page.receipts;
  return { room: view, page: { ...page, receipts } };
}

/** A refusal that means the person may not read the room (anymore). */
export const isNotMember = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/**
 * POST /chat/rooms/{id}/messages for the form without JavaScript: a text message with the client id
 * the page was rendered with, so sending the same form twice stores one message.
 */
export async function sendText(token: string, roomId: string, clientId: string, text: string) {
  const sent = await writeForPage(() =>
    api<MessageView>(`${room(roomId)}/messages`, { method: 'POST', token, body: { type: 'text', clientId, text } }),
  );
  if (sent.ok) return sent;
  // The spec's own messages (too long, not a member, closed) say what happened; anything else is the generic failure.
  const known = [ChatMessages.tooLong, ChatMessages.tooLarge, ChatMessages.notMember, ChatMessages.roomClosed, ChatMessages.textRequired];
  return { ...sent, error: (known as readonly string[]).includes(sent.error) ? sent.error : ChatMessages.sendFailed };
}
