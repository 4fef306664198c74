import { type ProviderWebhookEvent } from './payment-provider.port.js';

/**
 * When the provider made the webhook: the envelope's `created_at` (Unix seconds) in Razorpay's wire
 * format, which the sandbox speaks too. Undefined when the body has none.
 */
export function webhookCreatedAt(rawBody: Buffer): Date | undefined {
  try {
    const createdAt = (JSON.parse(rawBody.toString('utf8')) as { created_at?: unknown }).created_at;
    return Number.isSafeInteger(createdAt) && (createdAt as number) > 0 ? new Date((createdAt as number) * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a webhook says, whatever its delivery id: one payment's authorisation, capture or failure, or
 * one refund's outcome. A body replayed with a new (or no) event id says the same thing again.
 */
export function webhookSubject(event: ProviderWebhookEvent): string {
  return 'refundId' in event ? `${event.type}:${event.refundId}` : `${event.type}:${event.paymentId}`;
}
