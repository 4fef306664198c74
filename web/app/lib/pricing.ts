/**
 * What a fan pays to join an event (SPEC §3, §5 and the applications issue):
 * - standard pricing costs `min_bid`; gender_based costs `male_price` or `female_price` by the fan's gender;
 * - with `enable_bidding` the fan may offer any amount at or above that price (at least ₹1 when there is none);
 * - no price and no bidding: free, applied for without a payment (POST /events/{id}/bid).
 * Plain module, shared by the event page, its action and the unit tests.
 */
import { Messages } from '../../../api/src/contracts/messages.js';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

/** The largest amount the API takes (₹1,00,00,000). */
export const MAX_AMOUNT = 10_000_000;

export type JoinTerms =
  | { kind: 'free' }
  | { kind: 'fixed'; amount: number }
  | { kind: 'bid'; minimum: number }
  /** Priced by gender, and the fan has not said theirs. */
  | { kind: 'needs-gender' };

type PricedEvent = Pick<EventView, 'min_bid' | 'male_price' | 'female_price' | 'enable_bidding'> & { pricing_type: string | null };

const positive = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

/** The fan's terms for this event, given their gender (null when not set). */
export function joinTerms(event: PricedEvent, gender: string | null | undefined): JoinTerms {
  let price: number | null;
  if (event.pricing_type === 'gender_based' && (positive(event.male_price) !== null || positive(event.female_price) !== null)) {
    if (gender !== 'male' && gender !== 'female') return { kind: 'needs-gender' };
    price = positive(gender === 'male' ? event.male_price : event.female_price);
  } else {
    price = positive(event.min_bid);
  }
  if (event.enable_bidding) return { kind: 'bid', minimum: price ?? 1 };
  if (price !== null) return { kind: 'fixed', amount: price };
  return { kind: 'free' };
}

/** Whether joining goes through the payment checkout. */
export const needsPayment = (terms: JoinTerms): terms is Extract<JoinTerms, { kind: 'fixed' | 'bid' }> =>
  terms.kind === 'fixed' || terms.kind === 'bid';

/** The amount the form starts with: the price, or the minimum bid. */
export function suggestedAmount(terms: JoinTerms): number {
  if (terms.kind === 'fixed') return terms.amount;
  if (terms.kind === 'bid') return terms.minimum;
  return 0;
}

export const AMOUNT_MESSAGES = {
  notWholeRupees: 'Enter an amount in whole rupees',
  tooLarge: 'The amount can be at most ₹1,00,00,000',
} as const;

export type AmountCheck = { ok: true; amount: number } | { ok: false; error: string };

/**
 * The amount typed in the join form, checked against the terms: whole rupees; exactly the price
 * when it is fixed; at least the minimum when bidding. Free events take nothing (0).
 */
export function checkAmount(terms: JoinTerms, raw: unknown): AmountCheck {
  if (terms.kind === 'free') return { ok: true, amount: 0 };
  if (terms.kind === 'needs-gender') return { ok: false, error: Messages.payments.genderNeeded };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/[₹,\s]/g, '') : '';
  if (!/^\d+$/.test(text)) return { ok: false, error: AMOUNT_MESSAGES.notWholeRupees };
  const amount = Number(text);
  if (amount > MAX_AMOUNT) return { ok: false, error: AMOUNT_MESSAGES.tooLarge };
  if (terms.kind === 'fixed') return amount === terms.amount ? { ok: true, amount } : { ok: false, error: Messages.payments.wrongAmount };
  return amount >= terms.minimum ? { ok: true, amount } : { ok: false, error: Messages.payments.bidTooLow };
}

/** The join button's label: "Bid" when bidding is on, otherwise "Apply". */
export const joinLabel = (event: Pick<EventView, 'enable_bidding'>): 'Bid' | 'Apply' => (event.enable_bidding ? 'Bid' : 'Apply');

/** A new attempt's id for POST /payments/pre-authorization: letters and digits, unique per join attempt. */
export function newTempBidId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return `bid_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
