import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { z } from 'zod';
import {
  ChatLimits,
  roomHealth,
  type AddMembersInput,
  type BasicMembersView,
  type CreateRoomInput,
  type MemberDetailsView,
  type MemberRole,
  type MembersView,
  type MembershipView,
  type MessagePageQuery,
  type MessagePageView,
  type MessageView,
  type PollVoteInput,
  type ReceiptView,
  type RoomListView,
  type RoomMetricsView,
  type RoomStatus,
  type RoomView,
  type SendMessageInput,
  type UnreadTotalsView,
} from '../../contracts/chat.contract.js';
import { isOwnUploadUrl, mediaUrl } from '../../contracts/media-url.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { ValidationError } from '../../platform/http/domain-error.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { ChatSendRate } from './chat-send-rate.js';
import { ChatBroadcast } from './chat-broadcast.port.js';
import {
  CannotRemoveHostError,
  ChatRoomClosedError,
  ChatRoomNotFoundError,
  ChatUserNotFoundError,
  ForeignImageUrlError,
  HostCannotLeaveError,
  NotAPollError,
  NotChatMemberError,
  OnlyHostManagesError,
  PollNotFoundError,
  UnknownPollOptionError,
} from './chat.errors.js';
import { ChatMessageSent } from './chat.events.js';
import {
  ChatRepository,
  type EventRow,
  type MarksRow,
  type MembershipRow,
  type MessageRow,
  type NewMessage,
  type PageWindow,
  type RoomRow,
} from './chat.repository.js';
import {
  basicMemberView,
  lastMessageView,
  memberView,
  messageView,
  othersLowestMarks,
  receiptView,
  roomView,
  unreadView,
} from './chat.views.js';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

type Content = Pick<NewMessage, 'type' | 'text' | 'imageUrl' | 'pollOptions'>;

/** A send whose client id the sender already used: the transaction rolls back so no seq is spent. */
class AlreadySent extends Error {}

/**
 * The event chats: who may read and write a room, numbered messages, polls, read and delivered
 * marks. The REST controller, the socket gateway and the workers all go through here; every change
 * is told to connected clients through ChatBroadcast after its transaction commits.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly broadcast: ChatBroadcast,
    private readonly outbox: OutboxService,
    private readonly sendRate: ChatSendRate,
  ) {}

  // ---- rooms

  /** The event's room, made on the first call with its host and the listed people: the event's host or an admin. */
  async createOrGet(user: AuthUser, input: CreateRoomInput): Promise<{ room: RoomView; created: boolean }> {
    const event = await this.repository.findEvent(input.event_id);
    if (!event) throw new EventNotFoundError();
    if (event.hostId !== user.id && !isAdmin(user)) throw new OnlyHostManagesError();
    const viewOf = async (room: RoomRow) => this.roomViewFor(room, await this.repository.membership(room.id, user.id));
    const existing = await this.repository.findEventRoom(event.id);
    if (existing) return { room: await viewOf(existing), created: false };
    if (event.cancelled) throw new ChatRoomClosedError();
    const eventImage = roomImage(input.event_image, event.image);
    const people = await this.existingPeople(unique(input.members).filter((id) => id !== event.hostId));
    const opened = await this.openRoom(event, { name: input.name ?? event.title, eventImage, createdBy: user.id }, people);
    const room = await this.repository.findEventRoom(event.id);
    if (!room) throw new ChatRoomNotFoundError();
    return { room: await viewOf(room), created: opened === room.id };
  }

  async rooms(user: AuthUser): Promise<RoomListView> {
    const mine = await this.repository.roomsOf(user.id);
    const ids = mine.map(({ id }) => id);
    const [memberIds, lastMessages] = await Promise.all([this.repository.memberIdsByRoom(ids), this.repository.lastMessages(ids)]);
    return { rooms: mine.map((room) => roomView(room, room, memberIds.get(room.id) ?? [], lastMessages.get(room.id) ?? null)) };
  }

  async room(user: AuthUser, roomId: string): Promise<RoomView> {
    const { room, membership } = await this.memberOf(user.id, roomId);
    return this.roomViewFor(room, membership);
  }

  async deleteRoom(user: AuthUser, roomId: string): Promise<void> {
    await this.managedRoom(user, roomId);
    const deleted = await this.repository.transaction((tx) => this.repository.deleteRoom(tx, roomId));
    if (deleted) this.broadcast.roomDeleted(roomId);
  }

  async metrics(user: AuthUser, roomId: string): Promise<RoomMetricsView> {
    await this.managedRoom(user, roomId);
    const { live, archived } = await this.repository.messageCounts(roomId);
    const messageCount = live + archived;
    return { roomId, messageCount, archivedCount: archived, health: roomHealth(messageCount), archiveFlag: live > ChatLimits.archiveAbove };
  }

  // ---- members

  async members(user: AuthUser, roomId: string): Promise<MembersView> {
    await this.readableMembers(user, roomId);
    return { members: (await this.repository.members(roomId)).map(memberView) };
  }

  async basicMembers(user: AuthUser, roomId: string): Promise<BasicMembersView> {
    await this.readableMembers(user, roomId);
    return { members: (await this.repository.members(roomId)).map(basicMemberView) };
  }

  async memberDetails(user: AuthUser, roomId: string): Promise<MemberDetailsView> {
    await this.readableMembers(user, roomId);
    const members = (await this.repository.members(roomId)).map(memberView);
    return { members: Object.fromEntries(members.map(({ id, name, photoUrl, isHost, role }) => [id, { name, photoUrl, isHost, role }])) };
  }

  /** The host or an admin adds people (back): existing accounts only; their marks start at the room's last seq. */
  async addMembers(user: AuthUser, roomId: string, input: AddMembersInput): Promise<MembersView> {
    const room = await this.managedRoom(user, roomId);
    if (room.status === 'closed') throw new ChatRoomClosedError();
    const people = await this.existingPeople(unique(input.members));
    const added = await this.repository.transaction(async (tx) => {
      const current = await this.repository.findRoom(roomId, tx);
      if (current?.status !== 'open') throw writeRefusal(current);
      return this.repository.addMembers(tx, roomId, people, { role: 'member', source: 'manual', rejoin: true });
    });
    if (added.length > 0) this.broadcast.membersAdded(roomId, added);
    return { members: (await this.repository.members(roomId)).map(memberView) };
  }

  async removeMember(user: AuthUser, roomId: string, userId: string): Promise<void> {
    await this.managedRoom(user, roomId);
    if (!isUuid(userId)) return;
    const target = await this.repository.membership(roomId, userId);
    if (target?.active && target.role === 'host') throw new CannotRemoveHostError();
    const removed = await this.repository.transaction((tx) => this.repository.endMemberships(tx, roomId, [userId], { removedBy: user.id }));
    if (removed.length > 0) this.broadcast.membersRemoved(roomId, removed);
  }

  async leave(user: AuthUser, roomId: string): Promise<void> {
    const { membership } = await this.memberOf(user.id, roomId);
    if (membership.role === 'host') throw new HostCannotLeaveError();
    const left = await this.repository.transaction((tx) => this.repository.endMemberships(tx, roomId, [user.id], { removedBy: user.id }));
    if (left.length > 0) this.broadcast.membersRemoved(roomId, left);
  }

  async membership(user: AuthUser, roomId: string): Promise<MembershipView> {
    const { membership } = await this.roomWithMembership(user.id, roomId);
    return { is_member: membership?.active ?? false };
  }

  async requireMember(userId: string, roomId: string): Promise<{ role: MemberRole; status: RoomStatus }> {
    const { room, membership } = await this.memberOf(userId, roomId);
    return { role: membership.role, status: room.status };
  }

  roomIdsOf(userId: string): Promise<string[]> {
    return this.repository.roomIdsOf(userId);
  }

  // ---- messages

  /** Newest window by default, an older page before `before`, or everything after `after` (resync); oldest first. */
  async page(user: AuthUser, roomId: string, query: MessagePageQuery): Promise<MessagePageView> {
    const { room } = await this.memberOf(user.id, roomId);
    const { window, limit } = pageWindow(query);
    const rows = await this.repository.messages(roomId, window, limit);
    const messages = await this.messageViews(roomId, rows);
    const lowest = rows[0]?.seq ?? ('before' in window ? window.before : 'after' in window ? window.after + 1 : room.lastSeq + 1);
    const hasMore = lowest > 1 && (await this.repository.hasMessagesBefore(roomId, lowest));
    const lastSeq = Math.max(room.lastSeq, rows.at(-1)?.seq ?? 0);
    return { messages: messages.views, hasMore, lastSeq, receipts: messages.members.map((member) => receiptView(roomId, member)) };
  }

  /** Stores the message under the room's next seq; a retry with the same client id answers the stored one (created false). */
  async send(user: AuthUser, roomId: string, input: SendMessageInput): Promise<{ message: MessageView; created: boolean }> {
    await this.writableRoomOf(user.id, roomId);
    const content = messageContent(input);
    const retried = () => this.repository.findByClientId(roomId, user.id, input.clientId);
    const earlier = await retried();
    if (earlier) return { message: await this.messageView(earlier), created: false };
    // A retry of a message already stored is answered above and never counted.
    await this.sendRate.take(user.id, roomId);
    const stored = await this.store({ ...content, roomId, senderId: user.id, clientId: input.clientId });
    if (stored === null) return { message: await this.messageView((await retried())!), created: false };
    return { message: await this.announceMessage(user.id, roomId, stored), created: true };
  }

  /** The voter's choices become `optionIds` (none takes the vote back), in one step per voter. */
  async vote(user: AuthUser, roomId: string, messageId: string, input: PollVoteInput): Promise<MessageView> {
    await this.writableRoomOf(user.id, roomId);
    const poll = isUuid(messageId) ? await this.repository.findMessage(roomId, messageId) : null;
    if (!poll) throw new PollNotFoundError();
    if (poll.type !== 'poll' || !poll.pollOptions) throw new NotAPollError();
    const chosen = unique(input.optionIds);
    const known = new Set(poll.pollOptions.map(({ id }) => id));
    if (chosen.some((id) => !known.has(id))) throw new UnknownPollOptionError();
    await this.repository.transaction(async (tx) => {
      if (!(await this.repository.lockMember(tx, roomId, user.id))) throw new NotChatMemberError();
      const room = await this.repository.findRoom(roomId, tx);
      if (room?.status !== 'open') throw writeRefusal(room);
      await this.repository.replaceVotes(tx, messageId, user.id, chosen);
    });
    // The poll's row is as read above (votes are rows of their own): only its counts are new.
    const message = await this.messageView(poll);
    this.broadcast.messageUpdated(message);
    return message;
  }

  markRead(user: AuthUser, roomId: string, seq: number): Promise<ReceiptView> {
    return this.mark(user.id, roomId, seq, true);
  }

  markDelivered(user: AuthUser, roomId: string, seq: number): Promise<ReceiptView> {
    return this.mark(user.id, roomId, seq, false);
  }

  /** Over every room the person is still a member of, open or closed. */
  async unreadTotals(user: AuthUser): Promise<UnreadTotalsView> {
    const rooms = (await this.repository.unreadOf(user.id)).map(unreadView);
    return { total: rooms.reduce((sum, room) => sum + room.count, 0), rooms };
  }

  // ---- the system (workers): idempotent, no caller to check

  /** The event's room, made with its host on the first call; null when the event is gone or cancelled, or its room was deleted. */
  async ensureEventRoom(eventId: string): Promise<string | null> {
    const existing = await this.repository.findEventRoom(eventId);
    if (existing) return existing.id;
    const event = await this.repository.findEvent(eventId);
    if (!event || event.cancelled || (await this.repository.eventRoomWasDeleted(eventId))) return null;
    const created = await this.openRoom(event, { name: event.title, eventImage: event.image, createdBy: event.hostId });
    return created ?? (await this.repository.findEventRoom(eventId))?.id ?? null;
  }

  /** An accepted fan joins; one who left or whom the host removed stays out. */
  async addAttendee(eventId: string, userId: string): Promise<void> {
    const roomId = await this.ensureEventRoom(eventId);
    if (!roomId || (await this.repository.existingUserIds([userId])).size === 0) return;
    const added = await this.repository.transaction((tx) =>
      this.repository.addMembers(tx, roomId, [userId], { role: 'member', source: 'application', rejoin: false }),
    );
    if (added.length > 0) this.broadcast.membersAdded(roomId, added);
  }

  /** A fan who came in through an application leaves (rejected, refunded); people the host added stay. */
  async removeAttendee(eventId: string, userId: string): Promise<void> {
    const room = await this.repository.findEventRoom(eventId);
    if (!room) return;
    const removed = await this.repository.transaction((tx) =>
      this.repository.endMemberships(tx, room.id, [userId], { removedBy: null, onlySource: 'application' }),
    );
    if (removed.length > 0) this.broadcast.membersRemoved(room.id, removed);
  }

  async closeEventRoom(eventId: string): Promise<void> {
    const closed = await this.repository.transaction((tx) => this.repository.closeEventRoom(tx, eventId));
    if (closed) this.broadcast.roomUpdated(closed);
  }

  /** Inside the account-deletion transaction; the caller broadcasts after commit (broadcastLeft). */
  leaveAllRooms(tx: EntityManager, userId: string): Promise<string[]> {
    return this.repository.leaveAll(tx, userId);
  }

  broadcastLeft(userId: string, roomIds: readonly string[]): void {
    for (const roomId of roomIds) this.broadcast.membersRemoved(roomId, [userId]);
  }

  // ---- access

  /** The room, 404 when there is none, and the person's membership in it: one read. */
  private async roomWithMembership(userId: string, roomId: string): Promise<{ room: RoomRow; membership: MembershipRow | null }> {
    const found = isUuid(roomId) ? await this.repository.roomWithMembership(roomId, userId) : null;
    if (!found) throw new ChatRoomNotFoundError();
    return found;
  }

  private async memberOf(userId: string, roomId: string): Promise<{ room: RoomRow; membership: MembershipRow }> {
    const { room, membership } = await this.roomWithMembership(userId, roomId);
    if (!membership?.active) throw new NotChatMemberError();
    return { room, membership };
  }

  private async writableRoomOf(userId: string, roomId: string): Promise<RoomRow> {
    const { room } = await this.memberOf(userId, roomId);
    if (room.status === 'closed') throw new ChatRoomClosedError();
    return room;
  }

  /** Its host (a member with the host role) or an admin. */
  private async managedRoom(user: AuthUser, roomId: string): Promise<RoomRow> {
    const { room, membership } = await this.roomWithMembership(user.id, roomId);
    if (!isAdmin(user) && !(membership?.active && membership.role === 'host')) throw new OnlyHostManagesError();
    return room;
  }

  /** Members, and admins who manage them. */
  private async readableMembers(user: AuthUser, roomId: string): Promise<void> {
    const { membership } = await this.roomWithMembership(user.id, roomId);
    if (!isAdmin(user) && !membership?.active) throw new NotChatMemberError();
  }

  private async existingPeople(userIds: string[]): Promise<string[]> {
    const existing = await this.repository.existingUserIds(userIds);
    if (userIds.some((id) => !existing.has(id))) throw new ChatUserNotFoundError();
    return userIds;
  }

  // ---- helpers

  /** Stores the message in one transaction; its seq, or null when a simultaneous retry stored it first. */
  private async store(message: Omit<NewMessage, 'seq'>): Promise<number | null> {
    try {
      return await this.repository.transaction((tx) => this.storeMessage(tx, message));
    } catch (error) {
      if (error instanceof AlreadySent) return null;
      throw error;
    }
  }

  /** Inside the send transaction: the room's next seq, the row, the sender's marks (sending reads the room), the push's domain event. */
  private async storeMessage(tx: EntityManager, message: Omit<NewMessage, 'seq'>): Promise<number> {
    const seq = await this.repository.nextSeq(tx, message.roomId);
    if (seq === null) throw writeRefusal(await this.repository.findRoom(message.roomId, tx));
    if (!(await this.repository.membership(message.roomId, message.senderId, tx))?.active) throw new NotChatMemberError();
    if (!(await this.repository.insertMessage(tx, { ...message, seq }))) throw new AlreadySent();
    await this.repository.moveMarks(tx, message.roomId, message.senderId, seq, true);
    await this.outbox.publish(tx, ChatMessageSent, { roomId: message.roomId, seq });
    return seq;
  }

  /** Makes the event's room with its host (and `people`); null when another call made it first. */
  private async openRoom(
    event: EventRow,
    room: { name: string; eventImage: string | null; createdBy: string },
    people: string[] = [],
  ): Promise<string | null> {
    const opened = await this.repository.transaction(async (tx) => {
      const roomId = await this.repository.insertRoom(tx, { eventId: event.id, ...room });
      if (!roomId) return null;
      const host = await this.repository.addMembers(tx, roomId, [event.hostId], { role: 'host', source: 'host', rejoin: true });
      const others = await this.repository.addMembers(tx, roomId, people, { role: 'member', source: 'manual', rejoin: true });
      return { roomId, added: [...host, ...others] };
    });
    if (opened) this.broadcast.membersAdded(opened.roomId, opened.added);
    return opened?.roomId ?? null;
  }

  /** After commit: the new message to the room and its members' feeds (it carries the sender's marks), the sender's unread count to their connections. */
  private async announceMessage(senderId: string, roomId: string, seq: number): Promise<MessageView> {
    const row = (await this.repository.messageAt(roomId, seq))!;
    const message = await this.messageView(row);
    this.broadcast.messageCreated(message, { roomId, lastSeq: seq, lastMessage: lastMessageView(row) });
    await this.tellUnread(senderId, roomId);
    return message;
  }

  private async mark(userId: string, roomId: string, seq: number, read: boolean): Promise<ReceiptView> {
    if (!Number.isSafeInteger(seq) || seq < 0) throw new ValidationError('seq: must be a whole number, 0 or more');
    await this.memberOf(userId, roomId);
    const [before, after] = await this.repository.transaction(async (tx) => {
      const locked = await this.repository.lockMember(tx, roomId, userId);
      if (!locked) throw new NotChatMemberError();
      return [locked, (await this.repository.moveMarks(tx, roomId, userId, seq, read))!] as const;
    });
    const receipt = receiptView(roomId, { userId, ...after });
    if (after.readSeq !== before.readSeq || after.deliveredSeq !== before.deliveredSeq) this.broadcast.receipt(receipt);
    if (after.readSeq !== before.readSeq) await this.tellUnread(userId, roomId);
    return receipt;
  }

  /** The person's unread count in the room, to their own connections (their read mark moved). */
  private async tellUnread(userId: string, roomId: string): Promise<void> {
    const [unread] = await this.repository.unreadOf(userId, roomId);
    if (unread) this.broadcast.unread(userId, unreadView(unread));
  }

  /** As the caller sees it: an admin who is not a member gets no message (nothing unread, no last message). */
  private async roomViewFor(room: RoomRow, membership: MembershipRow | null): Promise<RoomView> {
    const member = membership?.active ? membership : null;
    const [memberIds, lastMessages] = await Promise.all([
      this.repository.memberIdsByRoom([room.id]),
      member ? this.repository.lastMessages([room.id]) : new Map<string, MessageRow>(),
    ]);
    const mine = member ?? { role: 'member' as const, readSeq: room.lastSeq };
    return roomView(room, mine, memberIds.get(room.id) ?? [], lastMessages.get(room.id) ?? null);
  }

  /** One message: its status needs only the slowest of the other members, not the whole list. */
  private async messageView(row: MessageRow): Promise<MessageView> {
    const [othersLowest, votes] = await Promise.all([
      this.repository.othersLowestMarks(row.roomId, row.senderId),
      this.repository.votesFor(row.type === 'poll' ? [row.id] : []),
    ]);
    return messageView(row, othersLowest, votes);
  }

  private async messageViews(roomId: string, rows: readonly MessageRow[]) {
    const polls = rows.filter((row) => row.type === 'poll').map((row) => row.id);
    const [members, votes] = await Promise.all([this.repository.members(roomId), this.repository.votesFor(polls)]);
    const lowestBySender = new Map<string, MarksRow | null>();
    const othersLowestOf = (senderId: string) => {
      if (!lowestBySender.has(senderId)) lowestBySender.set(senderId, othersLowestMarks(members, senderId));
      return lowestBySender.get(senderId)!;
    };
    return { members, views: rows.map((row) => messageView(row, othersLowestOf(row.senderId), votes)) };
  }
}

/** The room's picture: the one asked for (an https address, trimmed), else the event's first image. */
function roomImage(asked: string | null | undefined, eventImage: string | null): string | null {
  const image = asked === undefined ? eventImage : asked;
  if (!image) return null;
  const parsed = mediaUrl.safeParse(image);
  if (!parsed.success) throw new ValidationError('event_image: must be an https URL');
  return parsed.data;
}

/** Why a room found in a write's transaction takes no writes: it was deleted, or closed. */
const writeRefusal = (room: RoomRow | null) => (room ? new ChatRoomClosedError() : new ChatRoomNotFoundError());

/** What the message holds, checked: an image must be one of this API's uploads. */
function messageContent(input: SendMessageInput): Content {
  switch (input.type) {
    case 'text':
      return { type: 'text', text: input.text, imageUrl: null, pollOptions: null };
    case 'poll':
      return {
        type: 'poll',
        text: input.text,
        imageUrl: null,
        pollOptions: input.options.map((text, index) => ({ id: `opt${index + 1}`, text })),
      };
    case 'image':
      if (!isOwnUploadUrl(input.imageUrl)) throw new ForeignImageUrlError();
      return { type: 'image', text: input.text ?? null, imageUrl: input.imageUrl, pollOptions: null };
  }
}

function pageWindow(query: MessagePageQuery): { window: PageWindow; limit: number } {
  if (query.before !== undefined && query.after !== undefined) throw new ValidationError('query: use before or after, not both');
  if (query.after !== undefined) return { window: { after: query.after }, limit: query.limit ?? ChatLimits.maxWindow };
  if (query.before !== undefined) return { window: { before: query.before }, limit: query.limit ?? ChatLimits.olderPage };
  return { window: { newest: true }, limit: query.limit ?? ChatLimits.initialWindow };
}
