import type { EventCategory, EventStatus, MeetupType, ModerationStatus, PricingType } from './catalogue.js';
import type { Pagination } from './pagination.js';
import type { CancellationPolicy } from '../cancellation-policy.js';
import type { EventModerationView } from '../event-moderation.contract.js';

export interface EventHostView {
  id: string;
  name: string | null;
  avatar_url: string | null;
  /** The avatar's smallest WebP variant (at most 320 px wide) once made, for the small round pictures. */
  avatar_thumbnail_url: string | null;
  rating: number | null;
  /** How many ratings `rating` is the mean of. */
  rating_count: number;
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
  /** What leaving an accepted booking gives back (contracts/cancellation-policy.ts). */
  cancellation_policy: CancellationPolicy;
  meetup_type: MeetupType;
  estimated_location: string | null;
  estimated_latitude: number | null;
  estimated_longitude: number | null;
  host_contact_number?: string | null;
  host_social_link: string | null;
  attendees_count: number;
  is_date_to_be_decided: boolean;
  /** Only in the host's and admins' views: waiting for review, the reason of a refusal, pending changes. */
  moderation?: EventModerationView;
}

/** Fields only a signed-in caller receives. */
export const PRIVATE_EVENT_FIELDS = ['meeting_link', 'host_contact_number'] as const;

export interface EventPage {
  data: EventView[];
  pagination: Pagination;
}
