import { Injectable } from '@nestjs/common';
import {
  ChatMessages,
  type MessageView,
  type ReceiptView,
  type RoomActivityView,
  type UnreadView,
} from '../../../contracts/chat.contract.js';
import { ChatBroadcast } from '../chat-broadcast.port.js';
import { ChatEmitter } from './chat-emitter.js';
import { SocketRooms } from './chat-redis.js';

const { room, feed, user } = SocketRooms;

/** ChatBroadcast over socket.io's Redis emitter: works the same from the API and the workers. */
@Injectable()
export class RedisChatBroadcast extends ChatBroadcast {
  constructor(private readonly emitter: ChatEmitter) {
    super();
  }

  messageCreated(message: MessageView, activity: RoomActivityView): void {
    this.emitter.to(room(message.roomId)).emit('message:new', message);
    this.emitter.to(feed(message.roomId)).emit('room:activity', activity);
  }

  messageUpdated(message: MessageView): void {
    this.emitter.to(room(message.roomId)).emit('message:updated', message);
  }

  receipt(receipt: ReceiptView, unread: UnreadView | null): void {
    this.emitter.to(room(receipt.roomId)).emit('receipt', receipt);
    if (unread) this.emitter.to(user(receipt.userId)).emit('unread', unread);
  }

  membersAdded(roomId: string, userIds: readonly string[]): void {
    if (userIds.length > 0) this.emitter.to(userIds.map(user)).socketsJoin(feed(roomId));
    // The feed too: the new members' room lists learn of the room.
    this.emitter.to([room(roomId), feed(roomId)]).emit('room:updated', { roomId });
  }

  membersRemoved(roomId: string, userIds: readonly string[]): void {
    if (userIds.length > 0) {
      const removed = userIds.map(user);
      this.emitter.to(removed).socketsLeave([room(roomId), feed(roomId)]);
      this.emitter.to(removed).emit('room:removed', { roomId, message: ChatMessages.notMember });
    }
    this.emitter.to([room(roomId), feed(roomId)]).emit('room:updated', { roomId });
  }

  roomUpdated(roomId: string): void {
    this.emitter.to([room(roomId), feed(roomId)]).emit('room:updated', { roomId });
  }

  roomDeleted(roomId: string): void {
    const everyone = [room(roomId), feed(roomId)];
    this.emitter.to(everyone).emit('room:removed', { roomId, message: ChatMessages.notMember });
    this.emitter.to(everyone).socketsLeave(everyone);
  }
}
