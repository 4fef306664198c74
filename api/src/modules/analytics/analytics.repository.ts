import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ANALYTICS_TIME_ZONE, FUNNEL_STEPS, type AnalyticsEvent } from '../../contracts/analytics.contract.js';
import { funnelBit, funnelBitOf } from './funnel.js';

const INDIA_DAY = (column: string) => `(${column} AT TIME ZONE '${ANALYTICS_TIME_ZONE}')::date`;

/**
 * One statement per batch: the events go to their month's partition, each (day, key) counter moves
 * by the batch's count, and each (day, session) notes the funnel steps it reached. Counters and
 * sessions are taken in key order, so batches sent side by side never wait on each other in a circle.
 */
const INSERT_BATCH = `
  WITH batch AS (
    SELECT * FROM unnest($1::timestamptz[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::smallint[])
      AS b(occurred_at, session_id, page, event_type, action, payload, device, funnel_step)
  ), stored AS (
    INSERT INTO analytics_event (occurred_at, session_id, page, event_type, action, payload, device)
    SELECT occurred_at, session_id, page, event_type, action, payload::jsonb, device FROM batch
  ), counted AS (
    INSERT INTO analytics_daily_count AS c (day, key, count)
    SELECT ${INDIA_DAY('occurred_at')}, page || '_' || event_type || '_' || action, count(*) FROM batch GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, key) DO UPDATE SET count = c.count + excluded.count
  )
  INSERT INTO analytics_daily_session AS s (day, session_id, funnel_steps)
  SELECT ${INDIA_DAY('occurred_at')}, session_id, bit_or(funnel_step) FROM batch GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, session_id) DO UPDATE SET funnel_steps = s.funnel_steps | excluded.funnel_steps
    WHERE s.funnel_steps | excluded.funnel_steps <> s.funnel_steps`;

/** Sessions that reached each funnel step over the days from `since`. */
const FUNNEL = `
  SELECT ${FUNNEL_STEPS.map((_, index) => `count(*) FILTER (WHERE steps & ${funnelBit(index)} <> 0) AS step${index}`).join(', ')}
    FROM (SELECT bit_or(funnel_steps) AS steps FROM analytics_daily_session
           WHERE day >= $1::date AND funnel_steps <> 0 GROUP BY session_id) sessions`;

/** The analytics tables: analytics_event (and its partitions), analytics_daily_count, analytics_daily_session. */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertBatch(events: readonly AnalyticsEvent[]): Promise<void> {
    const column = <T>(pick: (event: AnalyticsEvent) => T) => events.map(pick);
    await this.dataSource.query(INSERT_BATCH, [
      column((event) => event.timestamp),
      column((event) => event.sessionId),
      column((event) => event.page),
      column((event) => event.eventType),
      column((event) => event.action),
      column((event) => JSON.stringify(event.payload)),
      column((event) => event.device),
      column(funnelBitOf),
    ]);
  }

  /** Makes the partitions from last month to `ahead` months on; answers how many it made. */
  async ensurePartitions(ahead: number): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ made: number }>>('SELECT analytics_ensure_partitions($1) AS made', [ahead]);
    return row!.made;
  }

  /** Distinct sessions per India day from `since` (YYYY-MM-DD), days without any left out. */
  async activeSessionsByDay(since: string): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<Array<{ day: string; sessions: number }>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS sessions FROM analytics_daily_session WHERE day >= $1::date GROUP BY day`,
      [since],
    );
    return new Map(rows.map((row) => [row.day, row.sessions]));
  }

  /** Sessions per funnel step (FUNNEL_STEPS order) from `since`. */
  async funnelSince(since: string): Promise<number[]> {
    const [row] = await this.dataSource.query<Array<Record<string, string>>>(FUNNEL, [since]);
    return FUNNEL_STEPS.map((_, index) => Number(row?.[`step${index}`] ?? 0));
  }
}
