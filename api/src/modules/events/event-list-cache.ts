import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { type PreparedJson } from '../../platform/http/prepared-json.js';
import { type EventRow, type EventVersion } from './event.views.js';
import { ListCache } from './list-cache.js';

/**
 * A page of rows, with its body per version once a request has needed it: the data array's JSON
 * text, and the whole page prepared for the total it was last sent with.
 */
export interface CachedPage {
  rows: EventRow[];
  bodies: Partial<Record<EventVersion, { data: string; total: number; json: PreparedJson }>>;
}

/**
 * The caches of list pages and of list totals (one total per filter, shared by all its pages),
 * cleared by every event write in this process.
 */
@Injectable()
export class EventListCache {
  readonly pages: ListCache<CachedPage>;
  readonly totals: ListCache<number>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pages = new ListCache(config.EVENT_LIST_CACHE_TTL_MS, config.EVENT_LIST_CACHE_MAX_ENTRIES);
    this.totals = new ListCache(config.EVENT_TOTAL_CACHE_TTL_MS, config.EVENT_LIST_CACHE_MAX_ENTRIES);
  }

  clear(): void {
    this.pages.clear();
    this.totals.clear();
  }
}
