import { Chip } from '~/components/events/event-bits';
import { formatEventPrice } from '~/lib/format-event';
import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

/** The price or minimum bid, and whether bidding is open; nothing when the event has neither. */
export function PricePanel({ event }: { event: EventView }) {
  const price = formatEventPrice(event);
  if (!price && !event.enable_bidding) return null;
  return (
    <div className="mt-4 flex items-center justify-between rounded-2xl border border-slate-200 bg-white px-4 py-3.5">
      <div>
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {event.pricing_type === 'gender_based' ? 'Price (male / female)' : event.enable_bidding ? 'Minimum bid' : 'Price'}
        </p>
        <p className="text-xl font-bold text-slate-900" data-testid="event-price">
          {price ?? 'Open bidding'}
        </p>
      </div>
      {event.enable_bidding ? <Chip tone="brand">Bidding open</Chip> : null}
    </div>
  );
}
