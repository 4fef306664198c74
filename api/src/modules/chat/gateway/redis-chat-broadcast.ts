import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  ChatMessages,
  furthestMarks,
  type MessageView,
  type ReceiptView,
  type RoomActivityView,
  type UnreadView,
} from '../../../contracts/chat.contract.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { ChatBroadcast } from '../chat-broadcast.port.js';
import { ChatEmitter } from './chat-emitter.js';
import { SocketRooms } from './chat-redis.js';
import { LatestByRoom } from './latest-by-room.js';

const { room, feed, user } = SocketRooms;

/**
 * ChatBroadcast over socket.io's Redis emitter: works the same from the API and the workers. A new
 * message goes out at once; receipts and room activity, which only say the latest state, are
 * gathered per room over CHAT_SIGNAL_WINDOW_MS and sent as one emit each.
 */
@Injectable()
export class RedisChatBroadcast extends ChatBroadcast implements OnModuleDestroy {
  private readonly receipts: LatestByRoom<ReceiptView>;
  private readonly activity: LatestByRoom<RoomActivityView>;

  constructor(
    private readonly emitter: ChatEmitter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    const window = config.CHAT_SIGNAL_WINDOW_MS;
    this.receipts = new LatestByRoom<ReceiptView>(window, furthestMarks, (roomId, receipts) =>
      this.emitter.to(room(roomId)).emit('receipts', receipts),
    );
    this.activity = new LatestByRoom<RoomActivityView>(
      window,
      (held, next) => (next.lastSeq >= held.lastSeq ? next : held),
      // A connection with the room open has each message itself: the activity is for the others.
      (roomId, [latest]) => this.emitter.to(feed(roomId)).except(room(roomId)).emit('room:activity', latest!),
    );
  }

  onModuleDestroy(): void {
    this.receipts.flush();
    this.activity.flush();
  }

  messageCreated(message: MessageView, activity: RoomActivityView): void {
    this.emitter.to(room(message.roomId)).emit('message:new', message);
    this.activity.add(message.roomId, message.roomId, activity);
  }

  messageUpdated(message: MessageView): void {
    this.emitter.to(room(message.roomId)).emit('message:updated', message);
  }

  receipt(receipt: ReceiptView): void {
    this.receipts.add(receipt.roomId, receipt.userId, receipt);
  }

  unread(userId: string, unread: UnreadView): void {
    this.emitter.to(user(userId)).emit('unread', unread);
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
