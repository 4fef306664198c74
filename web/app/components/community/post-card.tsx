import { Link } from '@remix-run/react';
import { memo } from 'react';
import { ChatIcon } from '~/components/ui/icons';
import { commentsText, needsReadMore, postPath } from '~/lib/community';
import { profilePreviewPath } from '~/lib/profile';
import { shorten } from '~/lib/text';
import type { CommentView, PostView } from '../../../../api/src/contracts/community.contract.js';
import { AuthorLine } from './author-line';
import { LikeButton } from './like-button';
import { EventChip, PhotoGrid, WrittenText } from './post-parts';

/**
 * A post in a feed: its author, text (shortened when long, with a link to read it all), the event
 * it is about, its photos, Like and Comment, and its first comments with a link to the rest. Drawn
 * again only when the post or the clock changes, not each time the page renders around it.
 */
export const PostCard = memo(function PostCard({ post, now, from }: { post: PostView; now: number; from: string }) {
  const href = postPath(post.id);
  const headingId = `post-${post.id}-author`;
  return (
    <article aria-labelledby={headingId} className="post-card" data-testid="post">
      <AuthorLine post={post} now={now} from={from} headingId={headingId} />
      <WrittenText text={post.text} clamp className="mt-3" />
      {needsReadMore(post.text) ? (
        <Link to={href} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Read more<span className="sr-only"> of {post.author.name}'s post</span>
        </Link>
      ) : null}
      {post.event ? <EventChip event={post.event} /> : null}
      <PhotoGrid photos={post.responsivePhotos} author={post.author.name} href={href} />
      <div className="post-actions">
        <LikeButton target="post" id={post.id} initial={{ liked: post.likedByMe, likeCount: post.likeCount }} />
        <Link to={`${href}#comments`} aria-label={`Comments, ${commentsText(post.commentCount)}`} className="post-action">
          <ChatIcon size={20} />
          <span aria-hidden="true">{post.commentCount}</span>
        </Link>
      </div>
      <InlineComments comments={post.firstComments} total={post.commentCount} href={href} from={from} />
    </article>
  );
});

function InlineComments({ comments, total, href, from }: { comments: CommentView[]; total: number; href: string; from: string }) {
  if (comments.length === 0) return null;
  return (
    <div className="mt-1 space-y-1.5 px-1" data-testid="inline-comments">
      <ul className="space-y-1">
        {comments.map((comment) => (
          <li key={comment.id} className="text-sm break-words text-slate-700">
            <Link to={profilePreviewPath(comment.author.id, from)} className="font-semibold text-slate-900 hover:underline">
              <bdi>{comment.author.name}</bdi>
            </Link>{' '}
            <span dir="auto">{shorten(comment.text, 160)}</span>
          </li>
        ))}
      </ul>
      {total > comments.length ? (
        <Link
          to={`${href}#comments`}
          className="inline-flex min-h-6 items-center text-sm font-medium text-slate-500 hover:text-slate-800 hover:underline"
        >
          View all {commentsText(total)}
        </Link>
      ) : null}
    </div>
  );
}
