/**
 * The small shape of an event in a list (issue 26): only what a card shows, already worded where
 * the wording does not change while the page is open. A list page's loader sends these instead of
 * whole events, so the data Remix ships for hydration beside the HTML stays small. The date stays
 * an instant, since the countdown ticks in the browser (a date to be decided is its placeholder
 * instant, which format-event recognises). Flags are there only when true: twenty cards a page.
 * Plain module (no React, no server imports): the same on server and browser.
 */
import type { EventView } from '../../../api/src/contracts/event/event-view.js';
import { eventImages, formatAgeGroups, formatCategory, formatEventPrice, formatPlace, imageSrcSet, isCancelled } from './format-event';

export interface EventCardHost {
  /** Only in a signed-in viewer's cards, whose rating links to the host's reviews; a guest's card has no such link. */
  id?: string;
  name: string | null;
  /** The smallest avatar there is (the thumbnail once made), or null for initials. */
  avatar: string | null;
  rating: number | null;
  rating_count: number;
  verified?: true;
}

export interface EventCardView {
  id: string;
  title: string;
  /** The start, as the API sends it: what the date helpers of format-event read. */
  date: string;
  /** The first photo, and its srcset when variants of it exist (absent otherwise). */
  image: string | null;
  srcSet?: string;
  category: string | null;
  price: string | null;
  place: string | null;
  ages: string;
  cancelled?: true;
  host: EventCardHost | null;
}

/** `guest`: the card of a visitor who is not signed in, without what only a signed-in card uses. */
export function toEventCard(event: EventView, { guest = false }: { guest?: boolean } = {}): EventCardView {
  const image = eventImages(event)[0] ?? null;
  const host = event.host;
  const srcSet = image ? imageSrcSet(event, image) : undefined;
  return {
    id: event.id,
    title: event.title,
    date: event.date,
    image,
    ...(srcSet ? { srcSet } : {}),
    category: formatCategory(event),
    price: formatEventPrice(event),
    place: formatPlace(event),
    ages: formatAgeGroups(event),
    ...(isCancelled(event) ? { cancelled: true } : {}),
    host: host
      ? {
          ...(guest ? {} : { id: host.id }),
          name: host.name,
          avatar: host.avatar_thumbnail_url ?? host.avatar_url,
          rating: host.rating,
          rating_count: host.rating_count,
          ...(host.verified ? { verified: true } : {}),
        }
      : null,
  };
}
