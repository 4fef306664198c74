import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AccountDeletionStep } from '../users/account-deletion.port.js';
import { CalendarRepository } from './calendar.repository.js';

/** A person leaving Tribe: their calendar feed link stops working with the deletion request. */
@Injectable()
export class CalendarDeletionStep implements AccountDeletionStep {
  constructor(private readonly calendar: CalendarRepository) {}

  async withinDeletion(userId: string, tx: EntityManager): Promise<void> {
    await this.calendar.deleteFeed(userId, tx);
  }
}
