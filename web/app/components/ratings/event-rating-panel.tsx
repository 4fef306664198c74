import { Link, useLocation } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { canStillEdit, rateHref, reviewsPath, type MyEventRating, type RatingSubject } from '~/lib/ratings';
import { RatingPair } from './stars';

/**
 * The event page's ratings, once the event is over: for an attendee still to rate it, "How was
 * it?" with Rate this event; for one who rated it, their stars and words, the host's reply, and
 * Edit (within the window) or Delete; and for every signed-in visitor the event's reviews. The
 * buttons open the rating sheet (without JavaScript, the same page at ?rate=).
 */
export function EventRatingPanel({
  mine,
  hostId,
  eventId,
  now,
  onOpen,
}: {
  mine: MyEventRating | null;
  hostId: string;
  eventId: string;
  now: number;
  onOpen: (subject: RatingSubject) => void;
}) {
  const location = useLocation();
  const open = (subject: RatingSubject, label: string, variant: 'primary' | 'outline') => (
    <Link
      to={rateHref(location.pathname, location.search, subject.eventId)}
      preventScrollReset
      onClick={(click) => {
        click.preventDefault();
        onOpen(subject);
      }}
      className={buttonClasses(variant, 'sm')}
    >
      {label}
    </Link>
  );
  const reviews = (
    <Link
      to={reviewsPath(hostId, { eventId, from: `/event/${eventId}` })}
      className="text-sm font-semibold text-brand-700 hover:underline"
      data-testid="event-reviews-link"
    >
      Reviews of this event
    </Link>
  );

  if (!mine) return <div className="mt-6">{reviews}</div>;
  if (mine.kind === 'awaiting') {
    return (
      <section
        aria-labelledby="rate-event-heading"
        className="mt-6 rounded-2xl border border-brand-100 bg-brand-50/60 p-4"
        data-testid="rate-event"
      >
        <h2 id="rate-event-heading" className="text-base font-semibold text-slate-900">
          How was it?
        </h2>
        <p className="mt-1 text-sm text-slate-700">You were at this event. Rate the host and the event: it helps others choose.</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
          {open(mine.subject, 'Rate this event', 'primary')}
          {reviews}
        </div>
      </section>
    );
  }

  const { rating } = mine;
  return (
    <section aria-labelledby="my-rating-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4" data-testid="my-rating">
      <h2 id="my-rating-heading" className="text-base font-semibold text-slate-900">
        Your rating
      </h2>
      <RatingPair hostRating={rating.hostRating} eventRating={rating.eventRating} className="mt-2" />
      {rating.hostReview ? (
        <p dir="auto" className="mt-2 text-sm whitespace-pre-line text-slate-700">
          <span className="font-medium text-slate-900">About the host: </span>
          {rating.hostReview}
        </p>
      ) : null}
      {rating.eventReview ? (
        <p dir="auto" className="mt-2 text-sm whitespace-pre-line text-slate-700">
          <span className="font-medium text-slate-900">About the event: </span>
          {rating.eventReview}
        </p>
      ) : null}
      {rating.reply ? (
        <div className="mt-3 rounded-xl bg-slate-50 p-3" data-testid="my-rating-reply">
          <p className="text-xs font-semibold text-slate-600">
            Reply from <bdi>{rating.ratedInfluencer.name}</bdi>
          </p>
          <p dir="auto" className="mt-1 text-sm whitespace-pre-line text-slate-800">
            {rating.reply.text}
          </p>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        {open(mine.subject, canStillEdit(rating, now) ? 'Edit rating' : 'Delete rating', 'outline')}
        {reviews}
      </div>
    </section>
  );
}
