import { type EventPayoutView, type PayoutsSummaryView } from '../../contracts/payouts.contract.js';
import { type PaymentsAlike } from '../payments/payments.service.js';

/**
 * The platform's fee on an amount, in whole rupees: `percent` (read to two decimal places, so 2.25
 * is 2.25%) of it, rounded to the nearest rupee with halves going up (₹455 at 10% is ₹45.50 → ₹46),
 * as a tax invoice's platform-fee line is. Integer arithmetic only: no float ever rounds a rupee the
 * wrong way.
 */
export function platformFee(amount: number, percent: number): number {
  if (amount <= 0) return 0;
  const hundredthsOfPercent = Math.round(percent * 100);
  return Math.floor((amount * hundredthsOfPercent + 5_000) / 10_000);
}

/**
 * The fee on an event's payments, payment by payment: the fee on what each captured less the fee on
 * what of it is refunded, at the rate it was captured at (`percent`, today's, for payments from
 * before the rate was kept). That is what its invoice's platform-fee line and its credit notes' add up
 * to (each credit note takes the fee on all refunds so far less that on those before it), so the
 * host's payout and Tribe's invoices agree to the rupee; a fee on the event's net would not
 * (₹500 three times, ₹145 of one refunded: invoices ₹150 − ₹15, the net's fee ₹136).
 */
export function eventFee(payments: readonly PaymentsAlike[], percent: number): number {
  return payments.reduce((fee, alike) => {
    const rate = alike.feePercent ?? percent;
    return fee + alike.payments * (platformFee(alike.captured, rate) - platformFee(alike.refunded, rate));
  }, 0);
}

export interface EventMoney {
  captured: number;
  refunded: number;
  payments: readonly PaymentsAlike[];
  pendingPayout: number;
  paid: number;
}

/** owed = captured − refunded − fee − payouts recorded (pending or paid). Negative when refunds came after a payout. */
export function eventAmounts(money: EventMoney, percent: number): Pick<EventPayoutView, 'platformFee' | 'owed'> {
  const fee = eventFee(money.payments, percent);
  return { platformFee: fee, owed: money.captured - money.refunded - fee - money.pendingPayout - money.paid };
}

/** The event's payments with `amount` more refunded of one of them, as it stands before the refund. */
export function withRefund(payments: readonly PaymentsAlike[], payment: Omit<PaymentsAlike, 'payments'>, amount: number): PaymentsAlike[] {
  const isIt = (alike: PaymentsAlike) =>
    alike.captured === payment.captured && alike.refunded === payment.refunded && alike.feePercent === payment.feePercent;
  if (!payments.some(isIt)) {
    // The payment's reserved refunds and the ledger's refund rows are written together: apart, no cover can be worked out.
    throw new Error(
      `No payment of ₹${payment.captured} at ${payment.feePercent ?? 'today’s'}% with ₹${payment.refunded} refunded in the event's ledger`,
    );
  }
  const moved = payments.map((alike) => (isIt(alike) ? { ...alike, payments: alike.payments - 1 } : alike));
  return [...moved.filter((alike) => alike.payments > 0), { ...payment, refunded: payment.refunded + amount, payments: 1 }];
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
