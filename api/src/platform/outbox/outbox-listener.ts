import { Logger } from '@nestjs/common';
import pg from 'pg';
import { type AppConfig } from '../config/config.schema.js';
import { OutageLog } from '../dependencies/outage-log.js';
import { withTimeout } from '../with-timeout.js';

/**
 * The channel the outbox_event trigger notifies once per inserting statement (migration
 * 1763701860000-outbox-notify.ts, which spells it out itself: a landed migration never changes).
 */
export const OUTBOX_CHANNEL = 'outbox_event_inserted';

/** How the listening connection shows in pg_stat_activity (an operator, or a test, can find it). */
export const OUTBOX_LISTENER_NAME = 'tribe-outbox-listener';

export type OutboxListenerSettings = Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS'>;

/** After a lost connection the first retry comes soon, then each waits twice as long, up to the last. */
const FIRST_RETRY_MS = 100;
const LONGEST_RETRY_MS = 5_000;
/** Closing the connection on shutdown waits this long for the server's goodbye, then drops the socket. */
const CLOSE_TIMEOUT_MS = 2_000;

/** pg's client keeps its socket here; it is only touched when a close did not finish in time. */
interface ClientSocket {
  connection?: { stream?: { destroy(): void } };
}

/**
 * One PostgreSQL connection of its own (never one of the pool's: it stays open for LISTEN) that
 * calls `onWake` for each notification on OUTBOX_CHANNEL, and once more each time it has (re)started
 * listening: events committed while nobody listened were never announced. A lost connection is
 * made again with growing waits; every wait on PostgreSQL here is bounded (connect, the LISTEN
 * statement, the close). Meanwhile the relay's poll still finds everything, only later.
 */
export class OutboxListener {
  private readonly logger = new Logger(OutboxListener.name);
  private readonly outage = new OutageLog('outbox listener', this.logger, { networkErrorsFrom: 'PostgreSQL' });
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = FIRST_RETRY_MS;
  private stopped = true;
  private isListening = false;

  constructor(
    private readonly settings: OutboxListenerSettings,
    private readonly onWake: () => void,
  ) {}

  /** Whether LISTEN is in place right now. */
  get listening(): boolean {
    return this.isListening;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    await this.connecting;
    const client = this.client;
    this.client = undefined;
    this.isListening = false;
    if (!client) return;
    await withTimeout(client.end(), CLOSE_TIMEOUT_MS, 'the outbox listener did not close in time').catch(() =>
      (client as unknown as ClientSocket).connection?.stream?.destroy(),
    );
  }

  private connect(): void {
    const client = new pg.Client({
      connectionString: this.settings.DATABASE_URL,
      application_name: OUTBOX_LISTENER_NAME,
      connectionTimeoutMillis: this.settings.DATABASE_CONNECT_TIMEOUT_MS,
      query_timeout: this.settings.DATABASE_QUERY_TIMEOUT_MS,
      // A peer that vanished without closing (a partition) is noticed by TCP in time.
      keepAlive: true,
    });
    this.client = client;
    let lost = false;
    const lose = (error: unknown) => {
      if (lost || this.stopped) return;
      lost = true;
      this.isListening = false;
      if (this.client === client) this.client = undefined;
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      this.outage.failed(error);
      this.retryTimer = setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection closed')));
    client.on('notification', () => this.onWake());
    const connecting = client
      .connect()
      .then(() => client.query(`LISTEN ${OUTBOX_CHANNEL}`))
      .then(() => {
        if (lost || this.stopped) return;
        this.isListening = true;
        this.retryMs = FIRST_RETRY_MS;
        this.outage.recovered();
        this.onWake();
      }, lose)
      .finally(() => {
        if (this.connecting === connecting) this.connecting = undefined;
      });
    this.connecting = connecting;
  }
}
