import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type PreparedJson } from '../../platform/http/prepared-json.js';
import { ChangeSignals, type ChangeTopic } from '../../platform/queue/change-signals.js';
import { type EventRow, type EventVersion } from './event.views.js';
import { ListCache } from '../../platform/list-cache.js';

const EVENT_LISTS: ChangeTopic = 'event-lists';

/**
 * A page of rows, with its body per version once a request has needed it: the data array's JSON
 * text, and the whole page prepared for the total it was last sent with (as counted: up to the
 * exact-total cap + 1).
 */
export interface CachedPage {
  rows: EventRow[];
  bodies: Partial<Record<EventVersion, { data: string; total: number; json: PreparedJson }>>;
}

/**
 * The caches of what every visitor reads alike: list pages, list totals (one per filter, shared by
 * all its pages) and single events' rows (a share link's page is read by many at once). A row holds
 * the same columns as a list's, so one clearing keeps both right: every event write in this process,
 * and through a change signal, in every other one.
 */
@Injectable()
export class EventListCache implements OnModuleInit {
  readonly pages: ListCache<CachedPage>;
  readonly totals: ListCache<number>;
  readonly rows: ListCache<EventRow | undefined>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly signals: ChangeSignals,
  ) {
    this.pages = new ListCache(config.EVENT_LIST_CACHE_TTL_MS, config.EVENT_LIST_CACHE_MAX_ENTRIES);
    this.totals = new ListCache(config.EVENT_TOTAL_CACHE_TTL_MS, config.EVENT_LIST_CACHE_MAX_ENTRIES);
    this.rows = new ListCache(config.EVENT_LIST_CACHE_TTL_MS, config.EVENT_LIST_CACHE_MAX_ENTRIES);
  }

  /** Not awaited: with Redis down at boot the API still starts (and /health says why). */
  onModuleInit(): void {
    this.signals.on(EVENT_LISTS, () => this.clearHere()).catch(() => undefined);
  }

  /** After an event write: here at once, elsewhere as soon as the announcement arrives. */
  clear(): void {
    this.clearHere();
    this.signals.announce(EVENT_LISTS);
  }

  private clearHere(): void {
    this.pages.clear();
    this.totals.clear();
    this.rows.clear();
  }
}
