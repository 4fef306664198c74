import type Razorpay from 'razorpay';

/** The part of an axios request this adapter touches. */
interface SdkRequest {
  method?: string;
  url?: string;
  data?: unknown;
  headers: { set(name: string, value: string): unknown };
}

/** The part of the SDK's axios instance this adapter touches. */
interface SdkHttpClient {
  defaults: { timeout?: number };
  interceptors: { request: { use(onRequest: (request: SdkRequest) => SdkRequest): unknown } };
}

const REFUND_PATH = /^\/v1\/payments\/[^/]+\/refund$/;

/**
 * Sets up the SDK's own HTTP client (its axios instance, `razorpay.api.rq`), which its typed API does
 * not expose, for two things the SDK cannot otherwise do:
 * - a socket timeout, so that a hung call is abandoned, not only raced;
 * - Razorpay's refund idempotency header (X-Refund-Idempotency,
 *   https://razorpay.com/docs/api/refunds/normal-refunds-idempotent), which the SDK drops from its
 *   headers option and cannot send per request. The adapter makes each refund's receipt its
 *   idempotency key, so the header is read from the request body and no state is shared between calls.
 * Throws at start-up if an SDK upgrade moved the client: refunds must not silently lose idempotency.
 */
export function configureSdkHttpClient(razorpay: Razorpay, timeoutMs: number): void {
  const client = sdkHttpClientOf(razorpay);
  client.defaults.timeout = timeoutMs;
  client.interceptors.request.use(sendRefundReceiptAsIdempotencyKey);
}

function sdkHttpClientOf(razorpay: Razorpay): SdkHttpClient {
  const client = (razorpay.api as unknown as { rq?: Partial<SdkHttpClient> }).rq;
  if (typeof client?.defaults !== 'object' || typeof client.interceptors?.request?.use !== 'function') {
    throw new Error('The razorpay SDK no longer exposes its HTTP client at api.rq: refunds could not be made idempotent');
  }
  return client as SdkHttpClient;
}

function sendRefundReceiptAsIdempotencyKey(request: SdkRequest): SdkRequest {
  if (request.method?.toLowerCase() === 'post' && REFUND_PATH.test(request.url ?? '')) {
    const receipt = (request.data as { receipt?: unknown } | undefined)?.receipt;
    if (typeof receipt === 'string') request.headers.set('X-Refund-Idempotency', receipt);
  }
  return request;
}
