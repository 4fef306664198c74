/**
 * Applications (bids). pending → accepted | rejected | expired (the capture window passed) |
 * cancelled (the event was cancelled) | withdrawn (the fan left Tribe). Shown as "Pending Approval" while pending.
 */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'expired', 'cancelled', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

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
