import { Inject, Injectable } from '@nestjs/common';
import {
  paginate,
  paginateCounted,
  type EventFilter,
  type EventView,
  type PageQuery,
  type Pagination,
} from '../../contracts/event.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { PreparedJson } from '../../platform/http/prepared-json.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { EventApplicants } from './event-applicants.port.js';
import { EventListCache, type CachedPage } from './event-list-cache.js';
import { type ListCache } from '../../platform/list-cache.js';
import { buildListQuery, type ListFilter, type ListScope } from './event-query.js';
import { toEventView, type EventVersion } from './event.views.js';
import { HomeNeedsLoginError } from './events.errors.js';
import { EventsRepository } from './events.repository.js';

/**
 * An EventPage ({ data, pagination }) as prepared JSON. Lists are the hot path (docs/performance.md):
 * a cached page keeps its body per version and total, so its text is built and gzipped once.
 */
export type EventPageJson = PreparedJson;

/** Event lists: the filter of SPEC §3 with the role rules of §6, the general lists, a host's lists. */
@Injectable()
export class EventListingService {
  /** Totals are exact up to this many events, then answered as this many and not exact. */
  private readonly exactUpTo: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly events: EventsRepository,
    private readonly accounts: UserAccounts,
    private readonly cache: EventListCache,
    private readonly applicants: EventApplicants,
  ) {
    this.exactUpTo = config.EVENT_TOTAL_EXACT_UP_TO;
  }

  /**
   * userRole=influencer is the influencer's home: only the caller's own events, cancelled and
   * unpublished ones included. Otherwise (fan, or no role) it is discover: listed events only, never
   * the caller's own.
   */
  async filter(filter: EventFilter, viewer: AuthUser | null, version: EventVersion): Promise<EventPageJson> {
    let scope: ListScope;
    if (filter.userRole === 'influencer') {
      if (!viewer) throw new HomeNeedsLoginError();
      scope = { hostId: viewer.id, includeCancelled: true, includeUnpublished: true };
    } else {
      scope = { excludeHostId: viewer?.id, includeCancelled: false, includeUnpublished: false };
    }
    return this.list(scope, filter, filter, version);
  }

  /** GET /events and /events/public: listed upcoming events, soonest first. */
  async upcoming(page: PageQuery, version: EventVersion): Promise<EventPageJson> {
    return this.list({ includeCancelled: false, includeUnpublished: false }, { upcomingOnly: true }, page, version);
  }

  /**
   * A host's events. `all` false: upcoming active ones, soonest first. `all` true: past ones too,
   * latest first, and cancelled ones only for the host (or an admin). Unpublished ones only for them.
   */
  async hostedBy(hostId: string, viewer: AuthUser, all: boolean, page: PageQuery): Promise<EventPageJson> {
    await this.accounts.requireActive(hostId);
    const owner = viewer.id === hostId || isAdmin(viewer);
    const scope: ListScope = { hostId, includeCancelled: all && owner, includeUnpublished: owner };
    return this.list(scope, { upcomingOnly: !all }, page, 'full');
  }

  /** Events the person was accepted to that have taken place, latest first. */
  async pastAttended(userId: string, page: PageQuery): Promise<EventPageJson> {
    await this.accounts.requireActive(userId);
    const ids = await this.applicants.attendedEventIds(userId);
    const offset = (page.page - 1) * page.limit;
    const views = await this.views(ids.slice(offset, offset + page.limit), 'public');
    return new PreparedJson(pageJson(JSON.stringify(views), paginate(page.page, page.limit, ids.length)));
  }

  /** Views of these events, in this order (deleted ones left out). */
  async views(ids: string[], version: EventVersion): Promise<EventView[]> {
    return (await this.events.viewRows(ids)).map((row) => toEventView(row, version));
  }

  /**
   * `version` is the most the caller may see. Lists of other people's events are always the public
   * version: the host's phone and the meeting link are read one event at a time, never harvested
   * a hundred per page. A host's own lists (and an admin's view of them) keep the full version, and
   * show each event's moderation.
   */
  private async list(scope: ListScope, filter: ListFilter, page: PageQuery, allowed: EventVersion): Promise<EventPageJson> {
    const version: EventVersion = scope.includeUnpublished ? allowed : 'public';
    const query = buildListQuery(scope, filter);
    const key = `${query.where}|${JSON.stringify(query.params)}`;
    const offset = (page.page - 1) * page.limit;
    // A host's own lists are always read fresh: with several API processes a cached page could hide
    // the change they just made on another one.
    const cached = <T>(cache: ListCache<T>, cacheKey: string, load: () => Promise<T>) =>
      scope.includeUnpublished ? load() : cache.get(cacheKey, load);
    // `counted` is at most exactUpTo + 1: a huge filter stops counting there.
    const [counted, found] = await Promise.all([
      cached(this.cache.totals, key, () => this.events.listTotal(query, this.exactUpTo)),
      cached(this.cache.pages, `${key}|${query.order}|${page.limit}|${offset}`, async (): Promise<CachedPage> => ({
        rows: await this.events.listPage(query, page.limit, offset),
        bodies: {},
      })),
    ]);
    const body = found.bodies[version];
    if (body?.total === counted) return body.json;
    const data = body?.data ?? JSON.stringify(found.rows.map((row) => toEventView(row, version, scope.includeUnpublished)));
    const pagination = paginateCounted(page.page, page.limit, counted, this.exactUpTo, found.rows.length);
    const json = new PreparedJson(pageJson(data, pagination));
    found.bodies[version] = { data, total: counted, json };
    return json;
  }
}

const pageJson = (data: string, pagination: Pagination): string => `{"data":${data},"pagination":${JSON.stringify(pagination)}}`;
