import { z } from 'zod';
import { AGE_GROUPS, CUSTOM_AGE_MAX, CUSTOM_AGE_MIN, normalizeAgeGroup } from './age-groups.js';
import { EVENT_CATEGORY_KEYS, MEETUP_TYPES, normalizeEventType, type EventCategory } from './catalogue.js';
import { booleanish, emptyToUndefined, fromJsonText, intText, lowerTrim, numberish } from './coercions.js';
import { statusInput, text, wholeNumber } from './fields.js';
import { EVENT_MAX_PRICE } from './limits.js';
import { EVENT_LIST_PAGE_SIZE, pageQuery } from './pagination.js';

/** The top of the price slider means "and above": a maxPrice at or over it sets no upper bound. */
export const PRICE_FILTER_MAX = 100_000;

/** A query parameter: empty text counts as absent; `prepare` then shapes the text for `schema`. */
function param<T extends z.ZodType>(schema: T, prepare: (value: unknown) => unknown = (value) => value) {
  return z.preprocess((value) => {
    const present = emptyToUndefined(value);
    return present === undefined ? undefined : prepare(present);
  }, schema.optional());
}

/** "25,35", "25-35" or "[25,35]". */
function customRangeQuery(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = fromJsonText(value);
  const parts = Array.isArray(parsed) ? parsed : value.split(/[,-]/);
  return parts.map(numberish);
}

const ageRangeQuery = (value: unknown): unknown => {
  const list = Array.isArray(value) ? value.join(',') : value;
  return typeof list === 'string'
    ? list
        .split(',')
        .filter((part) => part.trim() !== '')
        .map(normalizeAgeGroup)
    : list;
};

const categoryKey = z.enum(EVENT_CATEGORY_KEYS as [EventCategory, ...EventCategory[]], {
  message: `must be one of ${EVENT_CATEGORY_KEYS.join(', ')}`,
});

/** The event filter of SPEC §3 (GET /events/filter and /events/public/filter). Empty values count as absent. */
export const eventFilterSchema = z
  .object({
    ageRange: param(
      z.array(z.enum(AGE_GROUPS, { message: `must list values from ${AGE_GROUPS.join(', ')}` }), {
        message: 'must be a comma-separated list',
      }),
      ageRangeQuery,
    ),
    status: param(statusInput),
    minPrice: param(wholeNumber(0, EVENT_MAX_PRICE), intText),
    maxPrice: param(wholeNumber(0, EVENT_MAX_PRICE), intText),
    category: param(categoryKey, (value) => (lowerTrim(value) === 'all' ? undefined : lowerTrim(value))),
    city: param(text(100), (value) => (lowerTrim(value) === 'all' ? undefined : value)),
    userRole: param(z.enum(['fan', 'influencer'], { message: 'must be fan or influencer' }), lowerTrim),
    ...pageQuery(EVENT_LIST_PAGE_SIZE),
    upcomingOnly: z.preprocess(
      (value) => booleanish(lowerTrim(emptyToUndefined(value))),
      z.boolean({ message: 'must be true or false' }).default(false),
    ),
    userId: param(z.uuid({ message: 'must be a valid id' }), (value) => (typeof value === 'string' ? value.trim() : value)),
    meetupType: param(z.enum(MEETUP_TYPES, { message: `must be one of ${MEETUP_TYPES.join(', ')}` }), lowerTrim),
    eventType: param(text(40), (value) => (typeof value === 'string' ? normalizeEventType(value) : value)),
    customAgeRange: param(
      z
        .tuple([wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX), wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX)], {
          message: `must be two ages from ${CUSTOM_AGE_MIN} to ${CUSTOM_AGE_MAX}, like 25,35`,
        })
        .refine(([low, high]) => low <= high, { message: 'must not have the first age above the second' }),
      customRangeQuery,
    ),
  })
  .superRefine((filter, ctx) => {
    if (filter.minPrice !== undefined && filter.maxPrice !== undefined && filter.minPrice > filter.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'must not be above maxPrice' });
    }
  });
export type EventFilter = z.output<typeof eventFilterSchema>;
