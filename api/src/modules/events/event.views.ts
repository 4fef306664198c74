import { categoryLabel, isDateToBeDecided, type EventView } from '../../contracts/event.contract.js';
import { type EventModerationView, type PendingEventChanges } from '../../contracts/event-moderation.contract.js';
import { type MediaVariant } from '../uploads/entities/media.entity.js';
import { readyVariantsByFile, readyVariantsOf, responsiveImage, responsiveImages } from '../uploads/responsive-images.js';

/**
 * Every column a view needs, with the host's public fields and the ready variants of the event's
 * uploaded images (by storage key, looked up by primary key); `e` is event, `u` its host.
 */
export const EVENT_VIEW_COLUMNS = `
  e.id, e.title, e.description, e.date, e.end_date, e.location, e.city, e.latitude, e.longitude, e.host_id,
  e.category, e.images, e.video, e.video_duration, e.video_url_reference, e.min_bid, e.male_price,
  e.female_price, e.pricing_type, e.capacity, e.status, e.moderation_status, e.created_at, e.updated_at,
  e.age_groups, e.custom_age_min, e.custom_age_max, e.event_type, e.meeting_link, e.enable_bidding,
  e.show_attendees, e.cancellation_policy, e.meetup_type, e.estimated_location, e.estimated_latitude, e.estimated_longitude,
  e.host_contact_number, e.host_social_link, e.attendees_count,
  e.pending_changes, e.review_requested_at, e.moderation_reason, e.taken_down_at,
  u.name AS host_name, u.avatar_url AS host_avatar_url, u.rating AS host_rating, u.rating_count AS host_rating_count,
  u.instagram_handle AS host_instagram_handle, u.verified AS host_verified,
  ${readyVariantsByFile('jsonb_array_elements_text(e.images)')} AS image_variants,
  ${readyVariantsOf('u.avatar_url')} AS host_avatar_variants`;

/**
 * The view columns as one JSON object per event, for `SELECT ${EVENT_VIEW_ROW} FROM event e JOIN users u
 * … ${EVENT_VIEW_LATERAL}`. node-postgres then parses one field per row instead of 45, which was most
 * of what a detail read cost the API process (docs/performance.md); eventRowFromJson restores the dates.
 */
export const EVENT_VIEW_ROW = 'row_to_json(v) AS row';
export const EVENT_VIEW_LATERAL = `CROSS JOIN LATERAL (SELECT ${EVENT_VIEW_COLUMNS}) v`;

/** Fields the view derives or reshapes rather than copying them from the row. */
type DerivedFields =
  | 'date'
  | 'end_date'
  | 'created_at'
  | 'updated_at'
  | 'category_label'
  | 'images'
  | 'responsive_images'
  | 'host'
  | 'age_groups'
  | 'custom_age_range'
  | 'meeting_link'
  | 'host_contact_number'
  | 'is_date_to_be_decided'
  | 'moderation';

/** A row selected with EVENT_VIEW_COLUMNS, as node-postgres returns it. */
export type EventRow = Omit<EventView, DerivedFields> & {
  date: Date;
  end_date: Date | null;
  created_at: Date;
  updated_at: Date;
  images: unknown;
  age_groups: string[] | null;
  custom_age_min: number | null;
  custom_age_max: number | null;
  meeting_link: string | null;
  host_contact_number: string | null;
  host_name: string | null;
  host_avatar_url: string | null;
  host_rating: string | number | null;
  host_rating_count: number | null;
  host_instagram_handle: string | null;
  host_verified: boolean | null;
  image_variants: Record<string, MediaVariant[]> | null;
  host_avatar_variants: MediaVariant[] | null;
  pending_changes: PendingEventChanges | null;
  review_requested_at: Date | null;
  moderation_reason: string | null;
  taken_down_at: Date | null;
};

/** An EventRow as JSON carries its timestamps as ISO text (and numeric columns as numbers). */
export type EventRowJson = Omit<EventRow, 'date' | 'end_date' | 'created_at' | 'updated_at' | 'review_requested_at' | 'taken_down_at'> & {
  date: string;
  review_requested_at: string | null;
  taken_down_at: string | null;
  end_date: string | null;
  created_at: string;
  updated_at: string;
};

export function eventRowFromJson(row: EventRowJson): EventRow {
  return {
    ...row,
    date: new Date(row.date),
    end_date: row.end_date === null ? null : new Date(row.end_date),
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    review_requested_at: row.review_requested_at === null ? null : new Date(row.review_requested_at),
    taken_down_at: row.taken_down_at === null ? null : new Date(row.taken_down_at),
  };
}

/**
 * full: any signed-in caller. public: guests and the /public endpoints — without the joining
 * details (meeting_link) and the host's phone (host_contact_number).
 */
export type EventVersion = 'full' | 'public';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** What the host and admins see of the event's moderation (docs/decisions.md "Event moderation"). */
export function toModerationView(row: EventRow): EventModerationView {
  return {
    status: row.moderation_status,
    reason: row.moderation_reason,
    pending_changes: row.pending_changes,
    waiting_since: iso(row.review_requested_at),
    taken_down: row.taken_down_at !== null,
  };
}

/**
 * Built in one go (no `delete`), so every view keeps one object shape and serialises fast.
 * `withModeration`: for the host's and admins' views only.
 */
export function toEventView(row: EventRow, version: EventVersion, withModeration = false): EventView {
  const images = stringList(row.images);
  const shared = {
    id: row.id,
    title: row.title,
    description: row.description,
    date: row.date.toISOString(),
    end_date: iso(row.end_date),
    location: row.location,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    host_id: row.host_id,
    category: row.category,
    category_label: categoryLabel(row.category) ?? row.category,
    images,
    responsive_images: responsiveImages(images, row.image_variants),
    video: row.video,
    video_duration: row.video_duration,
    video_url_reference: row.video_url_reference,
    min_bid: row.min_bid,
    male_price: row.male_price,
    female_price: row.female_price,
    pricing_type: row.pricing_type,
    capacity: row.capacity,
    status: row.status,
    moderation_status: row.moderation_status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    host: {
      id: row.host_id,
      name: row.host_name,
      avatar_url: row.host_avatar_url,
      avatar_thumbnail_url: row.host_avatar_url
        ? (responsiveImage(row.host_avatar_url, row.host_avatar_variants ?? []).variants[0]?.url ?? null)
        : null,
      rating: row.host_rating === null ? null : Number(row.host_rating),
      rating_count: row.host_rating_count ?? 0,
      instagram_handle: row.host_instagram_handle,
      verified: row.host_verified ?? false,
    },
    age_groups: stringList(row.age_groups),
    custom_age_range:
      row.custom_age_min === null || row.custom_age_max === null ? null : ([row.custom_age_min, row.custom_age_max] as [number, number]),
    event_type: row.event_type,
    enable_bidding: row.enable_bidding,
    show_attendees: row.show_attendees,
    cancellation_policy: row.cancellation_policy,
    meetup_type: row.meetup_type,
    estimated_location: row.estimated_location,
    estimated_latitude: row.estimated_latitude,
    estimated_longitude: row.estimated_longitude,
    host_social_link: row.host_social_link,
    attendees_count: row.attendees_count,
    is_date_to_be_decided: isDateToBeDecided(row.date),
  };
  const moderated = withModeration ? { ...shared, moderation: toModerationView(row) } : shared;
  if (version === 'public') return moderated;
  return { ...moderated, meeting_link: row.meeting_link, host_contact_number: row.host_contact_number };
}
