/**
 * How applications and transactions read (SPEC §3, §5): status labels and tones, relative times.
 * Plain module (no React, no server imports), shared by server and browser and unit tested.
 */
import { Messages } from '../../../api/src/contracts/messages.js';
import type { ApplicationStatus } from '../../../api/src/contracts/applications.contract.js';
import type { RefundView, TransactionStatus } from '../../../api/src/contracts/payments.contract.js';
import { capitalise } from './text';

/** The colour family of a status badge. */
export type StatusTone = 'pending' | 'success' | 'danger' | 'neutral';

export interface StatusBadgeText {
  label: string;
  tone: StatusTone;
}

const APPLICATION_STATUS: Record<ApplicationStatus, StatusBadgeText> = {
  pending: { label: Messages.applications.pendingApproval, tone: 'pending' },
  accepted: { label: 'Accepted', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
  left: { label: 'Cancelled by you', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/**
 * An application's status as shown: "Pending Approval" while pending (SPEC §3). Unknown values read
 * as they are. A booking the fan left reads from where it is seen: the fan's own, or the host's.
 */
export function applicationStatusBadge(status: string | null | undefined, seenBy: 'fan' | 'host' = 'fan'): StatusBadgeText {
  if (status === 'left' && seenBy === 'host') return { label: 'Cancelled by fan', tone: 'neutral' };
  if (status && status in APPLICATION_STATUS) return APPLICATION_STATUS[status as ApplicationStatus];
  return { label: capitalise(status ?? 'Unknown'), tone: 'neutral' };
}

const TRANSACTION_STATUS: Record<TransactionStatus, StatusBadgeText> = {
  pending: { label: 'Pending', tone: 'pending' },
  captured: { label: 'Paid', tone: 'success' },
  released: { label: 'Released', tone: 'neutral' },
  partially_refunded: { label: 'Partially refunded', tone: 'neutral' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * A transaction's status as shown in the history. An order the fan never paid (internal state
 * `created`: the checkout was closed) is "Not paid", not a pending payment.
 */
export function transactionStatusBadge(status: string | null | undefined, state?: string | null): StatusBadgeText {
  if (status === 'pending' && state === 'created') return { label: 'Not paid', tone: 'neutral' };
  if (status && status in TRANSACTION_STATUS) return TRANSACTION_STATUS[status as TransactionStatus];
  return { label: capitalise((status ?? 'Unknown').replace(/_/g, ' ')), tone: 'neutral' };
}

/**
 * What a transaction's refunds have done, for its row: returned (processed: by the provider, or by
 * Tribe's team outside it, `returnedOutside` of that), on its way (asked for, not yet processed: a
 * bank can take a week), and not completed (failed, less what was refunded or returned after the
 * failure: Tribe's team is to return the rest). Refunds come oldest first.
 */
export function refundProgress(
  refunds: ReadonlyArray<Pick<RefundView, 'amount' | 'status'> & Partial<Pick<RefundView, 'outsideReference'>>>,
): {
  returned: number;
  returnedOutside: number;
  onItsWay: number;
  notCompleted: number;
} {
  const sum = (some: typeof refunds) => some.reduce((total, refund) => total + refund.amount, 0);
  let notCompleted = 0;
  for (const refund of refunds) {
    if (refund.status === 'failed') notCompleted += refund.amount;
    else notCompleted = Math.max(0, notCompleted - refund.amount);
  }
  return {
    returned: sum(refunds.filter((refund) => refund.status === 'processed')),
    returnedOutside: sum(refunds.filter((refund) => refund.status === 'processed' && refund.outsideReference)),
    onItsWay: sum(refunds.filter((refund) => refund.status === 'pending')),
    notCompleted,
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * When an application came in, relative to `now` (SPEC §5): under a minute "Just now", then
 * "N minutes ago", "N hours ago", "N days ago" (whole units, rounded down). A time in the future
 * (clocks a little apart) is "Just now"; an unreadable one is empty.
 */
export function formatRelativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(time)) return '';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  return plural(Math.floor(elapsed / DAY), 'day');
}
