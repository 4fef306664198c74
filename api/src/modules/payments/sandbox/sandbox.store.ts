import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../../platform/database/returning.js';
import { type ProviderPaymentStatus } from '../payment-provider.port.js';
import { sandboxId } from './sandbox-ids.js';

/** Amounts here are paise, as the provider keeps them. */
export interface SandboxOrder {
  id: string;
  amount: number;
  receipt: string;
  notes: Record<string, string>;
  status: 'created' | 'attempted' | 'paid';
}

export interface SandboxPayment {
  id: string;
  orderId: string;
  amount: number;
  status: ProviderPaymentStatus;
  /** Capture calls that moved money: 1 once captured, however often capture was called. */
  captureCount: number;
  capturedAt: Date | null;
  /** When the authorisation was given up without a capture (status "refunded", nothing taken). */
  releasedAt: Date | null;
  /** Why it failed: a code ("insufficient_funds") and the message the fan saw. */
  error: { reason: string; description: string } | null;
  createdAt: Date;
  /** The processed refunds together. */
  refunded: number;
}

export interface SandboxRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: 'pending' | 'processed' | 'failed';
  /** The key it was asked for with, which Razorpay keeps as the refund's receipt. */
  receipt: string;
}

export type CheckoutOutcome = { status: 'authorized' } | { status: 'failed'; error: { reason: string; description: string } };

export type PayResult = { kind: 'paid'; payment: SandboxPayment } | { kind: 'unknown_order' } | { kind: 'already_paid' };

export type RefundResult =
  | { kind: 'created' | 'existing'; refund: SandboxRefund; payment: SandboxPayment }
  | { kind: 'unknown_payment' | 'not_captured' | 'too_large'; payment?: SandboxPayment };

interface OrderRow {
  id: string;
  amount: string;
  receipt: string;
  notes: Record<string, string>;
  status: SandboxOrder['status'];
}

interface PaymentRow {
  id: string;
  order_id: string;
  amount: string;
  status: ProviderPaymentStatus;
  capture_count: number;
  captured_at: Date | null;
  released_at: Date | null;
  error_reason: string | null;
  error_description: string | null;
  created_at: Date;
  refunded: string;
}

interface RefundRow {
  id: string;
  payment_id: string;
  amount: string;
  status: SandboxRefund['status'];
  receipt: string;
}

const ORDER_COLUMNS = 'id, amount, receipt, notes, status';
const PAYMENT_COLUMNS = `p.id, p.order_id, p.amount, p.status, p.capture_count, p.captured_at, p.released_at, p.error_reason,
  p.error_description, p.created_at,
  (SELECT coalesce(sum(r.amount), 0) FROM sandbox.refunds r WHERE r.payment_id = p.id AND r.status = 'processed') AS refunded`;
const REFUND_COLUMNS = 'id, payment_id, amount, status, idempotency_key AS receipt';

const toOrder = (row: OrderRow): SandboxOrder => ({ ...row, amount: Number(row.amount) });

const toPayment = (row: PaymentRow): SandboxPayment => ({
  id: row.id,
  orderId: row.order_id,
  amount: Number(row.amount),
  status: row.status,
  captureCount: row.capture_count,
  capturedAt: row.captured_at,
  releasedAt: row.released_at,
  error: row.error_reason === null ? null : { reason: row.error_reason, description: row.error_description ?? '' },
  createdAt: row.created_at,
  refunded: Number(row.refunded),
});

const toRefund = (row: RefundRow): SandboxRefund => ({
  id: row.id,
  paymentId: row.payment_id,
  amount: Number(row.amount),
  status: row.status,
  receipt: row.receipt,
});

/**
 * The sandbox's tables (schema "sandbox"), all of their SQL. Every change of a payment is a
 * conditional statement or runs under the payment's row lock, so calls that race cannot both move money.
 */
@Injectable()
export class SandboxStore {
  constructor(private readonly dataSource: DataSource) {}

  async createOrder(order: Pick<SandboxOrder, 'amount' | 'receipt' | 'notes'>): Promise<SandboxOrder> {
    const [row] = await this.dataSource.query<OrderRow[]>(
      `INSERT INTO sandbox.orders (id, amount, receipt, notes) VALUES ($1, $2, $3, $4) RETURNING ${ORDER_COLUMNS}`,
      [sandboxId('order'), order.amount, order.receipt, JSON.stringify(order.notes)],
    );
    return toOrder(row!);
  }

  async findOrder(id: string): Promise<SandboxOrder | undefined> {
    const [row] = await this.dataSource.query<OrderRow[]>(`SELECT ${ORDER_COLUMNS} FROM sandbox.orders WHERE id = $1`, [id]);
    return row && toOrder(row);
  }

  /** A payment attempt in the checkout: authorised (the order is paid) or failed (the order may be tried again). */
  async pay(orderId: string, outcome: CheckoutOutcome): Promise<PayResult> {
    return this.dataSource.transaction(async (tx) => {
      const [order] = await tx.query<OrderRow[]>(`SELECT ${ORDER_COLUMNS} FROM sandbox.orders WHERE id = $1 FOR UPDATE`, [orderId]);
      if (!order) return { kind: 'unknown_order' };
      if (order.status === 'paid') return { kind: 'already_paid' };
      const paymentId = sandboxId('pay');
      const error = outcome.status === 'failed' ? outcome.error : undefined;
      await tx.query(
        'INSERT INTO sandbox.payments (id, order_id, amount, status, error_reason, error_description) VALUES ($1, $2, $3, $4, $5, $6)',
        [paymentId, orderId, order.amount, outcome.status, error?.reason ?? null, error?.description ?? null],
      );
      await tx.query('UPDATE sandbox.orders SET status = $2 WHERE id = $1', [
        orderId,
        outcome.status === 'authorized' ? 'paid' : 'attempted',
      ]);
      return { kind: 'paid', payment: (await this.findPayment(paymentId, tx))! };
    });
  }

  async findPayment(id: string, runner: DataSource | EntityManager = this.dataSource): Promise<SandboxPayment | undefined> {
    const [row] = await runner.query<PaymentRow[]>(`SELECT ${PAYMENT_COLUMNS} FROM sandbox.payments p WHERE p.id = $1`, [id]);
    return row && toPayment(row);
  }

  async findRefund(id: string): Promise<SandboxRefund | undefined> {
    const [row] = await this.dataSource.query<RefundRow[]>(`SELECT ${REFUND_COLUMNS} FROM sandbox.refunds WHERE id = $1`, [id]);
    return row && toRefund(row);
  }

  async refundsOf(paymentId: string): Promise<SandboxRefund[]> {
    const rows = await this.dataSource.query<RefundRow[]>(
      `SELECT ${REFUND_COLUMNS} FROM sandbox.refunds WHERE payment_id = $1 ORDER BY created_at, id`,
      [paymentId],
    );
    return rows.map(toRefund);
  }

  /** Captures an authorised payment of exactly `amount`; undefined when nothing moved (already captured, or not capturable). */
  async capture(id: string, amount: number): Promise<SandboxPayment | undefined> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE sandbox.payments SET status = 'captured', captured_at = now(), capture_count = capture_count + 1
        WHERE id = $1 AND status = 'authorized' AND amount = $2 RETURNING id`,
      [id, amount],
    );
    return row && this.findPayment(row.id);
  }

  /** Gives up an authorisation never captured; false when nothing moved. */
  async release(id: string): Promise<boolean> {
    const released = await queryRows(
      this.dataSource,
      `UPDATE sandbox.payments SET status = 'refunded', released_at = now() WHERE id = $1 AND status = 'authorized' RETURNING id`,
      [id],
    );
    return released.length > 0;
  }

  /**
   * Refunds part of a captured payment, once per key: the same key again finds the refund it made.
   * The refunds not failed together never pass the captured amount; the processed ones that reach it
   * make the payment "refunded". `status`: processed at once, or pending until settled.
   */
  async refund(paymentId: string, amount: number, idempotencyKey: string, status: 'processed' | 'pending'): Promise<RefundResult> {
    return this.dataSource.transaction(async (tx) => {
      const [locked] = await tx.query<Array<{ id: string }>>('SELECT id FROM sandbox.payments WHERE id = $1 FOR UPDATE', [paymentId]);
      if (!locked) return { kind: 'unknown_payment' };
      const payment = (await this.findPayment(paymentId, tx))!;
      const [existing] = await tx.query<RefundRow[]>(
        `SELECT ${REFUND_COLUMNS} FROM sandbox.refunds WHERE payment_id = $1 AND idempotency_key = $2`,
        [paymentId, idempotencyKey],
      );
      if (existing) return { kind: 'existing', refund: toRefund(existing), payment };
      if (payment.status !== 'captured') return { kind: 'not_captured', payment };
      const [{ promised }] = await tx.query<Array<{ promised: string }>>(
        `SELECT coalesce(sum(amount), 0) AS promised FROM sandbox.refunds WHERE payment_id = $1 AND status <> 'failed'`,
        [paymentId],
      );
      if (Number(promised) + amount > payment.amount) return { kind: 'too_large', payment };
      const [row] = await tx.query<RefundRow[]>(
        `INSERT INTO sandbox.refunds (id, payment_id, amount, idempotency_key, status) VALUES ($1, $2, $3, $4, $5)
          RETURNING ${REFUND_COLUMNS}`,
        [sandboxId('rfnd'), paymentId, amount, idempotencyKey, status],
      );
      return { kind: 'created', refund: toRefund(row!), payment: await this.markRefundedWhenWhole(tx, paymentId) };
    });
  }

  /** A pending refund processed or failed, as the bank answered; undefined when there is no pending refund of that id. */
  async settleRefund(
    refundId: string,
    outcome: 'processed' | 'failed',
  ): Promise<{ refund: SandboxRefund; payment: SandboxPayment } | undefined> {
    return this.dataSource.transaction(async (tx) => {
      const [row] = await queryRows<RefundRow>(
        tx,
        `UPDATE sandbox.refunds SET status = $2 WHERE id = $1 AND status = 'pending' RETURNING ${REFUND_COLUMNS}`,
        [refundId, outcome],
      );
      if (!row) return undefined;
      await tx.query('SELECT id FROM sandbox.payments WHERE id = $1 FOR UPDATE', [row.payment_id]);
      return { refund: toRefund(row), payment: await this.markRefundedWhenWhole(tx, row.payment_id) };
    });
  }

  /** The payment, "refunded" once its processed refunds return all of it. */
  private async markRefundedWhenWhole(tx: EntityManager, paymentId: string): Promise<SandboxPayment> {
    const payment = (await this.findPayment(paymentId, tx))!;
    if (payment.status !== 'captured' || payment.refunded < payment.amount) return payment;
    await tx.query(`UPDATE sandbox.payments SET status = 'refunded' WHERE id = $1`, [paymentId]);
    return (await this.findPayment(paymentId, tx))!;
  }
}
