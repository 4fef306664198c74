import { type CancellationPolicy } from './cancellation-policy.js';

/**
 * Applications (bids). pending → accepted | rejected | expired (the capture window passed) |
 * cancelled (the event was cancelled) | withdrawn (the fan left Tribe) | left (the fan left the booking);
 * accepted → refunded (its host or an admin gave back everything it paid: the booking ended). Shown as
 * "Pending Approval" while pending.
 */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn', 'left', 'refunded'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Longest message a fan may send with an application or bid. */
export const APPLICATION_MESSAGE_MAX = 500;

/** The fan as the event's host sees them. */
export interface ApplicantView {
  id: string;
  name: string | null;
  photoUrl: string | null;
  email?: string | null;
}

/** GET /applications/event/{id} and GET /applications/pending (the host's view). */
export interface HostApplicationView {
  id: string;
  eventId: string;
  eventTitle: string;
  createdAt: string;
  updatedAt: string;
  bidAmount: number;
  message: string | null;
  status: ApplicationStatus;
  fan: ApplicantView;
}

/** GET /applications/mine (the fan's view) and the answer of accept, reject and bid. */
export interface ApplicationView {
  id: string;
  eventId: string;
  eventTitle: string;
  eventDate: string;
  fanId: string;
  bidAmount: number;
  message: string | null;
  status: ApplicationStatus;
  transactionId: string | null;
  /** What leaving the booking gives back (the policy the fan joined under). */
  cancellationPolicy: CancellationPolicy;
  createdAt: string;
  updatedAt: string;
}

/** GET /events/{id}/attendees. */
export interface AttendeeView {
  id: string;
  name: string | null;
  photoUrl: string | null;
}

/** The event's price fields as joining reads them (snake_case, as the event view has them). */
export interface PricedEvent {
  pricing_type: 'standard' | 'gender_based';
  min_bid: number | null;
  male_price: number | null;
  female_price: number | null;
  enable_bidding: boolean;
}

/**
 * What a fan pays to join (SPEC §5, price display): standard events cost min_bid, gender-based ones
 * the fan's gender's price; with bidding on, that price is the least the fan may offer. Nothing to
 * pay (no price, no bidding) makes the event free.
 */
export type JoinPrice = { kind: 'free' } | { kind: 'fixed'; amount: number } | { kind: 'bid'; minimum: number } | { kind: 'needs_gender' };

export function joinPrice(event: PricedEvent, gender: string | null | undefined): JoinPrice {
  let price: number;
  if (event.pricing_type === 'gender_based') {
    const byGender = gender === 'male' ? event.male_price : gender === 'female' ? event.female_price : undefined;
    if (byGender === undefined) return { kind: 'needs_gender' };
    price = byGender ?? 0;
  } else {
    price = event.min_bid ?? 0;
  }
  if (event.enable_bidding) return { kind: 'bid', minimum: price };
  return price > 0 ? { kind: 'fixed', amount: price } : { kind: 'free' };
}

/** Whether `amount` is what the fan must pay: the fixed price, or at least the minimum bid. */
export function amountFits(price: JoinPrice, amount: number): boolean {
  switch (price.kind) {
    case 'free':
      return amount === 0;
    case 'fixed':
      return amount === price.amount;
    case 'bid':
      return amount >= price.minimum;
    default:
      return false;
  }
}

/**
 * GET /applications/{id}/leave: what leaving the booking now would do, for the fan to confirm. A
 * pending application's held amount is released; an accepted one gets `refund` back of `paid`.
 */
export interface LeavingPreview {
  applicationId: string;
  eventId: string;
  eventTitle: string;
  /** The event's start (ISO). */
  eventDate: string;
  status: ApplicationStatus;
  policy: CancellationPolicy;
  /** Rupees taken and not yet refunded (accepted); what is held (pending). */
  paid: number;
  /** What leaving now gives back of an accepted booking's payment. */
  refund: number;
  /** What leaving now releases of a pending application's held payment. */
  released: number;
  /** Until when the policy's share comes back (ISO); null when it gives nothing back. */
  refundableUntil: string | null;
  /** Why it cannot be left now, when it cannot. */
  refusal: string | null;
}

/** POST /applications/{id}/leave. */
export interface LeaveResult {
  application: ApplicationView;
  /** Rupees refunded now (a credit note follows once the provider processes the refund). */
  refunded: number;
}
