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

export const PRICING_TYPES = ['standard', 'gender_based'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

/** confirmed by default; curation events can be converted to confirmed; plan_together has no price. */
export const MEETUP_TYPES = ['confirmed', 'curation', 'plan_together'] as const;
export type MeetupType = (typeof MEETUP_TYPES)[number];

export const EVENT_STATUSES = ['active', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/**
 * Only published events are listed publicly; the admin issue moves events between these.
 * 'host_suspended': a published event of a suspended host, published again when the host is restored.
 */
export const MODERATION_STATUSES = ['published', 'pending_review', 'rejected', 'host_suspended'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

/** "In person", "in_person" and "in-person" are one event type. */
export const normalizeEventType = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
