import { randomUUID } from 'node:crypto';
import { bearer, type SignedUp } from './factories.js';
import { runPendingJobs } from './run-jobs.js';
import { payInSandbox } from './sandbox-checkout.js';
import { countRows, type TestApi } from './test-api.js';

/**
 * The sandbox as the payment API tests want it: its own webhooks go nowhere (each test sends or runs
 * what it needs) and none is duplicated.
 */
export const QUIET_SANDBOX = { SANDBOX_WEBHOOK_DUPLICATE_RATE: '0', SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:9/unused' };

/** `count` results of `make`, made in order (for requests sent at once: Promise.all of them). */
export const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));

/** An event date far enough ahead that no run of the suite reaches it. */
export const FUTURE = '2031-06-01T19:00:00+05:30';

/** The host creates an event (₹500, standard pricing, 5 seats unless told otherwise). */
export async function createEvent(api: TestApi, host: SignedUp, fields: Record<string, unknown> = {}): Promise<{ id: string }> {
  const response = await api
    .http()
    .post('/api/v1/events')
    .set(bearer(host.token))
    .send({ title: 'Jazz night', date: FUTURE, min_bid: 500, capacity: 5, meeting_link: 'https://meet.example.in/j', ...fields });
  if (response.status !== 201) throw new Error(`creating the event answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { id: string };
}

/** POST /payments/pre-authorization as the fan; the answer as it came. */
export function preAuthorize(api: TestApi, fan: SignedUp, body: Record<string, unknown>) {
  return api.http().post('/api/v1/payments/pre-authorization').set(bearer(fan.token)).send(body);
}

/** A pre-authorisation that must succeed: the new transaction's id and order. */
export async function openOrder(api: TestApi, fan: SignedUp, eventId: string, amount = 500, tempBidId = randomUUID()) {
  const response = await preAuthorize(api, fan, { tempBidId, eventId, amount, message: 'Count me in' });
  if (response.status !== 201) throw new Error(`pre-authorization answered ${response.status}: ${JSON.stringify(response.body)}`);
  return { transactionId: response.body.id as string, orderId: response.body.orderId as string };
}

export interface CheckoutProof {
  orderId: string;
  paymentId: string;
  signature: string;
}

/** The fan pays the order in the sandbox's checkout: what the checkout hands the page. */
export async function payOrder(api: TestApi, orderId: string): Promise<CheckoutProof> {
  const paid = await payInSandbox(api, orderId);
  if (paid.status !== 200) throw new Error(`the sandbox checkout answered ${paid.status}: ${JSON.stringify(paid.body)}`);
  return { orderId: paid.body.razorpay_order_id, paymentId: paid.body.razorpay_payment_id, signature: paid.body.razorpay_signature };
}

export function verify(api: TestApi, fan: SignedUp, proof: Partial<CheckoutProof>) {
  return api.http().post('/api/v1/payments/verify').set(bearer(fan.token)).send(proof);
}

export interface PaidApplication {
  transactionId: string;
  applicationId: string;
  orderId: string;
  paymentId: string;
}

/** A fan pays for the event (pre-authorise, pay, verify) and the worker makes the pending application. */
export async function applyAndPay(api: TestApi, fan: SignedUp, eventId: string, amount = 500): Promise<PaidApplication> {
  const { transactionId, orderId } = await openOrder(api, fan, eventId, amount);
  const proof = await payOrder(api, orderId);
  const verified = await verify(api, fan, proof);
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  await runPendingJobs(api);
  const { rows } = await api.db.query<{ id: string }>('SELECT id FROM application WHERE transaction_id = $1', [transactionId]);
  if (rows.length !== 1) throw new Error(`the authorised payment ${transactionId} made ${rows.length} applications`);
  return { transactionId, applicationId: rows[0]!.id, orderId, paymentId: proof.paymentId };
}

/** A free application (POST /events/{id}/bid) that must succeed. */
export async function applyFree(api: TestApi, fan: SignedUp, eventId: string): Promise<string> {
  const response = await api.http().post(`/api/v1/events/${eventId}/bid`).set(bearer(fan.token)).send({});
  if (response.status !== 201) throw new Error(`the free application answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.id as string;
}

export function decide(api: TestApi, who: SignedUp, applicationId: string, decision: 'accept' | 'reject') {
  return api.http().post(`/api/v1/applications/${applicationId}/${decision}`).set(bearer(who.token));
}

/** The rows a refused request must not add to. */
export async function joinCounts(api: TestApi) {
  return {
    transactions: await countRows(api.db, 'payment_transaction'),
    applications: await countRows(api.db, 'application'),
    outbox: await countRows(api.db, 'outbox_event'),
    refunds: await countRows(api.db, 'payment_refund'),
    notifications: await countRows(api.db, 'notification'),
  };
}

/** Outbox rows of this type about this transaction (payload.transactionId). */
export async function outboxFor(api: TestApi, type: string, transactionId: string): Promise<number> {
  const { rows } = await api.db.query<{ count: string }>(
    `SELECT count(*) FROM outbox_event WHERE type = $1 AND payload->>'transactionId' = $2`,
    [type, transactionId],
  );
  return Number(rows[0]!.count);
}

export interface TransactionRow {
  state: string;
  payment_id: string | null;
  captured_amount: number;
  refunded_amount: number;
  failure_reason: string | null;
}

export async function transactionRow(api: TestApi, id: string): Promise<TransactionRow> {
  const { rows } = await api.db.query<TransactionRow>(
    'SELECT state, payment_id, captured_amount, refunded_amount, failure_reason FROM payment_transaction WHERE id = $1',
    [id],
  );
  if (!rows[0]) throw new Error(`no transaction ${id}`);
  return rows[0];
}

export interface ApplicationRow {
  status: string;
  decided_at: Date | null;
}

export async function applicationRow(api: TestApi, id: string): Promise<ApplicationRow> {
  const { rows } = await api.db.query<ApplicationRow>('SELECT status, decided_at FROM application WHERE id = $1', [id]);
  if (!rows[0]) throw new Error(`no application ${id}`);
  return rows[0];
}

export async function attendeesCount(api: TestApi, eventId: string): Promise<number> {
  const { rows } = await api.db.query<{ attendees_count: number }>('SELECT attendees_count FROM event WHERE id = $1', [eventId]);
  return rows[0]!.attendees_count;
}

/** The payment as the sandbox (the provider) sees it. */
export async function sandboxPayment(api: TestApi, paymentId: string) {
  const response = await api.http().get(`/api/v1/sandbox/payments/${paymentId}`);
  if (response.status !== 200) throw new Error(`the sandbox answered ${response.status} for payment ${paymentId}`);
  return response.body as { status: string; captureCount: number; released: boolean; capturedAmount: number; refundedAmount: number };
}
