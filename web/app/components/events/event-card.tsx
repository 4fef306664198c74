import { Link } from '@remix-run/react';
import { MapPinIcon, UsersIcon } from '~/components/ui/icons';
import { cn } from '~/lib/cn';
import {
  eventImages,
  formatAgeGroups,
  formatCategory,
  formatCountdown,
  formatEventDate,
  formatEventPrice,
  formatPlace,
  hasEventStarted,
  imageSrcSet,
  isCancelled,
} from '~/lib/format-event';
import { CalendarIcon, Chip, ClockIcon, EventImage, HostLine, ImagePlaceholder } from './event-bits';
import type { EventView } from '../../../../api/src/contracts/event/event-view.js';

/** How wide a card's photo is drawn: one column on phones, two from 640 px, three (in max-w-6xl) from 1024 px. */
const EVENT_CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

/**
 * One event in a list: photo with category and price, title, date (or "Date to be decided"),
 * countdown, place, age groups and the host with rating. The whole card links to the event.
 */
export function EventCard({
  event,
  now,
  className,
  footer,
}: {
  event: EventView;
  now: number;
  className?: string;
  footer?: React.ReactNode;
}) {
  const image = eventImages(event)[0];
  const price = formatEventPrice(event);
  const category = formatCategory(event);
  const cancelled = isCancelled(event);
  const countdown = formatCountdown(event, now);
  const place = formatPlace(event);
  return (
    <article
      data-testid="event-card"
      data-event-id={event.id}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xs transition-shadow hover:shadow-md',
        // The title link covers the card, so the card shows its keyboard focus.
        'has-[h3>a:focus-visible]:outline-2 has-[h3>a:focus-visible]:outline-offset-2 has-[h3>a:focus-visible]:outline-brand-600',
        cancelled && 'opacity-80',
        className,
      )}
    >
      <div className="relative aspect-[16/10] overflow-hidden bg-slate-100">
        {image ? (
          <EventImage
            key={image}
            title={event.title}
            src={image}
            srcSet={imageSrcSet(event, image)}
            sizes={EVENT_CARD_SIZES}
            alt=""
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
            placeholderClassName="size-full"
            loading="lazy"
          />
        ) : (
          <ImagePlaceholder title={event.title} className="size-full" />
        )}
        <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
          {category ? (
            <Chip>
              <span data-testid="event-category">{category}</span>
            </Chip>
          ) : (
            <span />
          )}
          {cancelled ? <Chip tone="danger">Cancelled</Chip> : null}
        </div>
        {price ? (
          <div className="absolute bottom-3 left-3">
            <Chip tone="dark">
              <span data-testid="event-price">{price}</span>
            </Chip>
          </div>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 text-base leading-snug font-semibold text-slate-900">
          <Link to={`/event/${event.id}`} prefetch="intent" className="after:absolute after:inset-0 focus-visible:outline-none">
            <bdi>{event.title}</bdi>
          </Link>
        </h3>
        <ul className="space-y-1 text-sm text-slate-600">
          <li className="flex items-center gap-1.5">
            <CalendarIcon className="shrink-0 text-slate-400" />
            <span data-testid="event-date">{formatEventDate(event)}</span>
          </li>
          {place ? (
            <li className="flex items-center gap-1.5">
              <MapPinIcon size={16} className="shrink-0 text-slate-400" />
              <bdi className="truncate" data-testid="event-place">
                {place}
              </bdi>
            </li>
          ) : null}
          <li className="flex items-center gap-1.5">
            <UsersIcon size={16} className="shrink-0 text-slate-400" />
            <span>
              Ages <span data-testid="event-age">{formatAgeGroups(event)}</span>
            </span>
          </li>
        </ul>
        {/* The countdown moves under the host when both do not fit: a narrow card keeps the host's name whole. */}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-2 pt-2">
          <HostLine host={event.host} size={28} />
          {!cancelled && countdown ? (
            <span
              data-testid="event-countdown"
              className={cn(
                'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-1 text-xs font-medium',
                hasEventStarted(event, now) ? 'bg-slate-100 text-slate-600' : 'bg-brand-50 text-brand-700',
              )}
            >
              <ClockIcon size={13} />
              {countdown}
            </span>
          ) : null}
        </div>
        {footer ? <div className="relative z-10 border-t border-slate-100 pt-3">{footer}</div> : null}
      </div>
    </article>
  );
}

export function EventGrid({ children, className }: { children: React.ReactNode; className?: string }) {
  return <div className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3', className)}>{children}</div>;
}
