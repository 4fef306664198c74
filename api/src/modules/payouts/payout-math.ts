import { type EventPayoutView, type PayoutsSummaryView } from '../../contracts/payouts.contract.js';

/**
 * The platform's fee on an event's net takings (captured − refunded), in whole rupees: `percent`
 * (read to two decimal places, so 2.25 is 2.25%) of the net, rounded to the nearest rupee with
 * halves going up (₹455 at 10% is ₹45.50 → ₹46). Integer arithmetic only: no float ever rounds a
 * rupee the wrong way.
 */
export function platformFee(net: number, percent: number): number {
  if (net <= 0) return 0;
  const hundredthsOfPercent = Math.round(percent * 100);
  return Math.floor((net * hundredthsOfPercent + 5_000) / 10_000);
}

export interface EventMoney {
  captured: number;
  refunded: number;
  pendingPayout: number;
  paid: number;
}

/** owed = captured − refunded − fee − payouts recorded (pending or paid). Negative when refunds came after a payout. */
export function eventAmounts(money: EventMoney, percent: number): Pick<EventPayoutView, 'platformFee' | 'owed'> {
  const fee = platformFee(money.captured - money.refunded, percent);
  return { platformFee: fee, owed: money.captured - money.refunded - fee - money.pendingPayout - money.paid };
}

type Totals = Omit<PayoutsSummaryView, 'platformFeePercent' | 'events'>;

/** The sums of the events' figures (each event's fee rounded on its own, as each event is paid on its own). */
export function totalsOf(events: EventPayoutView[]): Totals {
  const totals: Totals = { captured: 0, refunded: 0, platformFee: 0, pendingPayout: 0, paid: 0, owed: 0 };
  for (const event of events) {
    for (const key of Object.keys(totals) as Array<keyof Totals>) totals[key] += event[key];
  }
  return totals;
}
