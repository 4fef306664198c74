import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PendingEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** The request that recorded the event (null when none did: a job, a script). */
  request_id: string | null;
}

export interface OutboxBacklog {
  pending: number;
  oldestAgeSeconds: number;
}

/** The outbox_event table's SQL, all of it. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, id: string, type: string, payload: Record<string, unknown>, requestId?: string): Promise<void> {
    await tx.query('INSERT INTO outbox_event (id, type, payload, request_id) VALUES ($1, $2, $3, $4)', [
      id,
      type,
      payload,
      requestId ?? null,
    ]);
  }

  /** Oldest pending events of the given types, locked for this transaction (other relays skip them). */
  lockPending(tx: EntityManager, types: string[], limit: number): Promise<PendingEvent[]> {
    return tx.query(
      `SELECT id, type, payload, request_id FROM outbox_event
        WHERE published_at IS NULL AND rejected_at IS NULL AND type = ANY($2)
        ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit, types],
    );
  }

  /** Pending events of the given types (those some job consumes): how many, and how long the oldest has waited. */
  async backlog(types: string[]): Promise<OutboxBacklog> {
    const [row] = await this.dataSource.query<Array<{ pending: string; oldest_age: number | null }>>(
      `SELECT count(*) AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest_age
         FROM outbox_event WHERE published_at IS NULL AND rejected_at IS NULL AND type = ANY($1)`,
      [types],
    );
    return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, row?.oldest_age ?? 0) };
  }

  async markPublished(tx: EntityManager, ids: string[]): Promise<void> {
    if (ids.length > 0) await tx.query('UPDATE outbox_event SET published_at = now() WHERE id = ANY($1)', [ids]);
  }

  async markRejected(tx: EntityManager, id: string, reason: string): Promise<void> {
    await tx.query('UPDATE outbox_event SET rejected_at = now(), rejection = $2 WHERE id = $1', [id, reason]);
  }

  /**
   * For each payload, the latest published event of this type whose payload contains it (undefined
   * where none is): one query for the whole list.
   */
  async latestPublishedIds(type: string, payloads: ReadonlyArray<Record<string, unknown>>): Promise<Array<string | undefined>> {
    if (payloads.length === 0) return [];
    const rows: Array<{ id: string | null }> = await this.dataSource.query(
      `SELECT (SELECT o.id FROM outbox_event o
                WHERE o.type = $1 AND o.payload @> wanted.payload AND o.published_at IS NOT NULL
                ORDER BY o.created_at DESC LIMIT 1) AS id
         FROM unnest($2::jsonb[]) WITH ORDINALITY AS wanted(payload, position)
        ORDER BY wanted.position`,
      [type, payloads.map((payload) => JSON.stringify(payload))],
    );
    return rows.map((row) => row.id ?? undefined);
  }
}
