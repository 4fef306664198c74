import { Link, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses, Spinner } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { EventMessages } from '~/lib/format-event';
import { EventCard, EventGrid } from './event-card';
import type { EventView } from '../../../../api/src/contracts/event/event-view.js';
import type { Pagination } from '../../../../api/src/contracts/event/pagination.js';

export interface FeedData {
  events: EventView[];
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
  const toast = useToast();
  const [events, setEvents] = useState(feed.events);
  const [pagination, setPagination] = useState(feed.pagination);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const inFlight = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);

  const nextPage = pagination?.hasNext ? pagination.page + 1 : null;

  const loadMore = useCallback(async () => {
    if (nextPage === null || inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setMoreError(null);
    const params = new URLSearchParams(feedKeyFor(location.search));
    params.set('source', source);
    params.set('page', String(nextPage));
    let result: FeedData | undefined;
    try {
      const response = await fetch(`/resources/events?${params.toString()}`, { headers: { Accept: 'application/json' } });
      const body = (await response.json().catch(() => ({}))) as { feed?: FeedData };
      if (response.ok && body.feed && !body.feed.error && body.feed.pagination) result = body.feed;
    } catch {
      // no network: reported below like any other failure
    }
    inFlight.current = false;
    setLoading(false);
    if (!result?.pagination) {
      setMoreError(EventMessages.loadMore);
      toast.show({ kind: 'error', message: EventMessages.loadMore });
      return;
    }
    const page = result;
    setEvents((current) => {
      const seen = new Set(current.map((event) => event.id));
      return [...current, ...page.events.filter((event) => !seen.has(event.id))];
    });
    setPagination(page.pagination);
  }, [nextPage, location.search, source, toast]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || nextPage === null || moreError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [nextPage, moreError, loadMore]);

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
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center" data-testid="feed-past-end">
          <p className="text-base font-semibold text-slate-900">No more events on this page</p>
          <Link to={query ? `${location.pathname}?${query}` : location.pathname} className={cn(buttonClasses('outline', 'sm'), 'mt-4')}>
            Back to the first page
          </Link>
        </div>
      );
    }
    return <>{empty}</>;
  }

  return (
    <div>
      <EventGrid>
        {events.map((event) => (
          <EventCard key={event.id} event={event} now={now} />
        ))}
      </EventGrid>
      <div ref={sentinel} className="flex min-h-16 flex-col items-center justify-center gap-3 py-6" data-testid="feed-end">
        {moreError ? (
          <>
            <Alert className="w-full max-w-md">{moreError}</Alert>
            <Button variant="outline" size="sm" onClick={() => void loadMore()}>
              Retry
            </Button>
          </>
        ) : loading ? (
          <span className="flex items-center gap-2 text-sm text-slate-500" role="status">
            <Spinner /> Loading more events…
          </span>
        ) : nextPage !== null ? (
          <Link
            to={hrefForPage(location.pathname, location.search, nextPage)}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            className={buttonClasses('outline', 'sm')}
          >
            Load more
          </Link>
        ) : pagination && pagination.page > 1 ? (
          <p className="text-sm text-slate-500">You've reached the end</p>
        ) : null}
        {pagination?.hasPrev && feed.pagination?.page === pagination.page && feed.pagination.page > 1 ? (
          <Link to={hrefForPage(location.pathname, location.search, pagination.page - 1)} className="text-sm text-brand-700 underline">
            Previous page
          </Link>
        ) : null}
      </div>
    </div>
  );
}
