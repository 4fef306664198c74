import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { type DomainEvent } from './event-routes.js';

@Injectable()
export class OutboxService {
  /** Records the event inside the caller's transaction; the relay publishes it after commit. */
  async publish(tx: EntityManager, event: DomainEvent): Promise<string> {
    const id = randomUUID();
    await tx.query('INSERT INTO outbox_event (id, type, payload) VALUES ($1, $2, $3)', [id, event.type, event.payload]);
    return id;
  }
}
