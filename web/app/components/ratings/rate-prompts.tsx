import { Link, useLocation } from '@remix-run/react';
import { EventImage, ImagePlaceholder } from '~/components/events/event-bits';
import { awaitingCardText, HOME_PROMPTS_SHOWN, rateHref, STAR_VALUES, type Stars } from '~/lib/ratings';
import type { AwaitingRatingView } from '../../../../api/src/contracts/ratings.contract.js';
import { StarGlyph } from './stars';

/**
 * The /home cards for events I attended and have not rated ("How was …?"), the most recent
 * first, each with five stars: tapping one opens the rating sheet with that many stars chosen for
 * the host and the event (without JavaScript, the same page at ?rate=&stars=). Past the first few,
 * a link to My Bookings, where every event waits with its Rate button.
 */
export function RatePrompts({
  awaiting,
  onRate,
}: {
  awaiting: AwaitingRatingView[];
  onRate: (item: AwaitingRatingView, stars: Stars) => void;
}) {
  const location = useLocation();
  if (awaiting.length === 0) return null;
  const shown = awaiting.slice(0, HOME_PROMPTS_SHOWN);
  const more = awaiting.length - shown.length;
  return (
    <section aria-labelledby="rate-prompts-heading" className="space-y-3" data-testid="rate-prompts">
      <h2 id="rate-prompts-heading" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Rate your recent events
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((item) => {
          const text = awaitingCardText(item);
          const headingId = `rate-prompt-${item.event.id}`;
          return (
            <li
              key={item.event.id}
              className="flex min-w-0 gap-3 rounded-2xl border border-brand-100 bg-white p-3 shadow-xs"
              data-testid="rate-prompt"
            >
              {item.event.image ? (
                <EventImage
                  key={item.event.image}
                  title={item.event.title}
                  src={item.event.image}
                  alt=""
                  className="size-16 shrink-0 rounded-xl object-cover"
                  loading="lazy"
                />
              ) : (
                <ImagePlaceholder title={item.event.title} className="size-16 shrink-0 rounded-xl text-2xl" />
              )}
              <div className="min-w-0 flex-1">
                <h3 id={headingId} className="text-[15px] leading-snug font-semibold text-slate-900">
                  <bdi>{text.title}</bdi>
                </h3>
                <p className="truncate text-xs text-slate-500">{text.detail}</p>
                <div role="group" aria-label={text.title} className="star-links -ml-1.5 flex items-center">
                  {STAR_VALUES.map((stars) => (
                    <Link
                      key={stars}
                      to={rateHref(location.pathname, location.search, item.event.id, stars)}
                      preventScrollReset
                      replace
                      aria-label={text.starLabel(stars)}
                      onClick={(click) => {
                        click.preventDefault();
                        onRate(item, stars);
                      }}
                      className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                    >
                      <StarGlyph size={26} fill="empty" />
                    </Link>
                  ))}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {more > 0 ? (
        <Link to="/my-bookings" className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          {more === 1 ? '1 more event to rate in My Bookings' : `${more} more events to rate in My Bookings`}
        </Link>
      ) : null}
    </section>
  );
}
