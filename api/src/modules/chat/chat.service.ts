import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import {
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
import { type AuthUser } from '../../platform/http/auth-context.js';
import { ChatBroadcast } from './chat-broadcast.port.js';
import { ChatRepository } from './chat.repository.js';

const pending = (): never => {
  throw new Error('chat: not implemented yet');
};

/** Skeleton: every signature of the shared brief; bodies land next. */
@Injectable()
export class ChatService {
  constructor(
    private readonly repository: ChatRepository,
    private readonly broadcast: ChatBroadcast,
  ) {}

  createOrGet(_user: AuthUser, _input: CreateRoomInput): Promise<{ room: RoomView; created: boolean }> {
    return pending();
  }
  rooms(_user: AuthUser): Promise<RoomListView> {
    return pending();
  }
  room(_user: AuthUser, _roomId: string): Promise<RoomView> {
    return pending();
  }
  deleteRoom(_user: AuthUser, _roomId: string): Promise<void> {
    return pending();
  }
  members(_user: AuthUser, _roomId: string): Promise<MembersView> {
    return pending();
  }
  basicMembers(_user: AuthUser, _roomId: string): Promise<BasicMembersView> {
    return pending();
  }
  memberDetails(_user: AuthUser, _roomId: string): Promise<MemberDetailsView> {
    return pending();
  }
  addMembers(_user: AuthUser, _roomId: string, _input: AddMembersInput): Promise<MembersView> {
    return pending();
  }
  removeMember(_user: AuthUser, _roomId: string, _userId: string): Promise<void> {
    return pending();
  }
  leave(_user: AuthUser, _roomId: string): Promise<void> {
    return pending();
  }
  membership(_user: AuthUser, _roomId: string): Promise<MembershipView> {
    return pending();
  }
  requireMember(_userId: string, _roomId: string): Promise<{ role: MemberRole; status: RoomStatus }> {
    return pending();
  }
  roomIdsOf(_userId: string): Promise<string[]> {
    return pending();
  }
  page(_user: AuthUser, _roomId: string, _query: MessagePageQuery): Promise<MessagePageView> {
    return pending();
  }
  send(_user: AuthUser, _roomId: string, _input: SendMessageInput): Promise<{ message: MessageView; created: boolean }> {
    return pending();
  }
  vote(_user: AuthUser, _roomId: string, _messageId: string, _input: PollVoteInput): Promise<MessageView> {
    return pending();
  }
  markRead(_user: AuthUser, _roomId: string, _seq: number): Promise<ReceiptView> {
    return pending();
  }
  markDelivered(_user: AuthUser, _roomId: string, _seq: number): Promise<ReceiptView> {
    return pending();
  }
  unreadTotals(_user: AuthUser): Promise<UnreadTotalsView> {
    return pending();
  }
  metrics(_user: AuthUser, _roomId: string): Promise<RoomMetricsView> {
    return pending();
  }
  ensureEventRoom(_eventId: string): Promise<string | null> {
    return pending();
  }
  addAttendee(_eventId: string, _userId: string): Promise<void> {
    return pending();
  }
  removeAttendee(_eventId: string, _userId: string): Promise<void> {
    return pending();
  }
  closeEventRoom(_eventId: string): Promise<void> {
    return pending();
  }
  leaveAllRooms(_tx: EntityManager, _userId: string): Promise<string[]> {
    return pending();
  }
  broadcastLeft(_userId: string, _roomIds: readonly string[]): void {
    pending();
  }
}
