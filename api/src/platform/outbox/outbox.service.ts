import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type EntityManager } from 'typeorm';
import { currentRequestId } from '../logging/log-context.js';
import { parsePayload, type DomainEventDefinition, type PayloadOf } from './domain-event.js';
import { OutboxRepository } from './outbox.repository.js';

@Injectable()
export class OutboxService {
  constructor(private readonly outbox: OutboxRepository) {}

  /**
   * Records the event inside the caller's transaction; the relay publishes it after commit. A payload
   * that fails the event's schema throws, so the transaction rolls back with it. The id of the request
   * being served goes with it, and on to the jobs' log lines.
   */
  async publish<Event extends DomainEventDefinition>(tx: EntityManager, event: Event, payload: PayloadOf<Event>): Promise<string> {
    const id = randomUUID();
    await this.outbox.insert(tx, id, event.type, parsePayload(event, payload) as Record<string, unknown>, currentRequestId());
    return id;
  }
}
