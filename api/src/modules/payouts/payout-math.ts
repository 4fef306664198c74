import { type EventPayoutView, type PayoutsSummaryView } from '../../contracts/payouts.contract.js';
import { platformFeeOn } from '../invoices/gst.js';
import { type PaymentsAlike } from '../payments/payments.service.js';

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
    const rate = rateOf(alike, percent);
    return fee + alike.payments * (platformFeeOn(alike.captured, rate) - platformFeeOn(alike.refunded, rate));
  }, 0);
}

/** The rate a payment was captured at; `percent`, today's, for one from before rates were kept. */
const rateOf = (payment: Pick<PaymentsAlike, 'feePercent'>, percent: number): number => payment.feePercent ?? percent;

/** The rates the payments were captured at, lowest first. */
export function feeRatesOf(payments: readonly PaymentsAlike[], percent: number): number[] {
  return distinctRates(payments.map((alike) => rateOf(alike, percent)));
}

export const distinctRates = (rates: readonly number[]): number[] => [...new Set(rates)].sort((a, b) => a - b);

export interface EventMoney {
  payments: readonly PaymentsAlike[];
  pendingPayout: number;
  paid: number;
}

/**
 * Captured and refunded, summed from the payments, and owed = captured − refunded − fee − payouts
 * recorded (pending or paid). Negative when refunds came after a payout.
 */
export function eventAmounts(money: EventMoney, percent: number): Pick<EventPayoutView, 'captured' | 'refunded' | 'platformFee' | 'owed'> {
  const sumOf = (amount: (alike: PaymentsAlike) => number) =>
    money.payments.reduce((sum, alike) => sum + alike.payments * amount(alike), 0);
  const [captured, refunded] = [sumOf((alike) => alike.captured), sumOf((alike) => alike.refunded)];
  const fee = eventFee(money.payments, percent);
  return { captured, refunded, platformFee: fee, owed: captured - refunded - fee - money.pendingPayout - money.paid };
}

/**
 * What the host is owed less after `amount` more of one payment is refunded: the amount, less the
 * fee that comes off with it at that payment's rate (its credit note's platform-fee line).
 */
export function owedLessByRefund(payment: Pick<PaymentsAlike, 'refunded' | 'feePercent'>, amount: number, percent: number): number {
  const rate = rateOf(payment, percent);
  return amount - (platformFeeOn(payment.refunded + amount, rate) - platformFeeOn(payment.refunded, rate));
}

type Totals = Omit<PayoutsSummaryView, 'platformFeePercent' | 'platformFeePercents' | 'events'>;

/** The sums of the events' figures (each event's fee rounded on its own, as each event is paid on its own). */
export function totalsOf(events: EventPayoutView[]): Totals {
  const totals: Totals = { captured: 0, refunded: 0, platformFee: 0, pendingPayout: 0, paid: 0, owed: 0 };
  for (const event of events) {
    for (const key of Object.keys(totals) as Array<keyof Totals>) totals[key] += event[key];
  }
  return totals;
}
