import { Link, useLocation } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { canStillEdit, rateHref, type MyEventRating, type RatingSubject } from '~/lib/ratings';
import { StarRow } from './stars';

/**
 * A booking's rating on /my-bookings: Rate this event once it is over (an accepted booking the API
 * lists as waiting), or my stars with Edit rating (or Delete, past the edit window). Both open the
 * rating sheet; without JavaScript, the page at ?rate={eventId}.
 */
export function BookingRating({
  mine,
  applicationId,
  now,
  onOpen,
}: {
  mine: MyEventRating | null;
  /** The booking this card shows: an event booked twice gets the rating on its attended booking only. */
  applicationId: string | null;
  now: number;
  onOpen: (subject: RatingSubject) => void;
}) {
  const location = useLocation();
  if (!mine || (applicationId && mine.applicationId !== applicationId)) return null;
  const link = (label: string, variant: 'primary' | 'outline') => (
    <Link
      to={rateHref(location.pathname, location.search, mine.subject.eventId)}
      preventScrollReset
      onClick={(click) => {
        click.preventDefault();
        onOpen(mine.subject);
      }}
      className={buttonClasses(variant, 'sm')}
    >
      {label}
    </Link>
  );
  if (mine.kind === 'awaiting') {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2" data-testid="booking-rate">
        <p className="text-sm text-slate-700">How was it?</p>
        {link('Rate this event', 'primary')}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2" data-testid="booking-rating">
      <p className="flex items-center gap-2 text-sm text-slate-700">
        Your rating <StarRow value={mine.rating.averageRating} size={14} />
      </p>
      {link(canStillEdit(mine.rating, now) ? 'Edit rating' : 'Delete rating', 'outline')}
    </div>
  );
}
