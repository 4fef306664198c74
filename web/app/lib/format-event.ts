/**
 * How an event reads on a card and on its page (SPEC §5): price, age groups, countdown, "date to be
 * decided", category label, dates in India time, lakhs on the price slider.
 * Plain module (no React, no server imports): deterministic output on server and browser alike.
 */
import { DATE_TO_BE_DECIDED } from '../../../api/src/contracts/event/dates.js';
import { EVENT_CATEGORIES } from '../../../api/src/contracts/event/catalogue.js';
import type { EventView, ResponsiveImage } from '../../../api/src/contracts/event/event-view.js';
import { shorten } from './text';
import { holdsPermission, type SelfUser } from './user';

/** What the date readers need: the start, and the API's "date to be decided" flag when it sent one. */
type DatedEvent = Pick<EventView, 'date'> & { is_date_to_be_decided?: boolean | null };

/** The spec's messages for event screens (SPEC §8 "Events and influencers"). */
export const EventMessages = {
  loadEvents: 'Failed to load events',
  filterEvents: 'Failed to filter events',
  loadMore: 'Failed to load more events',
  loadPublic: 'Failed to load public events',
  filterPublic: 'Failed to filter public events',
  loadEvent: 'Failed to load event',
  createAuth: 'Unable to create event at this time. Please try again later.',
} as const;

/** Whether this person may edit, cancel or convert the event: its host, or an admin. */
export function canManageEvent(
  event: Pick<EventView, 'host_id'>,
  user: { id: string; role?: string | null; isAdmin?: boolean | null } | null | undefined,
): boolean {
  return Boolean(user && (event.host_id === user.id || user.isAdmin || user.role === 'admin'));
}

/**
 * What a manager of the event may change: its host everything, cancelling only until it starts; an
 * admin editing only with `approve_events`, cancelling only with `delete_events` (the API refuses
 * the rest with a 403 or 409).
 */
export function eventChangesAllowed(
  event: Pick<EventView, 'host_id'> & DatedEvent,
  user: (Pick<SelfUser, 'id'> & Partial<Pick<SelfUser, 'admin_permissions'>>) | null | undefined,
  now = Date.now(),
): { edit: boolean; cancel: boolean } {
  if (!user) return { edit: false, cancel: false };
  if (event.host_id === user.id) return { edit: true, cancel: !hasEventStarted(event, now) };
  return { edit: holdsPermission(user, 'approve_events'), cancel: holdsPermission(user, 'delete_events') };
}

/* ------------------------------------------------------------- lists ---- */

/** The server may send lists as JSON text or as arrays (SPEC §3); both read as an array. */
export function readList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

export function eventImages(event: { images: unknown }): string[] {
  return readList(event.images).filter((item): item is string => typeof item === 'string' && item.length > 0);
}

/**
 * The srcset for one of the event's images: its variants by width, so a phone fetches a 640 px WebP
 * instead of the uploaded original. Undefined when no variants exist (yet), and the original is used.
 */
export function imageSrcSet(event: { responsive_images?: readonly ResponsiveImage[] | null }, url: string): string | undefined {
  return srcSetOf(event.responsive_images?.find((image) => image.url === url)?.variants ?? []);
}

/** A srcset of these variants by width; undefined when there are none (yet), and the original is used. */
export function srcSetOf(variants: ResponsiveImage['variants']): string | undefined {
  return variants.length > 0 ? variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ') : undefined;
}

/** The smallest variant at least `minWidth` pixels wide (or the largest there is), else the image itself. */
export function thumbnailUrl(event: { responsive_images?: readonly ResponsiveImage[] | null }, url: string, minWidth: number): string {
  const variants = event.responsive_images?.find((image) => image.url === url)?.variants ?? [];
  return (variants.find((variant) => variant.width >= minWidth) ?? variants.at(-1))?.url ?? url;
}

export function eventAgeGroups(event: { age_groups: unknown }): string[] {
  return readList(event.age_groups).filter((item): item is string => typeof item === 'string' && item.length > 0);
}

export function eventCustomAgeRange(event: { custom_age_range: unknown }): [number, number] | null {
  const list = readList(event.custom_age_range).map(Number);
  if (list.length !== 2 || !list.every((value) => Number.isFinite(value))) return null;
  return [list[0]!, list[1]!];
}

/* ------------------------------------------------------------- money ---- */

/** Indian digit grouping: 1500 → "1,500", 150000 → "1,50,000". */
export function groupIndian(value: number): string {
  const negative = value < 0;
  const digits = String(Math.round(Math.abs(value)));
  if (digits.length <= 3) return (negative ? '-' : '') + digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return (negative ? '-' : '') + [...groups, last3].join(',');
}

/** Whole rupees with the ₹ sign: "₹1,500". */
export function formatRupees(value: number): string {
  return `₹${groupIndian(value)}`;
}

/** Price slider labels (SPEC §9): from 100000 shown in lakhs, "₹1L", "₹1.5L"; below that "₹50,000". */
export function formatPriceLabel(value: number): string {
  if (value >= 100_000) {
    const lakhs = Math.round((value / 100_000) * 100) / 100;
    return `₹${lakhs}L`;
  }
  return formatRupees(value);
}

const hasAmount = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * The price line (SPEC §5): gender_based "₹male / ₹female"; otherwise the minimum bid "₹x";
 * with no price, nothing for curation or confirmed meetups and "Plan Together" otherwise.
 * Returns null when nothing is shown.
 */
export function formatEventPrice(
  event: Pick<EventView, 'male_price' | 'female_price' | 'min_bid'> & { pricing_type: string | null; meetup_type: string | null },
): string | null {
  if (event.pricing_type === 'gender_based' && (hasAmount(event.male_price) || hasAmount(event.female_price))) {
    return `${formatRupees(event.male_price ?? 0)} / ${formatRupees(event.female_price ?? 0)}`;
  }
  if (hasAmount(event.min_bid)) return formatRupees(event.min_bid);
  if (event.meetup_type === 'curation' || event.meetup_type === 'confirmed') return null;
  return 'Plan Together';
}

/* --------------------------------------------------------------- age ---- */

/**
 * Age groups (SPEC §5): no groups or "open" gives "Open"; "custom" shows the two numbers
 * ("25 - 40"); otherwise the groups joined by commas.
 */
export function formatAgeGroups(event: { age_groups: unknown; custom_age_range: unknown }): string {
  const groups = eventAgeGroups(event);
  if (groups.length === 0 || groups.includes('open')) return 'Open';
  if (groups.includes('custom')) {
    const range = eventCustomAgeRange(event);
    if (range) return `${range[0]} - ${range[1]}`;
    const others = groups.filter((group) => group !== 'custom');
    return others.length > 0 ? others.join(', ') : 'Open';
  }
  return groups.join(', ');
}

/* -------------------------------------------------------------- dates ---- */

/** The placeholder start (SPEC §4, §9): 2099-12-31 23:59:59 means "date to be decided". */
export const PLACEHOLDER_DATE = DATE_TO_BE_DECIDED;
const PLACEHOLDER_UTC_MS = Date.parse(DATE_TO_BE_DECIDED);
const DAY_MS = 86_400_000;

/**
 * True for the placeholder date. The API's flag is used when present; otherwise any instant within
 * a day of 2099-12-31 23:59:59 counts, whatever zone the placeholder was written in.
 */
export function isDateToBeDecided(event: DatedEvent): boolean {
  if (typeof event.is_date_to_be_decided === 'boolean') return event.is_date_to_be_decided;
  const time = Date.parse(event.date);
  return Number.isFinite(time) && Math.abs(time - PLACEHOLDER_UTC_MS) <= DAY_MS;
}

/** India Standard Time is UTC+05:30 all year; every date on screen is in it. */
const IST_OFFSET_MS = 330 * 60_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function istParts(iso: string) {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const shifted = new Date(time + IST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The India-time calendar day of an instant, as "2025-12-27" (two instants on the same day share it). */
export function istDayKey(iso: string): string {
  const parts = istParts(iso);
  return parts ? `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}` : '';
}

/** "7:30 PM", or "7:30:05 PM" with seconds, from India-time parts. */
function clockOf(parts: NonNullable<ReturnType<typeof istParts>>, withSeconds = false): string {
  const hour12 = parts.hours % 12 === 0 ? 12 : parts.hours % 12;
  const seconds = withSeconds ? `:${pad(parts.seconds)}` : '';
  return `${hour12}:${pad(parts.minutes)}${seconds} ${parts.hours < 12 ? 'AM' : 'PM'}`;
}

/** "7:30 PM" in India time. */
export function formatTime(iso: string): string {
  const parts = istParts(iso);
  return parts ? clockOf(parts) : '';
}

/** "Sat, 27 Dec 2025 · 7:30:05 PM" in India time, to the second (the moments of jobs and audits). */
export function formatInstant(iso: string): string {
  const parts = istParts(iso);
  return parts ? `${formatDay(iso)} · ${clockOf(parts, true)}` : '';
}

/** "Sat, 27 Dec 2025" in India time. */
export function formatDay(iso: string): string {
  const parts = istParts(iso);
  if (!parts) return '';
  return `${WEEKDAYS[parts.weekday]}, ${parts.day} ${MONTHS[parts.month]} ${parts.year}`;
}

/** The date line of a card or page: "Sat, 27 Dec 2025 · 7:30 PM", or "Date to be decided". */
export function formatEventDate(event: DatedEvent): string {
  if (isDateToBeDecided(event)) return 'Date to be decided';
  const day = formatDay(event.date);
  return day ? `${day} · ${formatTime(event.date)}` : '';
}

/** A datetime-local input value ("2025-12-27T19:30") for an instant, in India time. */
export function toIstInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const parts = istParts(iso);
  if (!parts) return '';
  return `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}T${pad(parts.hours)}:${pad(parts.minutes)}`;
}

/** The instant (ISO, UTC) of a datetime-local value read as India time; null when it is not one. */
export function fromIstInputValue(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec((value ?? '').trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const utc = Date.UTC(year!, month! - 1, day!, hours!, minutes!, seconds ?? 0) - IST_OFFSET_MS;
  const check = new Date(utc + IST_OFFSET_MS);
  if (check.getUTCMonth() !== month! - 1 || check.getUTCDate() !== day!) return null; // 31 Feb and friends
  return new Date(utc).toISOString();
}

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The countdown (SPEC §5): "2d 4h 10m" until the start; within the last hour "Event starting
 * soon"; from the start on "Event has passed"; the placeholder date reads "Date to be decided".
 */
export function formatCountdown(event: DatedEvent, now: number = Date.now()): string {
  if (isDateToBeDecided(event)) return 'Date to be decided';
  const start = Date.parse(event.date);
  if (!Number.isFinite(start)) return '';
  const remaining = start - now;
  if (remaining <= 0) return 'Event has passed';
  if (remaining < HOUR_MS) return 'Event starting soon';
  const days = Math.floor(remaining / DAY_MS);
  const hours = Math.floor((remaining % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((remaining % HOUR_MS) / MINUTE_MS);
  return days > 0 ? `${days}d ${hours}h ${minutes}m` : `${hours}h ${minutes}m`;
}

/** True once the start has gone by (never for the placeholder date). */
export function hasEventStarted(event: DatedEvent, now = Date.now()): boolean {
  if (isDateToBeDecided(event)) return false;
  const start = Date.parse(event.date);
  return Number.isFinite(start) && start <= now;
}

/* ---------------------------------------------------------- the rest ---- */

export function isCancelled(event: { status: string | null }): boolean {
  return event.status === 'cancelled' || event.status === 'canceled';
}

/** The 13 categories (SPEC §3), key → label, from the shared contract. */
export const CATEGORY_LABELS: Readonly<Record<string, string>> = EVENT_CATEGORIES;

/** The category's label: the API's own label, else the catalogue's, else the key itself. */
export function formatCategory(
  event: { category: string | null; category_label?: string | null },
  labels: Readonly<Record<string, string>> = CATEGORY_LABELS,
): string | null {
  if (event.category_label) return event.category_label;
  if (!event.category) return null;
  return labels[event.category] ?? event.category;
}

/** "4.5" for a host rating; null when the host has none yet. */
export function formatRating(rating: number | string | null | undefined): string | null {
  const value = typeof rating === 'string' ? Number(rating) : rating;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** The place to show: the city, else the location line. */
export function formatPlace(event: Pick<EventView, 'city' | 'location' | 'estimated_location'>): string | null {
  return event.location || event.estimated_location || event.city || null;
}

/** A short description for link previews (og:description), at most `max` characters. */
export function shareDescription(event: DatedEvent & Pick<EventView, 'description' | 'location' | 'city'>, max = 200): string {
  const text = (event.description ?? '').replace(/\s+/g, ' ').trim();
  const base = text || [formatEventDate(event), event.location ?? event.city].filter(Boolean).join(' · ');
  return shorten(base, max);
}
