/**
 * How much of what a fan paid comes back when they leave an accepted booking. The host picks one per
 * event; each application keeps the policy its fan saw when they joined (a later change of the
 * event's policy does not touch bookings already made).
 */
export const CANCELLATION_POLICIES = ['full_refund_24h', 'half_refund_24h', 'no_refund'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = 'full_refund_24h';

/** Leaving at least this long before the start gets the policy's share back; later, nothing. */
export const CANCELLATION_NOTICE_HOURS = 24;

const SHARE_WITH_NOTICE: Record<CancellationPolicy, number> = {
  full_refund_24h: 1,
  half_refund_24h: 0.5,
  no_refund: 0,
};

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, { title: string; summary: string }> = {
  full_refund_24h: {
    title: 'Full refund up to 24 hours before',
    summary: 'Cancel at least 24 hours before the start for a full refund. Later cancellations are not refunded.',
  },
  half_refund_24h: {
    title: '50% refund up to 24 hours before',
    summary: 'Cancel at least 24 hours before the start to get half of what you paid back. Later cancellations are not refunded.',
  },
  no_refund: {
    title: 'No refunds',
    summary: 'Bookings are not refunded if you cancel. A pending application can still be withdrawn and its payment released.',
  },
};

export interface LeavingTerms {
  /** Rupees the fan gets back (whole rupees; a half rupee rounds in the fan's favour). */
  refund: number;
  /** Until when leaving gets that share back; null when the policy gives nothing back anyway. */
  refundableUntil: Date | null;
}

/**
 * What leaving an accepted booking gives back of `paid` (what was captured and not yet refunded):
 * the policy's share when the start is at least CANCELLATION_NOTICE_HOURS away (exactly 24 hours
 * counts), nothing after. The platform fee is part of what was paid and comes back in the same share.
 */
export function leavingTerms(policy: CancellationPolicy, startsAt: Date, now: Date, paid: number): LeavingTerms {
  const share = SHARE_WITH_NOTICE[policy];
  const refundableUntil = share > 0 ? new Date(startsAt.getTime() - CANCELLATION_NOTICE_HOURS * 3_600_000) : null;
  const inTime = refundableUntil !== null && now.getTime() <= refundableUntil.getTime();
  return { refund: inTime ? Math.ceil(paid * share) : 0, refundableUntil };
}
