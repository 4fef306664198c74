import { type TestApi } from './test-api.js';

export interface CheckoutResult {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/** Completes (or declines) a sandbox checkout, as the fan pressing Pay in the checkout page would. */
export async function payInSandbox(api: TestApi, orderId: string, outcome: 'success' | 'insufficient_funds' = 'success') {
  return api.http().post(`/api/v1/sandbox/orders/${orderId}/pay`).send({ outcome });
}
