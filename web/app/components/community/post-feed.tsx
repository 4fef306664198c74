import { Link } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses, Spinner } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { appendNew, LOAD_MORE_FAILED } from '~/lib/community';
import type { FeedView } from '../../../../api/src/contracts/community.contract.js';
import { COMMUNITY_RESOURCE } from './community-request';
import { PostCard } from './post-card';

/**
 * A feed of posts that grows by itself: when its end comes into view the next page (by cursor) is
 * read from /resources/community and appended. Without JavaScript "Load more" opens the page that
 * goes on from there. A page that fails says so, inline and as a toast, with a retry, and keeps what
 * is shown. Give it a new `key` when the list starts afresh (another tab, a new post).
 */
export function PostFeed({
  initial,
  query,
  moreHref,
  now,
  from,
  empty,
  label,
}: {
  initial: FeedView;
  /** The list's own parameters for /resources/community (tab, authorId). */
  query: Record<string, string>;
  /** The page that goes on from a cursor, for "Load more" without JavaScript. */
  moreHref: (cursor: string) => string;
  now: number;
  /** Where profiles opened from here lead back to. */
  from: string;
  empty: ReactNode;
  label: string;
}) {
  const toast = useToast();
  const [posts, setPosts] = useState(initial.posts);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const inFlight = useRef(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const queryKey = new URLSearchParams(query).toString();

  const loadMore = useCallback(async () => {
    if (!cursor || inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    setFailed(false);
    const params = new URLSearchParams(queryKey);
    params.set('list', 'feed');
    params.set('cursor', cursor);
    let page: FeedView | null = null;
    try {
      const response = await fetch(`${COMMUNITY_RESOURCE}?${params.toString()}`, { headers: { Accept: 'application/json' } });
      const body = (await response.json().catch(() => ({}))) as { feed?: FeedView };
      if (response.ok && Array.isArray(body.feed?.posts)) page = body.feed;
    } catch {
      // no network: reported below like any other failure
    }
    inFlight.current = false;
    setLoading(false);
    if (!page) {
      setFailed(true);
      toast.show({ kind: 'error', message: LOAD_MORE_FAILED.posts });
      return;
    }
    const next = page;
    setPosts((current) => appendNew(current, next.posts));
    setCursor(next.nextCursor);
  }, [cursor, queryKey, toast]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !cursor || failed || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [cursor, failed, loadMore]);

  if (posts.length === 0) return <>{empty}</>;

  return (
    <section aria-label={label}>
      <div className="space-y-4" data-testid="post-list">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} now={now} from={from} />
        ))}
      </div>
      <div ref={sentinel} className="flex min-h-16 flex-col items-center justify-center gap-3 py-6" data-testid="feed-end">
        {failed ? (
          <>
            <Alert className="w-full max-w-md">{LOAD_MORE_FAILED.posts}</Alert>
            <Button variant="outline" size="sm" onClick={() => void loadMore()}>
              Retry
            </Button>
          </>
        ) : loading ? (
          <span className="flex items-center gap-2 text-sm text-slate-500" role="status">
            <Spinner /> Loading more posts…
          </span>
        ) : cursor ? (
          <Link
            to={moreHref(cursor)}
            onClick={(event) => {
              event.preventDefault();
              void loadMore();
            }}
            className={buttonClasses('outline', 'sm')}
          >
            Load more
          </Link>
        ) : posts.length > 3 ? (
          <p className="text-sm text-slate-500">You're all caught up</p>
        ) : null}
      </div>
    </section>
  );
}
