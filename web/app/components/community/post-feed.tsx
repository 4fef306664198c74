import { useState, type ReactNode } from 'react';
import { FeedEnd, readJson, useLoadMore } from '~/components/ui/load-more';
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
  const [posts, setPosts] = useState(initial.posts);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const more = useLoadMore({
    next: cursor || null,
    read: (next) => {
      const params = new URLSearchParams(query);
      params.set('list', 'feed');
      params.set('cursor', next);
      return readJson(`${COMMUNITY_RESOURCE}?${params.toString()}`, (body: { feed?: FeedView }) =>
        Array.isArray(body.feed?.posts) ? body.feed : null,
      );
    },
    onPage: (page) => {
      setPosts((current) => appendNew(current, page.posts));
      setCursor(page.nextCursor);
    },
    failure: LOAD_MORE_FAILED.posts,
  });

  if (posts.length === 0) return <>{empty}</>;

  return (
    <section aria-label={label}>
      <div className="space-y-4" data-testid="post-list">
        {posts.map((post) => (
          <PostCard key={post.id} post={post} now={now} from={from} />
        ))}
      </div>
      <FeedEnd
        more={more}
        loadingText="Loading more posts…"
        moreHref={cursor ? moreHref(cursor) : null}
        done={posts.length > 3 ? "You're all caught up" : null}
      />
    </section>
  );
}
