import { PRICE_FILTER_MAX, type EventFilter } from '../../contracts/event.contract.js';
import { planAgeFilter } from './age-filter.js';
import { canonicalCity } from '../../contracts/city.js';
import { EVENT_VIEW_LATERAL, EVENT_VIEW_ROW } from './event.views.js';

/**
 * Which events a list may show before any filter: the listed ones (active, published, not
 * deleted), or for an owner's own views also cancelled and unpublished ones.
 */
export interface ListScope {
  hostId?: string;
  excludeHostId?: string;
  includeCancelled: boolean;
  includeUnpublished: boolean;
}

export type ListFilter = Partial<Omit<EventFilter, 'page' | 'limit' | 'userRole'>>;

export interface ListQuery {
  where: string;
  params: unknown[];
  order: 'asc' | 'desc';
}

/**
 * The WHERE clause of a list. The listed-events condition is written as literals so that the
 * planner can use the partial indexes of migration 1763700100000 (docs/performance.md).
 */
export function buildListQuery(scope: ListScope, filter: ListFilter): ListQuery {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];

  if (!scope.includeCancelled && !scope.includeUnpublished) {
    where.push(`e.status = 'active'`, `e.moderation_status = 'published'`, 'e.deleted_at IS NULL');
  } else {
    where.push('e.deleted_at IS NULL');
    if (!scope.includeCancelled) where.push(`e.status = 'active'`);
    if (!scope.includeUnpublished) where.push(`e.moderation_status = 'published'`);
  }
  if (scope.hostId) where.push(`e.host_id = ${param(scope.hostId)}`);
  if (scope.excludeHostId) where.push(`e.host_id <> ${param(scope.excludeHostId)}`);

  if (filter.status === 'cancelled' && !scope.includeCancelled) where.push('false');
  else if (filter.status && scope.includeCancelled) where.push(`e.status = ${param(filter.status)}`);

  if (filter.userId) where.push(`e.host_id = ${param(filter.userId)}`);
  if (filter.upcomingOnly) where.push('e.date >= now()');
  if (filter.category) where.push(`e.category = ${param(filter.category)}`);
  if (filter.city) where.push(`e.city_key = ${param(canonicalCity(filter.city).toLowerCase())}`);
  if (filter.minPrice !== undefined && filter.minPrice > 0) where.push(`e.price_high >= ${param(filter.minPrice)}`);
  if (filter.maxPrice !== undefined && filter.maxPrice < PRICE_FILTER_MAX) where.push(`e.price_low <= ${param(filter.maxPrice)}`);
  if (filter.meetupType) where.push(`e.meetup_type = ${param(filter.meetupType)}`);
  if (filter.eventType) where.push(`e.event_type = ${param(filter.eventType)}`);

  const plan = planAgeFilter(filter.ageRange, filter.customAgeRange);
  if (plan) {
    const any: string[] = [];
    if (plan.includeOpen) any.push(`e.age_groups = '{}'`, `'open' = ANY (e.age_groups)`);
    if (plan.groups.length > 0) any.push(`e.age_groups && ${param(plan.groups)}::text[]`);
    for (const [min, max] of plan.spans) {
      any.push(`(e.custom_age_min <= ${param(max)} AND e.custom_age_max >= ${param(min)})`);
    }
    where.push(any.length > 0 ? `(${any.join(' OR ')})` : 'false');
  }

  return { where: where.join(' AND '), params, order: filter.upcomingOnly ? 'asc' : 'desc' };
}

/**
 * The total of a list, counted no further than `cap` + 1 rows: a filter matching more stops there
 * (the caller then answers the cap, not exact). The cap is an integer from the configuration.
 */
export function countSql(query: ListQuery, cap: number): string {
  if (!Number.isSafeInteger(cap) || cap < 1) throw new Error(`invalid count cap ${cap}`);
  return `SELECT count(*)::int AS total FROM (SELECT FROM event e WHERE ${query.where} LIMIT ${cap + 1}) counted`;
}

/**
 * One page of a list, one JSON row per event (event.views.ts); takes the query's params followed by
 * limit and offset. The page of ids comes from an index-only scan; only those rows are then read in
 * full, with their host.
 */
export function pageSql(query: ListQuery): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  const limit = query.params.length + 1;
  return `WITH page AS (
      SELECT e.id, e.date FROM event e WHERE ${query.where}
       ORDER BY e.date ${direction}, e.id ${direction}
       LIMIT $${limit} OFFSET $${limit + 1})
    SELECT ${EVENT_VIEW_ROW}
      FROM page JOIN event e ON e.id = page.id JOIN users u ON u.id = e.host_id ${EVENT_VIEW_LATERAL}
     ORDER BY page.date ${direction}, page.id ${direction}`;
}
