import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { ChatService } from './chat.service.js';

/**
 * A person leaving Tribe leaves every chat room with the deletion request. What they wrote stays,
 * shown as from "Deleted user". Their connections hear it once the deletion has committed.
 */
@Injectable()
export class ChatDeletionStep implements AccountDeletionStep {
  /** Rooms left by a deletion whose transaction has not committed yet, by person. */
  private readonly leaving = new Map<string, string[]>();

  constructor(private readonly chat: ChatService) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    this.leaving.set(userId, await this.chat.leaveAllRooms(tx, userId));
  }

  afterDeletion(userId: string): void {
    const roomIds = this.leaving.get(userId) ?? [];
    this.leaving.delete(userId);
    if (roomIds.length > 0) this.chat.broadcastLeft(userId, roomIds);
  }
}
