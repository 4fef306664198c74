import { z } from 'zod';
import { emptyToUndefined, intText } from './coercions.js';
import { wholeNumber } from './fields.js';

/** SPEC §9 list sizes. */
export const EVENT_LIST_PAGE_SIZE = 20;
export const EVENT_GENERAL_LIST_LIMIT = 50;
export const EVENT_LIST_MAX_LIMIT = 100;
export const EVENT_LIST_MAX_PAGE = 10_000;

/** page and limit of every list; a limit outside 1..100 is refused (400), not clamped. */
export const pageQuery = (defaultLimit: number) => ({
  page: z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, EVENT_LIST_MAX_PAGE).default(1)),
  limit: z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, EVENT_LIST_MAX_LIMIT).default(defaultLimit)),
});

export const pageQuerySchema = (defaultLimit: number) => z.object(pageQuery(defaultLimit));
export type PageQuery = { page: number; limit: number };

/**
 * The pagination of every list. `total` is exact unless `totalExact` is false: event lists count
 * only up to a cap (10,000 by default, EVENT_TOTAL_EXACT_UP_TO), and above it answer the cap with
 * `totalExact: false`, to be shown as "10,000+" (docs/decisions.md, "Event totals and the cold path").
 * Then `totalPages` is a lower bound and `hasNext` follows from the page being full.
 */
export const paginationSchema = z
  .object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0).describe('How many items match; when totalExact is false, the cap: there are more.'),
    totalExact: z.boolean().describe('False when the list holds more items than the cap counted (shown as "10,000+").'),
    totalPages: z.number().int().min(0).describe('Pages of `limit` items; a lower bound when totalExact is false.'),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  })
  .describe('Where this page sits in its list.');

export type Pagination = z.infer<typeof paginationSchema>;

/** A list whose total was counted exactly. */
export function paginate(page: number, limit: number, total: number): Pagination {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { page, limit, total, totalExact: true, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

/**
 * A list counted only up to `cap` + 1 items (`counted` is at most that): up to the cap the total is
 * exact; above it the total is the cap, and a page has a next one when it is within the cap or full
 * (a full last page may then point at an empty one).
 */
export function paginateCounted(page: number, limit: number, counted: number, cap: number, pageLength: number): Pagination {
  if (counted <= cap) return paginate(page, limit, counted);
  const totalPages = Math.ceil(cap / limit);
  return {
    page,
    limit,
    total: cap,
    totalExact: false,
    totalPages,
    hasNext: page * limit <= cap || pageLength === limit,
    hasPrev: page > 1,
  };
}
