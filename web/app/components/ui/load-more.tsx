import { Link } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses, Spinner } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';

/**
 * GET `url` as JSON: what `pick` takes from the body of a good answer, or null (a refusal, a body
 * that is not JSON, or one without what is wanted). Throws when there is no network.
 */
export async function readJson<Body, T>(url: string, pick: (body: Partial<Body>) => T | null | undefined): Promise<T | null> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  const body = (await response.json().catch(() => ({}))) as Partial<Body>;
  return response.ok ? (pick(body) ?? null) : null;
}

export interface LoadMore {
  loading: boolean;
  failed: boolean;
  /** What a failed read says. */
  failure: string;
  loadMore: () => Promise<void>;
}

/**
 * The next page of a list that grows in place. `next` is where it goes on from (a cursor, a page
 * number), null at the end. `read` fetches that page (null, or a throw, when it cannot) and
 * `onPage` takes it in. One read at a time; a failed one says `failure` as a toast and sets
 * `failed` (for the inline message and retry) and keeps what is shown.
 */
export function useLoadMore<Page>({
  next,
  read,
  onPage,
  failure,
}: {
  next: string | null;
  read: (next: string) => Promise<Page | null>;
  onPage: (page: Page) => void;
  failure: string;
}): LoadMore {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  const latest = useRef({ read, onPage });
  latest.current = { read, onPage };

  const loadMore = useCallback(async () => {
    if (next === null || inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setFailed(false);
    let page: Page | null = null;
    try {
      page = await latest.current.read(next);
    } catch {
      // no network: reported below like any other failure
    }
    inFlight.current = false;
    setLoading(false);
    if (page === null) {
      setFailed(true);
      toast.show({ kind: 'error', message: failure });
      return;
    }
    latest.current.onPage(page);
  }, [next, failure, toast]);

  return { loading, failed, failure, loadMore };
}

/**
 * The end of a feed that grows by itself: when it comes near the screen the next page is read
 * (`more`, from useLoadMore). It shows the failure with a Retry, the loading line, a "Load more"
 * link (to `moreHref`, the page that goes on from there without JavaScript), or `done` at the end.
 */
export function FeedEnd({
  more: { loading, failed, failure, loadMore },
  loadingText,
  moreHref,
  done,
  children,
}: {
  more: LoadMore;
  loadingText: string;
  /** Null at the end of the list. */
  moreHref: string | null;
  done?: string | null;
  children?: ReactNode;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const hasMore = moreHref !== null;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, failed, loadMore]);

  return (
    <div ref={sentinel} className="feed-end" data-testid="feed-end">
      {failed ? (
        <>
          <Alert className="w-full max-w-md">{failure}</Alert>
          <Button variant="outline" size="sm" onClick={() => void loadMore()}>
            Retry
          </Button>
        </>
      ) : loading ? (
        <span className="flex items-center gap-2 text-sm text-slate-500" role="status">
          <Spinner /> {loadingText}
        </span>
      ) : moreHref !== null ? (
        <Link
          to={moreHref}
          onClick={(event) => {
            event.preventDefault();
            void loadMore();
          }}
          className={buttonClasses('outline', 'sm')}
          // The next page of this page, whose route the browser already has.
          discover="none"
        >
          Load more
        </Link>
      ) : done ? (
        <p className="text-sm text-slate-500">{done}</p>
      ) : null}
      {children}
    </div>
  );
}
