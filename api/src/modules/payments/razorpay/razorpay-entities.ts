import { z } from 'zod';

/**
 * The fields of Razorpay's entities this adapter reads (https://razorpay.com/docs/api/), from API
 * answers and webhook payloads alike. Amounts are paise. Read, not trusted: the SDK's own types are
 * looser than its answers (notes arrive as `[]` when empty, amounts typed `number | string`).
 */
const paise = z.number().int().nonnegative();

export const razorpayOrder = z.object({ id: z.string().min(1), amount: paise });

export const razorpayPayment = z.object({
  id: z.string().min(1),
  amount: paise,
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  /** Stays true after a captured payment is refunded; false for an authorisation Razorpay gave back itself. */
  captured: z.boolean(),
  order_id: z.string().nullable(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});
export type RazorpayPayment = z.infer<typeof razorpayPayment>;

export const razorpayRefund = z.object({
  id: z.string().min(1),
  amount: paise,
  payment_id: z.string().min(1),
  status: z.enum(['pending', 'processed', 'failed']),
  receipt: z.string().nullish(),
});
export type RazorpayRefund = z.infer<typeof razorpayRefund>;

export const razorpayRefundPage = z.object({ items: z.array(razorpayRefund) });

/** A webhook's envelope; its entities are read only for the events this adapter maps. */
export const razorpayWebhook = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: z.unknown() }).optional(),
    refund: z.object({ entity: z.unknown() }).optional(),
  }),
});
