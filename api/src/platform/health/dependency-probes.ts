import { Inject, Injectable } from '@nestjs/common';
import { type Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../../../../migrations/index.js';
import { REDIS } from '../queue/redis.js';
import { withTimeout } from '../with-timeout.js';

export type ProbeResult = 'up' | 'down';

export interface DependencyReport {
  database: ProbeResult;
  redis: ProbeResult;
  /** 'current' when the newest migration this build knows is applied (or a newer one is). */
  migrations: 'current' | 'behind' | 'unknown';
}

const PROBE_TIMEOUT_MS = 2_000;

/** TypeORM names a migration by its class, which ends with its timestamp. */
const timestampOf = (name: string): number => Number(/(\d{13})$/.exec(name)?.[1] ?? 0);
export const EXPECTED_MIGRATION = Math.max(...MIGRATIONS.map((migration) => timestampOf(migration.name)));

/** Reaches PostgreSQL and Redis once each, bounded, for the health and readiness endpoints. */
@Injectable()
export class DependencyProbes {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async database(): Promise<ProbeResult> {
    return this.settle(this.dataSource.query('SELECT 1'));
  }

  async redisUp(): Promise<ProbeResult> {
    return this.settle(this.redis.ping());
  }

  /** Both dependencies and the schema version: one query to PostgreSQL answers for it and for the schema. */
  async report(): Promise<DependencyReport> {
    const [schema, redis] = await Promise.all([
      withTimeout(
        this.dataSource.query<Array<{ newest: string | null }>>('SELECT max("timestamp") AS newest FROM migrations'),
        PROBE_TIMEOUT_MS,
        'database timeout',
      ).then(
        ([row]) => ({
          database: 'up' as const,
          migrations: Number(row?.newest ?? 0) >= EXPECTED_MIGRATION ? ('current' as const) : ('behind' as const),
        }),
        () => ({ database: 'down' as const, migrations: 'unknown' as const }),
      ),
      this.redisUp(),
    ]);
    return { ...schema, redis };
  }

  private settle(probe: Promise<unknown>): Promise<ProbeResult> {
    return withTimeout(probe, PROBE_TIMEOUT_MS, 'probe timeout').then(
      () => 'up' as const,
      () => 'down' as const,
    );
  }
}

export const isReady = (report: DependencyReport): boolean =>
  report.database === 'up' && report.redis === 'up' && report.migrations === 'current';
