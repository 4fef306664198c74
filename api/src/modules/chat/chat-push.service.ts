import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PUSH_ONLY_TYPE } from '../../contracts/notification-types.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { type NewNotification } from '../notifications/notifications.repository.js';
import { ChatPushRepository, type ClaimedPush, type PushedRoom } from './chat-push.repository.js';
import { messagePreview, personName } from './chat.views.js';
import { ChatPresence } from './gateway/chat-presence.service.js';

export interface RoomPushReport {
  /** Members pushed now. */
  pushed: number;
  /** Members online, who saw the messages live. */
  online: number;
}

/** "Asha: see you there" for one message; "3 new messages in Jazz night" for more. */
function pushBody(room: PushedRoom, push: ClaimedPush): string {
  const count = push.upToSeq - push.seenSeq;
  if (count === 1 && room.message) return `${personName(room.message.sender)}: ${messagePreview(room.message)}`;
  return `${count} new messages in ${room.name}`;
}

/**
 * Chat pushes to members who are away, batched per room: at most one push per member per room per
 * ChatLimits.pushBatchMs, covering every message since the last thing they were told. A member
 * online when messages come sees them live and is marked told. Pushes go through the notifications
 * fan-out (one per device, exactly once) as the push-only type, outside the inbox.
 */
@Injectable()
export class ChatPushService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ChatPushRepository,
    private readonly presence: ChatPresence,
    private readonly notifications: NotificationsService,
  ) {}

  async pushRoom(roomId: string): Promise<RoomPushReport> {
    const untold = await this.repository.untoldMembers(roomId);
    if (untold.length === 0) return { pushed: 0, online: 0 };
    const online = await this.presence.onlineAmong(untold);
    // The claim pushes those of them whose batch window has passed.
    const away = untold.filter((userId) => !online.has(userId));
    const pushed = await this.dataSource.transaction(async (tx) => {
      await this.repository.markToldLive(tx, roomId, [...online]);
      const claimed = await this.repository.claim(tx, roomId, away);
      if (claimed.length === 0) return 0;
      const room = (await this.repository.pushedRoom(tx, roomId, claimed[0]!.upToSeq))!;
      await this.notifications.notify(tx, ...claimed.map((push) => this.notification(roomId, room, push)));
      return claimed.length;
    });
    return { pushed, online: online.size };
  }

  private notification(roomId: string, room: PushedRoom, push: ClaimedPush): NewNotification {
    return {
      userId: push.userId,
      type: PUSH_ONLY_TYPE,
      eventId: room.eventId,
      eventTitle: room.name,
      title: room.name,
      body: pushBody(room, push),
      link: `/chat/${roomId}`,
    };
  }
}
