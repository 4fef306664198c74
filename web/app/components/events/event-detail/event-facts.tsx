import { CalendarIcon, ClockIcon, MapPinIcon, UsersIcon } from '~/components/ui/icons';
import {
  formatAgeGroups,
  formatCountdown,
  formatDay,
  formatEventDate,
  formatTime,
  hasEventStarted,
  isDateToBeDecided,
} from '~/lib/format-event';
import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

/** When, how long until, where and for whom: the event's facts as a grid of cards. */
export function EventFacts({ event, now, cancelled }: { event: EventView; now: number; cancelled: boolean }) {
  const started = hasEventStarted(event, now);
  return (
    <dl className="mt-5 grid gap-3 sm:grid-cols-2">
      <Fact icon={<CalendarIcon size={20} />} label="When">
        <span data-testid="event-date">{formatEventDate(event)}</span>
        {event.end_date && !isDateToBeDecided(event) ? (
          <span className="block text-sm text-slate-500">
            Ends{' '}
            {formatDay(event.end_date) === formatDay(event.date)
              ? formatTime(event.end_date)
              : `${formatDay(event.end_date)} · ${formatTime(event.end_date)}`}
          </span>
        ) : null}
      </Fact>
      {!cancelled && !isDateToBeDecided(event) ? (
        <Fact icon={<ClockIcon size={20} />} label={started ? 'Status' : 'Starts in'}>
          <span data-testid="event-countdown" className={started ? 'text-slate-500' : ''}>
            {formatCountdown(event, now)}
          </span>
        </Fact>
      ) : null}
      <Fact icon={<MapPinIcon size={20} />} label="Where">
        <bdi className="block" data-testid="event-place">
          {event.location || event.estimated_location || event.city || 'To be announced'}
        </bdi>
        {event.meetup_type === 'curation' && event.estimated_location && event.location !== event.estimated_location ? (
          <span className="block text-sm text-slate-500">
            {/^(around|near)\b/i.test(event.estimated_location) ? (
              <bdi>{event.estimated_location}</bdi>
            ) : (
              <>
                Around <bdi>{event.estimated_location}</bdi>
              </>
            )}
          </span>
        ) : null}
        <MapLink event={event} />
      </Fact>
      <Fact icon={<UsersIcon size={20} />} label="Age group">
        <span data-testid="event-age">{formatAgeGroups(event)}</span>
        {event.capacity ? <span className="block text-sm text-slate-500">Up to {event.capacity} guests</span> : null}
        {event.show_attendees !== false && typeof event.attendees_count === 'number' && event.attendees_count > 0 ? (
          <span className="block text-sm text-slate-500">{event.attendees_count} going</span>
        ) : null}
      </Fact>
    </dl>
  );
}

/**
 * One fact: a <div> holding only its <dt> and <dd> (what a <dl> may hold), the icon drawn inside
 * the <dt> at the card's left edge.
 */
function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 rounded-2xl border border-slate-200 bg-white p-3.5 pl-[3.875rem]">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span
          aria-hidden="true"
          className="absolute top-4 left-3.5 flex size-9 items-center justify-center rounded-xl bg-slate-100 text-slate-600"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 text-[15px] font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function MapLink({ event }: { event: EventView }) {
  const lat = event.latitude ?? event.estimated_latitude;
  const lng = event.longitude ?? event.estimated_longitude;
  if (lat === null || lat === undefined || lng === null || lng === undefined) return null;
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-0.5 block text-sm font-medium text-brand-700 hover:underline"
    >
      Open in Maps
    </a>
  );
}
