/**
 * Host payment profile and payouts (issue 9). Base path /api/v1; every endpoint needs a bearer token.
 *
 * | Method and path                          | Who                           | Body                       | Answer                          |
 * |------------------------------------------|-------------------------------|----------------------------|---------------------------------|
 * | GET  /payment-profile                    | anyone signed in (their own)  |                            | PaymentProfileView, or 404      |
 * | PUT  /payment-profile                    | hosts (role influencer), admins | PaymentProfileInput      | PaymentProfileView              |
 * | GET  /payouts                            | anyone signed in (their own events) |                      | PayoutsSummaryView              |
 * | GET  /admin/payouts                      | admins                        |                            | HostPayoutsView[]               |
 * | POST /admin/payouts                      | admins                        | RecordPayoutInput          | 201 PayoutView                  |
 * | POST /admin/payouts/{id}/mark-paid       | admins                        | MarkPayoutPaidInput        | PayoutView                      |
 *
 * Errors are `{ "error", "code" }` as everywhere. A refused profile names its field first
 * ("ifsc: must have 0 (zero) as its 5th character, like SBIN0001234", code `invalid_ifsc`), which
 * `readValidationMessage` splits for the form; nothing is saved. Codes: ErrorCodes.payouts.
 * - GET /payment-profile before one is saved: 404 `payment_profile_not_found` (Messages.payouts.profileNotFound).
 * - PUT /payment-profile by a fan: 403 `payment_profile_hosts_only`.
 * - PUT replaces the whole profile: the PAN and the account number or UPI id are sent again on
 *   every save (they are never sent back unmasked, so the form cannot hold them).
 * - POST /admin/payouts: 404 for an unknown event, 409 `payout_exceeds_owed` past what is owed,
 *   409 `host_has_no_payment_profile` when the host cannot be paid yet.
 * - POST /admin/payouts/{id}/mark-paid: 404 for an unknown payout; again with the same reference
 *   answers the same payout, with another one 409 `payout_already_paid`.
 * - Admin routes answer 403 to everyone else.
 *
 * Money is whole rupees. Per event: owed = captured − refunded − platformFee − pendingPayout − paid,
 * where platformFee adds, payment by payment, the fee on what it captured less that on what of it is
 * refunded, at the rate it was captured at (PLATFORM_FEE_PERCENT then), each rounded to the nearest
 * rupee (halves up), as its invoice and credit notes do; `platformFeePercents` are those rates, and
 * `platformFeePercent` is today's (what a payment captured now pays). `refunded` counts refunds requested and not failed (docs/decisions.md, "Payouts").
 */
import { z } from 'zod';
import { numberish } from './event/coercions.js';
import { ErrorCodes } from './error-codes.js';
import {
  checkAccountNumber,
  checkGstin,
  checkIfsc,
  checkIndianState,
  checkLegalName,
  checkPan,
  checkUpiId,
  KycProblems,
  panOfGstin,
  type KycCheck,
} from './kyc.js';
import { Messages } from './messages.js';

const codes = ErrorCodes.payouts;

/** "pan: is required" when absent, "pan: must be text" for a number, list or object. */
const textType = { error: (issue: { input: unknown }) => (issue.input === undefined ? KycProblems.required : 'must be text') };

/** A field checked by its KYC validator: the normalised value, or the validator's problem with the field's code. */
const kycField = (check: (input: string) => KycCheck, code: string) =>
  z
    .string(textType)
    .max(300, { message: 'must be at most 300 characters' })
    .transform((value, ctx) => {
      const checked = check(value);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: checked.error, params: { code } });
        return z.NEVER;
      }
      return checked.value;
    });

/** Optional: absent, null or blank (an empty form field) all mean "none". */
const optionalKycField = (check: (input: string) => KycCheck, code: string) =>
  z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value),
    kycField(check, code).nullable(),
  );

/**
 * PUT /payment-profile. Snake_case, so each refusal names the form's field. A bank account needs
 * its IFSC (and the reverse); the profile needs a bank account or a UPI id, or both; a GSTIN must
 * hold the PAN.
 */
export const paymentProfileSchema = z
  .object({
    legal_name: kycField(checkLegalName, codes.invalidLegalName),
    pan: kycField(checkPan, codes.invalidPan),
    state: kycField(checkIndianState, codes.invalidState),
    gstin: optionalKycField(checkGstin, codes.invalidGstin),
    account_number: optionalKycField(checkAccountNumber, codes.invalidAccountNumber),
    ifsc: optionalKycField(checkIfsc, codes.invalidIfsc),
    upi_id: optionalKycField(checkUpiId, codes.invalidUpiId),
  })
  .superRefine((profile, ctx) => {
    if (profile.account_number && !profile.ifsc) {
      ctx.addIssue({
        code: 'custom',
        path: ['ifsc'],
        message: 'is required with a bank account number',
        params: { code: codes.invalidIfsc },
      });
    } else if (profile.ifsc && !profile.account_number) {
      ctx.addIssue({
        code: 'custom',
        path: ['account_number'],
        message: 'is required with an IFSC',
        params: { code: codes.invalidAccountNumber },
      });
    } else if (!profile.account_number && !profile.upi_id) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: Messages.payouts.payoutMethodRequired,
        params: { code: codes.payoutMethodRequired },
      });
    }
    if (profile.gstin && panOfGstin(profile.gstin) !== profile.pan) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: KycProblems.gstin.panMismatch, params: { code: codes.gstinPanMismatch } });
    }
  });
export type PaymentProfileInput = z.output<typeof paymentProfileSchema>;

/** What the host (and only the host) sees of their profile: the secrets masked, the last 4 characters shown. */
export interface PaymentProfileView {
  hostId: string;
  legalName: string;
  state: string;
  /** Public (the GST portal shows it), so shown in full. */
  gstin: string | null;
  /** "XXXXXX234F" */
  pan: string;
  /** "XXXX4321", or null without a bank account. */
  accountNumber: string | null;
  ifsc: string | null;
  /** "aXXX@okhdfcbank", or null without a UPI id. */
  upiId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PAYOUT_STATUSES = ['pending', 'paid'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout recorded by an admin: pending until the money is sent, then paid with the bank's reference. */
export interface PayoutView {
  id: string;
  eventId: string;
  hostId: string;
  amount: number;
  status: PayoutStatus;
  /** The bank transfer's or UPI reference (UTR); null while pending. */
  reference: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** The money of one event, from the payment ledger at the time of the request. */
export interface EventPayoutView {
  eventId: string;
  eventTitle: string;
  eventDate: string;
  /** Captured from the event's fans. */
  captured: number;
  /** Refunds requested (pending or processed) of that. */
  refunded: number;
  platformFee: number;
  /** The rates its payments were captured at, lowest first: one, unless the rate changed between them. */
  platformFeePercents: number[];
  /** Payouts recorded and not yet marked paid. */
  pendingPayout: number;
  /** Payouts marked paid. */
  paid: number;
  /** captured − refunded − platformFee − pendingPayout − paid. Negative when refunds came after a payout. */
  owed: number;
  /** Newest first. */
  payouts: PayoutView[];
}

/** GET /payouts: the caller's events with money, newest event first, and their totals. */
export interface PayoutsSummaryView {
  /** Today's rate. */
  platformFeePercent: number;
  /** The rates the events' payments were captured at, lowest first. */
  platformFeePercents: number[];
  captured: number;
  refunded: number;
  platformFee: number;
  pendingPayout: number;
  paid: number;
  owed: number;
  events: EventPayoutView[];
}

/** GET /admin/payouts: one per host with money, most owed first. */
export interface HostPayoutsView extends PayoutsSummaryView {
  hostId: string;
  hostName: string | null;
  /** False: the host cannot be paid until they set up a payment profile. */
  hasPaymentProfile: boolean;
}

/** "amount: is required" when absent, `otherwise` for the wrong type. */
const requiredOr = (otherwise: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : otherwise),
});

/** POST /admin/payouts: records a pending payout of at most what the event owes its host. */
export const recordPayoutSchema = z.object({
  eventId: z.uuid(requiredOr('must be a valid id')),
  amount: z.preprocess(
    numberish,
    z
      .number(requiredOr('must be a number'))
      .int({ message: 'must be whole rupees' })
      .min(1, { message: 'must be at least ₹1' })
      .max(100_000_000, { message: 'must be at most ₹10,00,00,000' }),
  ),
});
export type RecordPayoutInput = z.output<typeof recordPayoutSchema>;

/** POST /admin/payouts/{id}/mark-paid: the transfer's reference (UTR), as the bank shows it. */
export const markPayoutPaidSchema = z.object({
  reference: z
    .string(requiredOr('must be text'))
    .trim()
    .min(1, { message: 'is required' })
    .max(100, { message: 'must be at most 100 characters' })
    .regex(/^[A-Za-z0-9/_.-]+$/, { message: 'must be letters, digits, / _ . or -' }),
});
export type MarkPayoutPaidInput = z.output<typeof markPayoutPaidSchema>;
