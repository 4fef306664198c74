import { redirect } from '@remix-run/node';
import { api, failureInit, isAuthError } from './api.server';
import { clearFilters, filtersToApiQuery, filtersToSearchParams, isFiltering, type EventFilters } from './filters';
import { toEventCard, type EventCardView } from './event-card-view';
import { EventMessages } from './format-event';
import { getToken } from './session.server';
import type { HomeTab } from './home-tab.server';
import type { EventPage, EventView } from '../../../api/src/contracts/event/event-view.js';
import type { Pagination } from '../../../api/src/contracts/event/pagination.js';

/**
 * Event lists for the web's loaders (SPEC §7 Events, §8 messages). A list that fails comes back
 * with the spec's message, never as a crash, so its page still renders with an inline message.
 */

export const EVENT_PAGE_SIZE = 20;

export interface FeedResult {
  /** The small card shape (issue 26): what a card shows, not whole events. */
  events: EventCardView[];
  pagination: Pagination | null;
  error: string | null;
  /** The status for an answer that carries this list alone (infinite scroll): 200, or the API failure's (see failureInit). */
  status: number;
}

const emptyFeed = (error: string | null, failure?: unknown): FeedResult => ({
  events: [],
  pagination: null,
  error,
  status: failure === undefined ? 200 : failureInit(failure).status,
});

/**
 * The home list (SPEC §6): an influencer in influencer view sees their own events (cancelled ones
 * too); everyone else the discover list of upcoming events by others. The plan-together tab lists
 * plan-together meetups (events without a price).
 */
export async function loadHomeFeed(options: {
  token: string;
  role: string;
  tab: HomeTab;
  filters: EventFilters;
  page: number;
}): Promise<FeedResult> {
  const { token, role, tab, filters, page } = options;
  const query: Record<string, string | number | boolean> = { ...filtersToApiQuery(filters), page, limit: EVENT_PAGE_SIZE };
  if (tab === 'plan-together') {
    Object.assign(query, { meetupType: 'plan_together', userRole: 'fan', upcomingOnly: true });
  } else if (role === 'influencer') {
    Object.assign(query, { userRole: 'influencer' });
  } else {
    Object.assign(query, { userRole: 'fan', upcomingOnly: true });
  }
  try {
    const result = await api<EventPage>('/events/filter', { token, query });
    return {
      events: (result.data ?? []).map((event) => toEventCard(event)),
      pagination: result.pagination ?? null,
      error: null,
      status: 200,
    };
  } catch (error) {
    // Auth errors on event load are silently ignored (SPEC §8); the session guard deals with them.
    if (isAuthError(error)) return emptyFeed(null);
    return emptyFeed(
      page > 1 ? EventMessages.loadMore : isFiltering(filters) ? EventMessages.filterEvents : EventMessages.loadEvents,
      error,
    );
  }
}

/**
 * The guest list: published, upcoming events of everyone, through the public endpoint. Signed-in
 * visitors see it too; their cards link the hosts' reviews. A session cookie is enough to tell them
 * apart here: the root loader checks the session itself.
 */
export async function loadPublicFeed(request: Request, options: { filters: EventFilters; page: number }): Promise<FeedResult> {
  const { filters, page } = options;
  try {
    const [result, token] = await Promise.all([
      api<EventPage>('/events/public/filter', {
        query: { ...filtersToApiQuery(filters), page, limit: EVENT_PAGE_SIZE, upcomingOnly: true },
      }),
      getToken(request),
    ]);
    const events = (result.data ?? []).map((event) => toEventCard(event, { guest: !token }));
    return { events, pagination: result.pagination ?? null, error: null, status: 200 };
  } catch (error) {
    return emptyFeed(
      page > 1 ? EventMessages.loadMore : isFiltering(filters) ? EventMessages.filterPublic : EventMessages.loadPublic,
      error,
    );
  }
}

/**
 * Events a person hosts. `all` is GET /users/{id}/events/all (past ones too, and cancelled ones
 * when the caller is the host); otherwise GET /users/{id}/events (upcoming only). Pages are read
 * 100 at a time, up to `maxPages`. Event list reads for a user return an empty list on error (SPEC §8).
 */
export async function loadUserEvents(
  userId: string,
  token: string,
  options: { all?: boolean; maxPages?: number } = {},
): Promise<EventView[]> {
  const path = `/users/${encodeURIComponent(userId)}/events${options.all ? '/all' : ''}`;
  const events: EventView[] = [];
  try {
    for (let page = 1; page <= (options.maxPages ?? 5); page += 1) {
      const result = await api<EventPage | EventView[]>(path, { token, query: { page, limit: 100 } });
      if (Array.isArray(result)) return result;
      events.push(...(result.data ?? []));
      if (!result.pagination?.hasNext) break;
    }
    return events;
  } catch {
    return [];
  }
}

/** A person's display name, or null when they cannot be read. */
export async function loadUserName(userId: string, token: string): Promise<string | null> {
  try {
    const user = await api<{ name?: string | null }>(`/users/${encodeURIComponent(userId)}`, { token });
    return user.name?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * The filter form sent without JavaScript (GET to the list page): Clear reopens the sheet with
 * cleared values, Apply tidies the URL. Throws the redirect; returns when the request is a plain view.
 */
export function redirectFilterForm(url: URL, filters: EventFilters): void {
  const params = url.searchParams;
  if (params.get('intent') === 'clear') {
    const cleared = filtersToSearchParams(clearFilters(filters), params);
    cleared.set('sheet', 'filters');
    throw redirect(`${url.pathname}?${cleared.toString()}`);
  }
  if (params.has('apply') || params.has('customAgeMin') || params.has('customAgeMax')) {
    throw redirect(`${url.pathname}?${filtersToSearchParams(filters, params).toString()}`);
  }
}
