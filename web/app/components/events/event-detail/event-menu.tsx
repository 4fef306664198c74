import { Link } from '@remix-run/react';
import { MoreIcon } from '~/components/ui/icons';

/** The "⋮" menu (a <details> element, so it works without JavaScript) with "Report Event". */
export function EventMenu({ eventId }: { eventId: string }) {
  return (
    <details className="relative [&>summary::-webkit-details-marker]:hidden" data-testid="event-menu">
      <summary
        aria-label="More options"
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
      >
        <MoreIcon size={20} />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
        <Link to={`/event/${eventId}/report`} className="block px-4 py-2.5 text-sm font-medium text-rose-700 hover:bg-rose-50">
          Report Event
        </Link>
      </div>
    </details>
  );
}
