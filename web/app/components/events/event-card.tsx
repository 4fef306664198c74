import { Link } from '@remix-run/react';
import { memo } from 'react';
import { cn } from '~/lib/cn';
import type { EventCardView } from '~/lib/event-card-view';
import { formatCountdown, formatEventDate, hasEventStarted } from '~/lib/format-event';
import { EventImage, HostLine, ImagePlaceholder, LARGEST_PHOTO } from './event-bits';

/** How wide a card's photo is drawn: one column on phones, two from 640 px, three (in max-w-6xl) from 1024 px. */
const EVENT_CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/**
 * One event in a list: photo with category and price, title, date (or "Date to be decided"),
 * countdown, place, age groups and the host with rating. The whole card links to the event.
 * Twenty of these make a list page, so the markup is lean (issue 26): the look lives in the
 * stylesheet's event-card classes (tailwind.css), the small icons are drawn by CSS, not repeated as
 * inline SVG in every card, and there are no test ids (browser tests find a card's parts by those
 * classes: test/browser/event-cards.ts). Takes the small card shape (toEventCard), not the whole event.
 * `first`: the list's first card, whose photo is the page's largest paint (fetched at once, first).
 *
 * Only the countdown follows the clock: the photo and the details are drawn again only for another
 * event, and the card not at all when the page renders again around it (the router's updates after
 * hydration, a loaded page of more events) — on a phone those renders were most of the list's
 * main-thread time after it appeared.
 */
export const EventCard = memo(function EventCard({
  event,
  now,
  className,
  footer,
  first = false,
}: {
  event: EventCardView;
  now: number;
  className?: string;
  footer?: React.ReactNode;
  first?: boolean;
}) {
  const countdown = event.cancelled ? '' : formatCountdown(event, now);
  return (
    <article className={cn('event-card', event.cancelled && 'opacity-80', className)}>
      <CardMedia event={event} first={first} />
      <div className="event-card-body">
        <CardDetails event={event} />
        {/* The countdown moves under the host when both do not fit: a narrow card keeps the host's name whole. */}
        <div className="event-card-foot">
          <HostLine host={event.host} />
          {countdown ? (
            <span className={cn('event-countdown', hasEventStarted(event, now) && 'event-countdown-started')}>{countdown}</span>
          ) : null}
        </div>
        {footer ? <div className="relative z-10 border-t border-slate-100 pt-3">{footer}</div> : null}
      </div>
    </article>
  );
});

const CardMedia = memo(function CardMedia({ event, first }: { event: EventCardView; first: boolean }) {
  return (
    <div className="event-card-media">
      {event.image ? (
        <EventImage
          key={event.image}
          title={event.title}
          src={event.image}
          // A sizes attribute means nothing without a srcset.
          {...(event.srcSet ? { srcSet: event.srcSet, sizes: EVENT_CARD_SIZES } : {})}
          alt=""
          placeholderClassName="size-full"
          loading="lazy"
          {...(first ? LARGEST_PHOTO : {})}
        />
      ) : (
        <ImagePlaceholder title={event.title} className="size-full" />
      )}
      {event.category ? <span className="event-category">{event.category}</span> : null}
      {event.cancelled ? <span className="event-cancelled">Cancelled</span> : null}
      {event.price ? <span className="event-price">{event.price}</span> : null}
    </div>
  );
});

const CardDetails = memo(function CardDetails({ event }: { event: EventCardView }) {
  return (
    <>
      <h3>
        <Link to={`/event/${event.id}`} prefetch="intent">
          <bdi>{event.title}</bdi>
        </Link>
      </h3>
      <ul>
        <li className="icon-calendar">{formatEventDate(event)}</li>
        {event.place ? (
          <li className="icon-pin">
            <bdi>{event.place}</bdi>
          </li>
        ) : null}
        <li className="icon-people">{`Ages ${event.ages}`}</li>
      </ul>
    </>
  );
});

export function EventGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('event-grid', className)}>{children}</div>;
}
