import { Link } from '@remix-run/react';
import { Avatar } from '~/components/events/event-bits';
import { StarGlyph } from '~/components/ratings/stars';
import { VerifiedBadge } from '~/components/profile/verified-badge';
import { buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { profilePreviewPath } from '~/lib/profile';
import { hostRatingLink, reviewsPath } from '~/lib/ratings';
import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

/**
 * "Hosted by": the host's picture, name, rating (with how many ratings, when the page read it) and
 * contacts, and (signed in) their past events. Signed in, the rating links to the host's reviews.
 */
export function HostCard({ event, signedIn }: { event: EventView; signedIn: boolean }) {
  const host = event.host;
  if (!host) return null;
  const rating = hostRatingLink(host.rating, host.rating_count);
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4" data-testid="event-host">
      <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Hosted by</h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar name={host.name} url={host.avatar_thumbnail_url ?? host.avatar_url} size={48} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold text-slate-900" data-testid="host-name">
            {signedIn ? (
              <Link to={profilePreviewPath(host.id, `/event/${event.id}`)} className="hover:underline">
                <bdi>{host.name || 'Host'}</bdi>
              </Link>
            ) : (
              <bdi>{host.name || 'Host'}</bdi>
            )}
            {host.verified ? <VerifiedBadge label="Verified host" className="ml-1" /> : null}
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600" data-testid="host-rating">
            {rating && signedIn ? (
              <Link
                to={reviewsPath(host.id, { from: `/event/${event.id}` })}
                aria-label={rating.label}
                className="inline-flex items-center gap-1 rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <StarGlyph size={14} fill="full" />
                {rating.average}
                {rating.count ? <span className="text-slate-500">{rating.count}</span> : null}
              </Link>
            ) : rating ? (
              <>
                <StarGlyph size={14} fill="full" />
                {rating.average}
                {rating.count ? <span className="text-slate-500">{rating.count}</span> : null}
              </>
            ) : (
              'New host'
            )}
            {host.instagram_handle ? (
              <span className="ml-2 truncate text-slate-500">
                @<bdi>{host.instagram_handle}</bdi>
              </span>
            ) : null}
          </p>
        </div>
      </div>
      {event.host_contact_number || event.host_social_link ? (
        <ul className="mt-3 space-y-1 text-sm">
          {event.host_contact_number ? (
            <li>
              <a href={`tel:${event.host_contact_number}`} className="text-brand-700 hover:underline">
                {event.host_contact_number.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2')}
              </a>
            </li>
          ) : null}
          {event.host_social_link ? (
            <li>
              <a
                href={event.host_social_link}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-brand-700 hover:underline"
              >
                {event.host_social_link}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {signedIn ? (
        <Link to={`/host-past-events/${host.id}`} className={cn(buttonClasses('outline', 'sm'), 'mt-4')}>
          Past events by this host
        </Link>
      ) : null}
    </section>
  );
}
