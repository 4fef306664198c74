import { Link, useLocation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { FeedEnd, readJson, useLoadMore } from '~/components/ui/load-more';
import type { EventCardView } from '~/lib/event-card-view';
import { EventMessages } from '~/lib/format-event';
import { EventCard, EventGrid } from './event-card';
import type { Pagination } from '../../../../api/src/contracts/event/pagination.js';
import { EmptyState } from '~/components/ui/empty-state';

export interface FeedData {
  events: EventCardView[];
  pagination: Pagination | null;
  error: string | null;
}

function hrefForPage(pathname: string, search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  params.delete('sheet');
  return `${pathname}?${params.toString()}`;
}

/**
 * A server-rendered list of event cards that grows by itself: when the end of the list comes into
 * view the next page is fetched from /resources/events (JSON) and appended. Without JavaScript a
 * "Load more" link opens the next page. A failed page (server error or no network) shows "Failed
 * to load more events" as a toast and inline, with a retry, and keeps what is already shown.
 */
/** The list's identity in a URL: a new one starts the list afresh; opening the filter sheet does not. */
export function feedKeyFor(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('sheet');
  return params.toString();
}

export function EventFeed({ feed, now, empty, source }: { feed: FeedData; now: number; empty: ReactNode; source: 'home' | 'public' }) {
  const location = useLocation();
  const [events, setEvents] = useState(feed.events);
  const [pagination, setPagination] = useState(feed.pagination);

  const nextPage = pagination?.hasNext ? pagination.page + 1 : null;

  const more = useLoadMore({
    next: nextPage === null ? null : String(nextPage),
    read: (page) => {
      const params = new URLSearchParams(feedKeyFor(location.search));
      params.set('source', source);
      params.set('page', page);
      return readJson(`/resources/events?${params.toString()}`, (body: { feed?: FeedData }) =>
        body.feed && !body.feed.error && body.feed.pagination ? body.feed : null,
      );
    },
    onPage: (page) => {
      setEvents((current) => {
        const seen = new Set(current.map((event) => event.id));
        return [...current, ...page.events.filter((event) => !seen.has(event.id))];
      });
      setPagination(page.pagination);
    },
    failure: EventMessages.loadMore,
  });

  if (feed.error && events.length === 0) {
    return (
      <div className="space-y-3" data-testid="feed-error">
        <Alert>{feed.error}</Alert>
        <Link to={location.pathname + location.search} reloadDocument className={buttonClasses('outline', 'sm')}>
          Try again
        </Link>
      </div>
    );
  }

  if (events.length === 0) {
    // A page past the end (an old or hand-edited link) is not an empty catalogue: offer the first page.
    if (pagination && pagination.total > 0) {
      const first = new URLSearchParams(location.search);
      first.delete('page');
      const query = first.toString();
      return (
        <EmptyState
          title="No more events on this page"
          action={
            <Link to={query ? `${location.pathname}?${query}` : location.pathname} className={buttonClasses('outline', 'sm')}>
              Back to the first page
            </Link>
          }
          testId="feed-past-end"
        />
      );
    }
    return <>{empty}</>;
  }

  return (
    <div>
      <EventGrid>
        {events.map((event, index) => (
          <EventCard key={event.id} event={event} now={now} first={index === 0} />
        ))}
      </EventGrid>
      <FeedEnd
        more={more}
        loadingText="Loading more events…"
        moreHref={nextPage !== null ? hrefForPage(location.pathname, location.search, nextPage) : null}
        done={pagination && pagination.page > 1 ? "You've reached the end" : null}
      >
        {pagination?.hasPrev && feed.pagination?.page === pagination.page && feed.pagination.page > 1 ? (
          <Link to={hrefForPage(location.pathname, location.search, pagination.page - 1)} className="text-sm text-brand-700 underline">
            Previous page
          </Link>
        ) : null}
      </FeedEnd>
    </div>
  );
}
