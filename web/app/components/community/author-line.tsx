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
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={author.name} url={author.avatarUrl} size={40} />
      <div className="min-w-0">
        <Name id={headingId} className="flex min-w-0 items-center gap-1.5 text-[15px] leading-tight font-semibold text-slate-900">
          {/* At least 24 px tall: a target a finger can hit (WCAG 2.2 target size). */}
          <Link to={profilePreviewPath(author.id, from)} className="flex min-h-6 min-w-0 items-center hover:underline">
            <bdi className="truncate">{author.name}</bdi>
          </Link>
          {author.verified ? <VerifiedBadge size={15} /> : null}
          {author.role === 'influencer' ? (
            <span className="shrink-0 rounded-full bg-brand-50 px-2 py-px text-[11px] font-semibold text-brand-700">Host</span>
          ) : null}
        </Name>
        <p className="text-xs text-slate-500">
          <time dateTime={createdAt}>{writtenAgo(createdAt, now)}</time>
          {editedAt ? <span> · Edited</span> : null}
        </p>
      </div>
    </div>
  );
}
