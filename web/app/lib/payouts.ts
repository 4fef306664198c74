/**
 * How a host's money reads on /payouts and /admin/payouts (issue 9): whole rupees, a payout's
 * status, and the payout an admin is offered to record. Plain module (no React, no server
 * imports), unit tested. The sums themselves are the API's (computed from the ledger).
 */
import type { PayoutStatus } from '../../../api/src/contracts/payouts.contract.js';
import type { StatusBadgeText } from './applications';
import { formatRupees } from './format-event';

/**
 * Whole rupees with the ₹ sign and Indian grouping; a negative amount (refunds after a payout:
 * the host was paid more than the event now earns) as "−₹1,500", never "₹-1,500".
 */
export function formatSignedRupees(value: number): string {
  const rounded = Math.round(value);
  return rounded < 0 ? `−${formatRupees(-rounded)}` : formatRupees(rounded);
}

const PAYOUT_STATUS: Record<PayoutStatus, StatusBadgeText> = {
  pending: { label: 'Pending', tone: 'pending' },
  paid: { label: 'Paid', tone: 'success' },
};

/** A payout's status as a badge: "Pending" until an admin marks it paid, then "Paid". */
export function payoutStatusBadge(status: string): StatusBadgeText {
  return PAYOUT_STATUS[status as PayoutStatus] ?? { label: status, tone: 'neutral' };
}

/** The platform fee's rate as a person reads it: 10 → "10%", 12.5 → "12.5%". */
export function formatPercent(rate: number): string {
  return `${Number.isFinite(rate) ? Number(rate.toFixed(2)) : 0}%`;
}

/** The amount an admin's "Record payout" starts at: what is owed, when anything is. */
export function suggestedPayout(owed: number): number | null {
  return owed >= 1 ? Math.floor(owed) : null;
}
