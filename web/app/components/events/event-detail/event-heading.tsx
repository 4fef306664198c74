import { ShareButton } from '~/components/events/share-button';
import { formatCategory } from '~/lib/format-event';
import { EventMenu } from './event-menu';
import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

/** Category and kind badges, the title, Share, and (for signed-in guests) the "⋮" menu. */
export function EventHeading({ event, shareUrl, showMenu }: { event: EventView; shareUrl: string; showMenu: boolean }) {
  const category = formatCategory(event);
  return (
    <div className="mt-4 flex items-start justify-between gap-3">
      <div className="min-w-0">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          {category ? (
            <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700" data-testid="event-category">
              {category}
            </span>
          ) : null}
          {event.meetup_type === 'curation' ? (
            <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-700">Curated</span>
          ) : null}
          {event.event_type === 'online' ? (
            <span className="rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-700">Online</span>
          ) : null}
        </div>
        <h1 className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl" data-testid="event-title">
          <bdi>{event.title}</bdi>
        </h1>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <ShareButton url={shareUrl} title={event.title} />
        {showMenu ? <EventMenu eventId={event.id} /> : null}
      </div>
    </div>
  );
}
