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

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

export function paginate(page: number, limit: number, total: number): Pagination {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}
