import { z } from 'zod';
import { APPLICATION_MESSAGE_MAX } from './applications.contract.js';
import { numberish } from './event/coercions.js';

/** "amount: is required" when a field is absent, as the API's other forms say it; `otherwise` when it has the wrong type. */
const requiredOr = (otherwise: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : otherwise),
});

/** A whole number of rupees, sent as a number or as digits in a string; true, [] or "" are refused, not coerced. */
const rupees = z.preprocess(
  numberish,
  z
    .number(requiredOr('must be a number'))
    .int({ message: 'must be whole rupees' })
    .min(1, { message: 'must be at least ₹1' })
    .max(10_000_000, { message: 'must be at most ₹1,00,00,000' }),
);

/** Required text: absent or blank is "is required". */
const requiredText = (max: number) =>
  z
    .string(requiredOr('must be text'))
    .trim()
    .min(1, { message: 'is required' })
    .max(max, { message: `must be at most ${max} characters` });

const id = z.uuid(requiredOr('must be a valid id'));

const message = z
  .string()
  .trim()
  .max(APPLICATION_MESSAGE_MAX, { message: `must be at most ${APPLICATION_MESSAGE_MAX} characters` })
  .optional()
  .transform((value) => (value ? value : null));

/** POST /payments/pre-authorization. tempBidId: chosen by the client once per attempt; the same again returns the same order. */
export const preAuthorizationSchema = z.object({
  tempBidId: requiredText(64).regex(/^[A-Za-z0-9_-]+$/, { message: 'must be letters, digits, - or _' }),
  eventId: id,
  amount: rupees,
  message,
});
export type PreAuthorizationInput = z.output<typeof preAuthorizationSchema>;

/** POST /payments/verify: the checkout's answer. All three are required (SPEC §5). */
export const verifyPaymentSchema = z.object({
  orderId: requiredText(64),
  paymentId: requiredText(64),
  signature: requiredText(256),
});
export type VerifyPaymentInput = z.output<typeof verifyPaymentSchema>;

/**
 * POST /payments/refund. `requestKey` (optional; a form makes one when it is shown) makes asking twice
 * safe: the same key again answers the refund it recorded, and with another amount is a 409.
 */
export const refundSchema = z.object({
  transactionId: id,
  amount: rupees,
  reason: z.string().trim().max(200).optional(),
  requestKey: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type RefundInput = z.output<typeof refundSchema>;

/**
 * POST /payments/transactions/{id}/returned-outside (admins): money an admin returned to the payer
 * outside Tribe, a bank transfer after the provider failed a refund, recorded as a processed refund.
 * The same reference again answers the refund it recorded.
 */
export const returnedOutsideSchema = z.object({
  amount: rupees,
  reference: requiredText(64),
  reason: z.string().trim().max(200).optional(),
});
export type ReturnedOutsideInput = z.output<typeof returnedOutsideSchema>;

/** POST /events/{id}/bid: an application to an event with nothing to pay. */
export const bidSchema = z.object({
  amount: z
    .preprocess(
      numberish,
      z
        .number({ message: 'must be a number' })
        .int({ message: 'must be whole rupees' })
        .min(0, { message: 'must be 0 or more' })
        .max(10_000_000, { message: 'must be at most ₹1,00,00,000' }),
    )
    .default(0),
  message,
});
export type BidInput = z.output<typeof bidSchema>;

/**
 * A transaction as its payer sees it. `status` is the spec's vocabulary widened with what a fan
 * needs to tell apart (docs/decisions.md): pending (ordered, authorised, or being captured/released),
 * captured, released, partially_refunded, refunded, failed.
 */
export const TRANSACTION_STATUSES = ['pending', 'captured', 'released', 'partially_refunded', 'refunded', 'failed'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export interface RefundView {
  id: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** Returned outside Tribe by an admin (a bank transfer): its reference; null for the provider's refunds. */
  outsideReference: string | null;
  createdAt: string;
}

export interface TransactionView {
  id: string;
  orderId: string | null;
  paymentId: string | null;
  signature: string | null;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  eventId: string;
  eventTitle: string | null;
  applicationId: string | null;
  status: TransactionStatus;
  /** The internal state (created, authorized, capturing, captured, releasing, released, refunded, failed). */
  state: string;
  failureReason: string | null;
  refunds: RefundView[];
  createdAt: string;
  updatedAt: string;
}

/** The pre-authorisation's answer: the transaction, and how to open the provider's checkout for it. */
export interface PreAuthorizationView extends TransactionView {
  checkout: {
    scriptUrl: string;
    options: Record<string, unknown>;
  };
}
