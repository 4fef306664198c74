import { z } from 'zod';

/** Longest message a fan may send with an application or bid. */
export const APPLICATION_MESSAGE_MAX = 500;

const rupees = z.coerce
  .number({ message: 'must be a number' })
  .int({ message: 'must be whole rupees' })
  .min(1, { message: 'must be at least ₹1' })
  .max(10_000_000, { message: 'must be at most ₹1,00,00,000' });

const message = z
  .string()
  .trim()
  .max(APPLICATION_MESSAGE_MAX, { message: `must be at most ${APPLICATION_MESSAGE_MAX} characters` })
  .optional()
  .transform((value) => (value ? value : null));

/** POST /payments/pre-authorization. tempBidId: chosen by the client once per attempt; the same again returns the same order. */
export const preAuthorizationSchema = z.object({
  tempBidId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'must be letters, digits, - or _' }),
  eventId: z.uuid({ message: 'must be a valid id' }),
  amount: rupees,
  message,
});
export type PreAuthorizationInput = z.output<typeof preAuthorizationSchema>;

/** POST /payments/verify: the checkout's answer. All three are required (SPEC §5). */
export const verifyPaymentSchema = z.object({
  orderId: z.string().trim().min(1).max(64),
  paymentId: z.string().trim().min(1).max(64),
  signature: z.string().trim().min(1).max(256),
});
export type VerifyPaymentInput = z.output<typeof verifyPaymentSchema>;

/** POST /payments/refund. */
export const refundSchema = z.object({
  transactionId: z.uuid({ message: 'must be a valid id' }),
  amount: rupees,
  reason: z.string().trim().max(200).optional(),
});
export type RefundInput = z.output<typeof refundSchema>;

/** POST /events/{id}/bid: an application to an event with nothing to pay. */
export const bidSchema = z.object({
  amount: z.coerce.number().int().min(0).max(10_000_000).default(0),
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
