import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';

/** The provider_event table: each webhook event id once. */
@Injectable()
export class ProviderEventsRepository {
  /** False when this event was already recorded (a repeated delivery). */
  async recordOnce(tx: EntityManager, event: { id: string; provider: string; type: string; payload: unknown }): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `INSERT INTO provider_event (id, provider, type, payload) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.provider, event.type, JSON.stringify(event.payload)],
    );
    return rows.length > 0;
  }
}
