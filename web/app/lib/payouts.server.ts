import { api, ApiError } from './api.server';
import { readPage, writeResult, type PageRead } from './api-results.server';
import type { WriteResult } from './event-writes.server';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type {
  HostPayoutsView,
  PaymentProfileInput,
  PaymentProfileView,
  PayoutsSummaryView,
  PayoutView,
} from '../../../api/src/contracts/payouts.contract.js';

/** GET /payment-profile: the caller's masked profile, or null before they set one up (404 payment_profile_not_found). */
export function loadPaymentProfile(token: string): Promise<PageRead<PaymentProfileView | null>> {
  return readPage(async () => {
    try {
      return await api<PaymentProfileView>('/payment-profile', { token });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404 && error.code === ErrorCodes.payouts.profileNotFound) return null;
      throw error;
    }
  }, 'Failed to load your payment profile');
}

/** PUT /payment-profile: replaces the whole profile (the PAN and the account number or UPI id are sent again each time). */
export function savePaymentProfile(token: string, body: PaymentProfileInput): Promise<WriteResult<PaymentProfileView>> {
  return writeResult(() => api<PaymentProfileView>('/payment-profile', { method: 'PUT', token, body }));
}

/** GET /payouts: what the caller's events have earned and been paid, per event, with totals. */
export function loadPayouts(token: string): Promise<PageRead<PayoutsSummaryView>> {
  return readPage(() => api<PayoutsSummaryView>('/payouts', { token }), 'Failed to load your payouts');
}

/** GET /admin/payouts (admins): every host with money, most owed first. */
export function loadAdminPayouts(token: string): Promise<PageRead<HostPayoutsView[]>> {
  return readPage(() => api<HostPayoutsView[]>('/admin/payouts', { token }), 'Failed to load payouts');
}

/** POST /admin/payouts: a pending payout of at most what the event owes its host. */
export function recordPayout(token: string, body: { eventId: string; amount: number }): Promise<WriteResult<PayoutView>> {
  return writeResult(() => api<PayoutView>('/admin/payouts', { method: 'POST', token, body }));
}

/** POST /admin/payouts/{id}/mark-paid with the transfer's reference (UTR). */
export function markPayoutPaid(token: string, payoutId: string, reference: string): Promise<WriteResult<PayoutView>> {
  return writeResult(() =>
    api<PayoutView>(`/admin/payouts/${encodeURIComponent(payoutId)}/mark-paid`, { method: 'POST', token, body: { reference } }),
  );
}
