import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';

/** The provider_event table: each webhook once, by its event id and by what it says (its subject). */
@Injectable()
export class ProviderEventsRepository {
  /** False when this event, or another saying the same, was already recorded (a repeat or a replay). */
  async recordOnce(
    tx: EntityManager,
    event: { id: string; subject: string; provider: string; type: string; payload: unknown },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO provider_event (id, subject, provider, type, payload) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [event.id, event.subject, event.provider, event.type, JSON.stringify(event.payload)],
    );
    return rows.length > 0;
  }
}
