/**
 * What a fan pays to join an event (SPEC §3, §5 and the applications issue), by the API's own rule
 * (`joinPrice` in the applications contract):
 * - standard pricing costs `min_bid`; gender_based costs `male_price` or `female_price` by the fan's gender;
 * - with `enable_bidding` the fan may offer any amount at or above that price (₹0 when there is none);
 * - nothing to pay (no price and no bidding, or a bid of ₹0 where that is the minimum): an application
 *   without a payment (POST /events/{id}/bid); anything else goes through the checkout.
 * Plain module, shared by the event page, its action and the unit tests.
 */
import { amountFits, joinPrice, type JoinPrice } from '../../../api/src/contracts/applications.contract.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

/** The largest amount the API takes (₹1,00,00,000). */
export const MAX_AMOUNT = 10_000_000;

export type JoinTerms = JoinPrice;

type PricedEvent = Pick<EventView, 'min_bid' | 'male_price' | 'female_price' | 'enable_bidding' | 'pricing_type'>;

/** The fan's terms for this event, given their gender (null when not set). */
export function joinTerms(event: PricedEvent, gender: string | null | undefined): JoinTerms {
  return joinPrice(event, gender);
}

/** Whether joining with `amount` goes through the payment checkout (a bid of ₹0 is allowed only where that is the minimum, and is free). */
export const needsPayment = (terms: JoinTerms, amount: number): boolean => terms.kind === 'fixed' || (terms.kind === 'bid' && amount > 0);

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
  if (terms.kind === 'needs_gender') return { ok: false, error: Messages.payments.genderNeeded };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/[₹,\s]/g, '') : '';
  if (!/^\d+$/.test(text)) return { ok: false, error: AMOUNT_MESSAGES.notWholeRupees };
  const amount = Number(text);
  if (amount > MAX_AMOUNT) return { ok: false, error: AMOUNT_MESSAGES.tooLarge };
  if (amountFits(terms, amount)) return { ok: true, amount };
  return { ok: false, error: terms.kind === 'bid' ? Messages.payments.bidTooLow : Messages.payments.wrongAmount };
}

/** The join button's label: "Bid" when bidding is on, otherwise "Apply". */
export const joinLabel = (event: Pick<EventView, 'enable_bidding'>): 'Bid' | 'Apply' => (event.enable_bidding ? 'Bid' : 'Apply');

/** A new attempt's id for POST /payments/pre-authorization: letters and digits, unique per join attempt. */
export function newTempBidId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return `bid_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
