import { Link } from '@remix-run/react';
import { Avatar } from '~/components/events/event-bits';
import { VerifiedBadge } from '~/components/profile/verified-badge';
import { writtenAgo } from '~/lib/community';
import { profilePreviewPath } from '~/lib/profile';
import type { PostView } from '../../../../api/src/contracts/community.contract.js';

/**
 * Who wrote a post and when: photo, name (to their profile, whose back button returns here), the
 * verified mark, "Host" for hosts, and the time.
 */
export function AuthorLine({
  post: { author, createdAt, editedAt },
  now,
  from,
  headingId,
}: {
  post: Pick<PostView, 'author' | 'createdAt' | 'editedAt'>;
  now: number;
  /** Where the profile's back button leads. */
  from: string;
  /** Set when the name is the heading of the post it stands over. */
  headingId?: string;
}) {
  const Name = headingId ? 'h2' : 'p';
  return (
    // Its look is in tailwind.css (.author-line): a feed draws twenty.
    <div className="author-line">
      <Avatar name={author.name} url={author.avatarThumbnailUrl ?? author.avatarUrl} size={40} />
      <div>
        <Name id={headingId} className="author-name">
          <Link to={profilePreviewPath(author.id, from)}>
            <bdi>{author.name}</bdi>
          </Link>
          {author.verified ? <VerifiedBadge size={15} /> : null}
          {author.role === 'influencer' ? <span className="host-tag">Host</span> : null}
        </Name>
        <p className="author-when">
          <time dateTime={createdAt}>{writtenAgo(createdAt, now)}</time>
          {editedAt ? <span> · Edited</span> : null}
        </p>
      </div>
    </div>
  );
}
