import { z } from 'zod';
import { Messages } from './messages.js';
import { mobileNumberSchema } from './user.contract.js';

/* ------------------------------------------------------------ catalogue ---- */

/** The 13 event categories, key → label (SPEC §3). */
export const EVENT_CATEGORIES = {
  pubcrawl: 'PubCrawl',
  travel: 'Travel',
  gamenights: 'Game Nights',
  houseparty: 'House Party',
  goingout: 'Going Out',
  sports: 'Sports',
  music: 'Music',
  tech: 'Tech MeetUps',
  arts: 'Arts',
  food: 'Food',
  fitness: 'Fitness',
  learning: 'Learning',
  others: 'Others',
} as const;
export type EventCategory = keyof typeof EVENT_CATEGORIES;
export const EVENT_CATEGORY_KEYS = Object.keys(EVENT_CATEGORIES) as EventCategory[];
export const DEFAULT_EVENT_CATEGORY: EventCategory = 'others';

export const categoryLabel = (key: string | null | undefined): string | null =>
  key && key in EVENT_CATEGORIES ? EVENT_CATEGORIES[key as EventCategory] : null;

/** Age group values (SPEC §9). "open" and "custom" stand alone; the rest are fixed ranges. */
export const AGE_GROUPS = ['18-30', '31-40', '41-50', '50+', 'open', 'custom'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const FIXED_AGE_GROUPS = ['18-30', '31-40', '41-50', '50+'] as const;
export type FixedAgeGroup = (typeof FIXED_AGE_GROUPS)[number];

/** The ages each fixed group covers, used to overlap-match custom ranges. "50+" runs to the slider's top. */
export const FIXED_AGE_SPANS: Record<FixedAgeGroup, readonly [number, number]> = {
  '18-30': [18, 30],
  '31-40': [31, 40],
  '41-50': [41, 50],
  '50+': [50, 100],
};
export const CUSTOM_AGE_MIN = 18;
export const CUSTOM_AGE_MAX = 100;

export const PRICING_TYPES = ['standard', 'gender_based'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** confirmed by default; curation events can be converted to confirmed; plan_together has no price. */
export const MEETUP_TYPES = ['confirmed', 'curation', 'plan_together'] as const;
export type MeetupType = (typeof MEETUP_TYPES)[number];

export const EVENT_STATUSES = ['active', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Only published events are listed publicly; the admin issue moves events between these. */
export const MODERATION_STATUSES = ['published', 'pending_review', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** SPEC §9 limits. */
export const EVENT_LIST_PAGE_SIZE = 20;
export const EVENT_GENERAL_LIST_LIMIT = 50;
export const EVENT_LIST_MAX_LIMIT = 100;
export const EVENT_LIST_MAX_PAGE = 10_000;
/** The top of the price slider means "and above": a maxPrice at or over it sets no upper bound. */
export const PRICE_FILTER_MAX = 100_000;
export const EVENT_MAX_PRICE = 10_000_000;
export const EVENT_MAX_IMAGES = 10;
export const EVENT_TITLE_MAX = 120;

/* ------------------------------------------------------ date to be decided ---- */

/** 2099-12-31 23:59:59 means "date to be decided" (SPEC §4, §9); stored as this instant. */
export const DATE_TO_BE_DECIDED = '2099-12-31T23:59:59.000Z';
const TBD_MS = Date.parse(DATE_TO_BE_DECIDED);
const DAY_MS = 86_400_000;

/** True for the placeholder, whatever zone it was written in (any instant within a day of it). */
export function isDateToBeDecided(value: Date | string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) && Math.abs(time - TBD_MS) <= DAY_MS;
}

/** India Standard Time, used for a date written without a zone (a datetime-local form value). */
const IST_OFFSET = '+05:30';
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 date and time. Without a zone it is read as India time. The placeholder becomes
 * exactly DATE_TO_BE_DECIDED. Returns null when the text is not a real date and time.
 */
export function parseEventDate(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map((part) => part ?? '');
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s || 0) > 59) return null;
  if (year === 2099 && month === 12 && day === 31 && h === '23' && mi === '59' && (s === '' || s === '59')) {
    return new Date(DATE_TO_BE_DECIDED);
  }
  const zone = match[8] ?? IST_OFFSET;
  const normalizedZone = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s || '00'}${match[7] ? `.${match[7].slice(0, 3).padEnd(3, '0')}` : ''}${normalizedZone}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return isDateToBeDecided(date) ? new Date(DATE_TO_BE_DECIDED) : date;
}

/* --------------------------------------------------------------- inputs ---- */

/** Lists may arrive as JSON text (SPEC §3). Empty text is an empty list. */
function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (!text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** "50+" loses its plus sign in a query string ("50 "); it is still 50+. */
export function normalizeAgeGroup(value: string): string {
  const text = value.trim().toLowerCase();
  if (text === '50' || text === '50+' || text === '50 +') return '50+';
  if (text === 'custom range') return 'custom';
  return text;
}

/** Age groups as a list, JSON text, or a comma string. */
function ageGroupList(value: unknown): unknown {
  const parsed = fromJsonText(value);
  if (typeof parsed === 'string') return parsed.split(',').filter((part) => part.trim() !== '');
  return parsed;
}

const numberish = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    const number = Number(text);
    return Number.isFinite(number) ? number : value;
  }
  return value;
};

const booleanish = (value: unknown): unknown => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);

const text = (max: number) => z.string({ message: 'must be text' }).trim().max(max, { message: `must be at most ${max} characters` });
const optionalText = (max: number) => z.preprocess(blankToNull, text(max).nullable()).optional();
const httpUrl = z
  .string({ message: 'must be a valid URL' })
  .trim()
  .max(2048, { message: 'must be at most 2048 characters' })
  .pipe(z.url({ protocol: /^https?$/, message: 'must be a valid URL' }));
const optionalUrl = z.preprocess(blankToNull, httpUrl.nullable()).optional();

const wholeNumber = (min: number, max: number, unit = '') =>
  z
    .number({ message: 'must be a number' })
    .int({ message: unit ? `must be a whole number of ${unit}` : 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

const price = z.preprocess(numberish, wholeNumber(0, EVENT_MAX_PRICE, 'rupees').nullable()).optional();

const coordinate = (limit: number) =>
  z
    .preprocess(
      numberish,
      z
        .number({ message: 'must be a number' })
        .min(-limit, { message: `must be between -${limit} and ${limit}` })
        .max(limit, { message: `must be between -${limit} and ${limit}` })
        .nullable(),
    )
    .optional();

const dateField = z
  .string({ message: 'must be an ISO date and time' })
  .transform((value, ctx) => {
    const date = parseEventDate(value);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'must be an ISO date and time' });
      return z.NEVER;
    }
    // Nothing sorts after "date to be decided": later dates (year 9999, 10000...) are typing slips.
    if (date.getTime() > TBD_MS) {
      ctx.addIssue({ code: 'custom', message: 'must not be after 2099-12-31 23:59:59, the "date to be decided" placeholder' });
      return z.NEVER;
    }
    return date;
  });

const ageGroupsField = z
  .preprocess(
    ageGroupList,
    z
      .array(
        z.preprocess(
          (value) => (typeof value === 'string' ? normalizeAgeGroup(value) : value),
          z.enum(AGE_GROUPS, { message: `must be one of ${AGE_GROUPS.join(', ')}` }),
        ),
        { message: 'must be a list or JSON text of a list' },
      )
      .max(AGE_GROUPS.length)
      .transform((groups) => [...new Set(groups)]),
  )
  .optional();

const customAgeRangeField = z
  .preprocess(
    (value) => {
      const parsed = fromJsonText(value);
      return Array.isArray(parsed) ? parsed.map(numberish) : parsed === undefined ? undefined : parsed;
    },
    z
      .tuple([wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX), wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX)], {
        message: `must be two ages from ${CUSTOM_AGE_MIN} to ${CUSTOM_AGE_MAX}`,
      })
      .refine(([low, high]) => low <= high, { message: 'must not have the first age above the second' })
      .nullable(),
  )
  .optional();

const imagesField = z
  .preprocess(
    fromJsonText,
    z
      .array(httpUrl, { message: 'must be a list of URLs or JSON text of one' })
      .max(EVENT_MAX_IMAGES, { message: `can hold at most ${EVENT_MAX_IMAGES} images` }),
  )
  .optional();

/** "In person", "in_person" and "in-person" are one event type. */
export const normalizeEventType = (value: string): string => value.trim().toLowerCase().replace(/[\s_]+/g, '-');

/** The event fields of SPEC §3 a host may send (POST /events and PUT /events/{id}); others are dropped. */
const eventFields = {
  title: text(EVENT_TITLE_MAX).min(1, { message: 'is required' }),
  description: optionalText(5000),
  date: dateField,
  end_date: z.preprocess(blankToNull, dateField.nullable()).optional(),
  location: optionalText(300),
  latitude: coordinate(90),
  longitude: coordinate(180),
  category: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(EVENT_CATEGORY_KEYS as [EventCategory, ...EventCategory[]], {
      message: `must be one of ${EVENT_CATEGORY_KEYS.join(', ')}`,
    }),
  ),
  images: imagesField,
  video: optionalUrl,
  video_duration: z
    .preprocess(
      numberish,
      z.number({ message: 'must be a number' }).min(0, { message: 'must be at least 0' }).max(86_400).nullable(),
    )
    .optional(),
  video_url_reference: optionalText(2048),
  min_bid: price,
  male_price: price,
  female_price: price,
  pricing_type: z.enum(PRICING_TYPES, { message: 'must be standard or gender_based' }),
  capacity: z.preprocess(numberish, wholeNumber(1, 100_000).nullable()).optional(),
  age_groups: ageGroupsField,
  custom_age_range: customAgeRangeField,
  event_type: z.preprocess(blankToNull, text(40).transform(normalizeEventType).nullable()).optional(),
  meeting_link: optionalUrl,
  enable_bidding: z.preprocess(booleanish, z.boolean({ message: 'must be true or false' })),
  show_attendees: z.preprocess(booleanish, z.boolean({ message: 'must be true or false' })),
  meetup_type: z.enum(MEETUP_TYPES, { message: `must be one of ${MEETUP_TYPES.join(', ')}` }),
  estimated_location: optionalText(300),
  estimated_latitude: coordinate(90),
  estimated_longitude: coordinate(180),
  host_contact_number: z.preprocess(blankToNull, mobileNumberSchema.nullable()).optional(),
  host_social_link: optionalUrl,
};

/** The rules between fields, checked on the merged state (create, and update over the stored event). */
export interface EventRuleInput {
  /** Absent when the date itself is invalid: the rules that need it are then skipped. */
  date?: Date | null;
  end_date?: Date | null;
  pricing_type?: PricingType;
  male_price?: number | null;
  female_price?: number | null;
  age_groups?: string[];
  custom_age_range?: readonly [number, number] | null;
}

/** Every broken cross-field rule, as API messages, in a fixed order (the web shows them all at once). */
export function eventRuleViolations(event: EventRuleInput): string[] {
  const problems: string[] = [];
  if (event.date && event.end_date && event.end_date.getTime() <= event.date.getTime()) problems.push(Messages.events.endBeforeStart);
  if (event.pricing_type === 'gender_based' && (event.male_price == null || event.female_price == null)) {
    problems.push(Messages.events.genderPricesRequired);
  }
  const groups = event.age_groups ?? [];
  if (groups.includes('open') && (groups.length > 1 || event.custom_age_range)) problems.push(Messages.events.openAgeAlone);
  if (groups.includes('custom') && !event.custom_age_range) problems.push(Messages.events.customAgeRangeRequired);
  return problems;
}

/** The first broken cross-field rule, as an API message, or null. */
export function eventRuleViolation(event: EventRuleInput): string | null {
  return eventRuleViolations(event)[0] ?? null;
}

/** A custom range implies the "custom" group (unless "open" is chosen, which the rules refuse). */
export function normalizeAgeSelection(
  groups: readonly string[],
  customRange: readonly [number, number] | null | undefined,
): { age_groups: string[]; custom_age_range: [number, number] | null } {
  const range = customRange ? ([customRange[0], customRange[1]] as [number, number]) : null;
  const list = range && !groups.includes('custom') && !groups.includes('open') ? [...groups, 'custom'] : [...groups];
  const order = AGE_GROUPS as readonly string[];
  list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { age_groups: list, custom_age_range: range };
}

export const createEventSchema = z
  .object({
    ...eventFields,
    title: z.string({ message: 'is required' }).pipe(eventFields.title),
    date: z.string({ message: 'is required' }).pipe(dateField),
    category: eventFields.category.default(DEFAULT_EVENT_CATEGORY),
    pricing_type: eventFields.pricing_type.default('standard'),
    enable_bidding: eventFields.enable_bidding.default(false),
    show_attendees: eventFields.show_attendees.default(true),
    meetup_type: eventFields.meetup_type.default('confirmed'),
  })
  .superRefine((event, ctx) => {
    if (event.date.getTime() <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'must be in the future' });
      return;
    }
    const problem = eventRuleViolation({ ...event, ...normalizeAgeSelection(event.age_groups ?? [], event.custom_age_range) });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type CreateEventInput = z.output<typeof createEventSchema>;

const statusInput = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase().replace(/^canceled$/, 'cancelled') : value),
  z.enum(EVENT_STATUSES, { message: 'must be active or cancelled' }),
);

/** PUT /events/{id}: the same fields, each optional, plus status. Absent fields are left alone. */
export const updateEventSchema = z.object({
  title: eventFields.title.optional(),
  description: eventFields.description,
  date: dateField.optional(),
  end_date: eventFields.end_date,
  location: eventFields.location,
  latitude: eventFields.latitude,
  longitude: eventFields.longitude,
  category: eventFields.category.optional(),
  images: eventFields.images,
  video: eventFields.video,
  video_duration: eventFields.video_duration,
  video_url_reference: eventFields.video_url_reference,
  min_bid: eventFields.min_bid,
  male_price: eventFields.male_price,
  female_price: eventFields.female_price,
  pricing_type: eventFields.pricing_type.optional(),
  capacity: eventFields.capacity,
  age_groups: eventFields.age_groups,
  custom_age_range: eventFields.custom_age_range,
  event_type: eventFields.event_type,
  meeting_link: eventFields.meeting_link,
  enable_bidding: eventFields.enable_bidding.optional(),
  show_attendees: eventFields.show_attendees.optional(),
  meetup_type: eventFields.meetup_type.optional(),
  estimated_location: eventFields.estimated_location,
  estimated_latitude: eventFields.estimated_latitude,
  estimated_longitude: eventFields.estimated_longitude,
  host_contact_number: eventFields.host_contact_number,
  host_social_link: eventFields.host_social_link,
  status: statusInput.optional(),
});
export type UpdateEventInput = z.output<typeof updateEventSchema>;

export const reportEventSchema = z.object({
  reason: z
    .string({ message: Messages.events.reportReasonRequired })
    .trim()
    .min(1, { message: Messages.events.reportReasonRequired })
    .max(1000, { message: 'must be at most 1000 characters' }),
});
export type ReportEventInput = z.output<typeof reportEventSchema>;

/* -------------------------------------------------------------- queries ---- */

const emptyToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const lowerTrim = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** A query parameter: empty text counts as absent; `prepare` then shapes the text for `schema`. */
function param<T extends z.ZodType>(schema: T, prepare: (value: unknown) => unknown = (value) => value) {
  return z.preprocess((value) => {
    const present = emptyToUndefined(value);
    return present === undefined ? undefined : prepare(present);
  }, schema.optional());
}

const intText = (value: unknown): unknown =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** page and limit of every list; a limit outside 1..100 is refused (400), not clamped. */
export const pageQuery = (defaultLimit: number) => ({
  page: z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, EVENT_LIST_MAX_PAGE).default(1)),
  limit: z.preprocess(
    (value) => intText(emptyToUndefined(value)),
    wholeNumber(1, EVENT_LIST_MAX_LIMIT).default(defaultLimit),
  ),
});

export const pageQuerySchema = (defaultLimit: number) => z.object(pageQuery(defaultLimit));
export type PageQuery = { page: number; limit: number };

/** "25,35", "25-35" or "[25,35]". */
function customRangeQuery(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const parsed = fromJsonText(value);
  const parts = Array.isArray(parsed) ? parsed : value.split(/[,-]/);
  return parts.map(numberish);
}

const ageRangeQuery = (value: unknown): unknown => {
  const list = Array.isArray(value) ? value.join(',') : value;
  return typeof list === 'string' ? list.split(',').filter((part) => part.trim() !== '').map(normalizeAgeGroup) : list;
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

/* ---------------------------------------------------------------- views ---- */

export interface EventHostView {
  id: string;
  name: string | null;
  avatar_url: string | null;
  /** The avatar's smallest WebP variant (at most 320 px wide) once made, for the small round pictures. */
  avatar_thumbnail_url: string | null;
  rating: number | null;
  instagram_handle: string | null;
  verified: boolean;
}

/** An image with the WebP variants made of it (none until the worker has made them), smallest first. */
export interface ResponsiveImage {
  url: string;
  variants: Array<{ width: number; height: number; url: string }>;
}

/** An event as the API sends it (snake_case). The public version leaves out PRIVATE_EVENT_FIELDS. */
export interface EventView {
  id: string;
  title: string;
  description: string | null;
  date: string;
  end_date: string | null;
  location: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  host_id: string;
  category: EventCategory;
  category_label: string;
  images: string[];
  /** `images`, in the same order, each with its variants for srcset. */
  responsive_images: ResponsiveImage[];
  video: string | null;
  video_duration: number | null;
  video_url_reference: string | null;
  min_bid: number | null;
  male_price: number | null;
  female_price: number | null;
  pricing_type: PricingType;
  capacity: number | null;
  status: EventStatus;
  moderation_status: ModerationStatus;
  created_at: string;
  updated_at: string;
  host: EventHostView;
  age_groups: string[];
  custom_age_range: [number, number] | null;
  event_type: string | null;
  meeting_link?: string | null;
  enable_bidding: boolean;
  show_attendees: boolean;
  meetup_type: MeetupType;
  estimated_location: string | null;
  estimated_latitude: number | null;
  estimated_longitude: number | null;
  host_contact_number?: string | null;
  host_social_link: string | null;
  attendees_count: number;
  is_date_to_be_decided: boolean;
}

/** Fields only a signed-in caller receives. */
export const PRIVATE_EVENT_FIELDS = ['meeting_link', 'host_contact_number'] as const;

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

export interface EventPage {
  data: EventView[];
  pagination: Pagination;
}

export function paginate(page: number, limit: number, total: number): Pagination {
  const totalPages = total === 0 ? 0 : Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}
