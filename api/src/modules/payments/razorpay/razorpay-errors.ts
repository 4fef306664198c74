import { Messages } from '../../../contracts/messages.js';
import { PaymentProviderError } from '../payment-provider.port.js';

/**
 * Razorpay's refusal as the SDK rethrows it: `{ statusCode, error: { code, description, reason } }`
 * (https://razorpay.com/docs/errors). Without an HTTP answer (a reset, a refused connection, a
 * timeout) the SDK has no status to read and throws a TypeError of its own instead.
 */
interface RazorpayRefusal {
  statusCode: number;
  code?: string;
  description?: string;
  reason?: string;
}

/** Razorpay did not answer within the adapter's bound; the call may still land, so it is a network failure. */
export class RazorpayTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Razorpay did not answer within ${timeoutMs} ms`);
  }
}

export function toPaymentProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const refusal = razorpayRefusalOf(error);
  if (refusal) return fromRefusal(refusal);
  const detail = error instanceof RazorpayTimeout ? error.message : `no answer from Razorpay (${describe(error)})`;
  return new PaymentProviderError(Messages.payments.network, 'network', true, detail);
}

/** The same failure told with another of the spec's messages (order creation has its own). */
export function withMessage(error: PaymentProviderError, message: string): PaymentProviderError {
  return new PaymentProviderError(message, error.kind, error.retryable, error.detail);
}

export function refused(detail: string): PaymentProviderError {
  return new PaymentProviderError(Messages.payments.processingFailed, 'invalid', false, detail);
}

function fromRefusal(refusal: RazorpayRefusal): PaymentProviderError {
  const detail = refusal.description ?? `HTTP ${refusal.statusCode} from Razorpay`;
  if (refusal.statusCode >= 500 || isWorthRetrying(refusal.statusCode)) {
    return new PaymentProviderError(Messages.payments.processingFailed, 'server', true, detail);
  }
  if (isInsufficientFunds(refusal)) {
    return new PaymentProviderError(Messages.payments.insufficientFunds, 'insufficient_funds', false, detail);
  }
  return new PaymentProviderError(Messages.payments.processingFailed, 'invalid', false, detail);
}

/**
 * 409: the same idempotent refund is still being processed; 429: too many requests. 401 and 403: our
 * keys were refused (rotated, or the account's access changed): nothing about the request is wrong,
 * and it goes through once they are put right. Refusing it for good would fail a refund whose first
 * answer was lost, though Razorpay may have made it, and an admin would then refund the fan again.
 */
function isWorthRetrying(statusCode: number): boolean {
  return statusCode === 401 || statusCode === 403 || statusCode === 409 || statusCode === 429;
}

/** `insufficient_funds` is the documented error reason (https://razorpay.com/docs/errors/payments/cards). */
function isInsufficientFunds(refusal: RazorpayRefusal): boolean {
  if (refusal.code !== 'BAD_REQUEST_ERROR') return false;
  return refusal.reason === 'insufficient_funds' || /insufficient (funds|balance)/i.test(refusal.description ?? '');
}

function razorpayRefusalOf(error: unknown): RazorpayRefusal | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const statusCode = Number(error.statusCode);
  if (!Number.isInteger(statusCode) || statusCode < 400) return undefined;
  const body: Record<string, unknown> =
    'error' in error && typeof error.error === 'object' && error.error !== null ? { ...error.error } : {};
  return { statusCode, code: textOf(body.code), description: textOf(body.description), reason: textOf(body.reason) };
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
