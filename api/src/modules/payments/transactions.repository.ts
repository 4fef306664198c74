import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { PaymentTransaction } from './entities/payment-transaction.entity.js';
import { LIVE_REFUND_STATES } from './refunds.repository.js';
import { transactionSourcesOf, type TransactionState } from './transaction-state.js';

/** Every column, named as the entity names them, for RETURNING and plain reads. */
const COLUMNS = `id, payer_id AS "payerId", event_id AS "eventId", temp_bid_id AS "tempBidId", provider, order_id AS "orderId",
  payment_id AS "paymentId", signature, amount, message, state, captured_amount AS "capturedAmount",
  platform_fee_rate::float8 AS "platformFeeRate", refunded_amount AS "refundedAmount", failure_reason AS "failureReason", order_claimed_at AS "orderClaimedAt",
  authorized_at AS "authorizedAt", state_changed_at AS "stateChangedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * How many of an event's payments captured this much at this platform fee rate (null: not kept,
 * the rate of the day) and have this much of it refunded (requested and not failed).
 */
export interface PaymentsAlike {
  captured: number;
  refunded: number;
  feePercent: number | null;
  payments: number;
}

/**
 * One event's money as the ledger has it now: captured by its payments, and refunds requested and
 * not failed, in all and payment by payment (gathered where alike), for what is worked per payment.
 */
export interface EventLedger {
  eventId: string;
  hostId: string;
  eventTitle: string;
  eventDate: Date;
  payments: PaymentsAlike[];
}

/** Which events' ledgers to read: one host's, one event's, or (neither) every event with captured money. */
export interface LedgerFilter {
  hostId?: string;
  eventId?: string;
}

export type NewAttempt = Pick<PaymentTransaction, 'payerId' | 'eventId' | 'tempBidId' | 'provider' | 'amount' | 'message'>;

/** What a move writes beside the state. */
export type MoveChanges = Partial<
  Pick<PaymentTransaction, 'paymentId' | 'signature' | 'failureReason' | 'capturedAmount' | 'platformFeeRate'>
>;

const CHANGE_COLUMNS: Record<keyof MoveChanges, string> = {
  paymentId: 'payment_id',
  signature: 'signature',
  failureReason: 'failure_reason',
  capturedAmount: 'captured_amount',
  platformFeeRate: 'platform_fee_rate',
};

/** A page of settled work: changed within `withinMs`, at least `olderThanMs` ago, ids after `afterId`. */
export interface SettledPage {
  withinMs: number;
  olderThanMs: number;
  afterId?: string;
  limit: number;
}

/** The payment_transaction table, all of its SQL. Every state change is a conditional move. */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new attempt, or undefined when the payer already made one with this tempBidId. */
  async insertAttempt(attempt: NewAttempt): Promise<PaymentTransaction | undefined> {
    const [row] = await queryRows<PaymentTransaction>(
      this.dataSource,
      `INSERT INTO payment_transaction (payer_id, event_id, temp_bid_id, provider, amount, message)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [attempt.payerId, attempt.eventId, attempt.tempBidId, attempt.provider, attempt.amount, attempt.message],
    );
    return row;
  }

  async findAttempt(payerId: string, tempBidId: string): Promise<PaymentTransaction | undefined> {
    return this.one('payer_id = $1 AND temp_bid_id = $2', [payerId, tempBidId]);
  }

  /** The payer's unpaid order for the event: at most one (payment_transaction_open_order_idx). */
  async findOpenOrder(payerId: string, eventId: string): Promise<PaymentTransaction | undefined> {
    return this.one(`payer_id = $1 AND event_id = $2 AND state = 'created'`, [payerId, eventId]);
  }

  /** Unpaid orders made before `olderThanMs` ago, oldest first (the order sweep's due work). */
  async unpaidOrdersOlderThan(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_transaction WHERE state = 'created' AND created_at < now() - make_interval(secs => $1)
        ORDER BY created_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((row) => row.id);
  }

  async find(id: string, runner: DataSource | EntityManager = this.dataSource): Promise<PaymentTransaction | undefined> {
    return this.one('id = $1', [id], runner);
  }

  async findByOrder(orderId: string, runner: DataSource | EntityManager = this.dataSource): Promise<PaymentTransaction | undefined> {
    return this.one('order_id = $1', [orderId], runner);
  }

  async findByPayment(paymentId: string): Promise<PaymentTransaction | undefined> {
    return this.one('payment_id = $1', [paymentId]);
  }

  /** The transaction, locked for the rest of the caller's transaction. */
  async lock(tx: EntityManager, id: string): Promise<PaymentTransaction | undefined> {
    return this.one('id = $1 FOR UPDATE', [id], tx);
  }

  async recordOrder(id: string, orderId: string): Promise<PaymentTransaction | undefined> {
    const [row] = await queryRows<PaymentTransaction>(
      this.dataSource,
      `UPDATE payment_transaction SET order_id = $2, updated_at = now() WHERE id = $1 AND order_id IS NULL RETURNING ${COLUMNS}`,
      [id, orderId],
    );
    return row;
  }

  /** Forgets an attempt whose order could not be created, so the same tempBidId may try again. */
  async dropUnordered(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM payment_transaction WHERE id = $1 AND order_id IS NULL', [id]);
  }

  /** Takes over creating the order of an attempt whose first request stopped (crashed) before it finished. */
  async claimLapsedOrder(id: string, lapsedAfterMs: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `UPDATE payment_transaction SET order_claimed_at = now()
        WHERE id = $1 AND order_id IS NULL AND order_claimed_at < now() - make_interval(secs => $2)
        RETURNING id`,
      [id, lapsedAfterMs / 1000],
    );
    return rows.length > 0;
  }

  /**
   * Moves the transaction to `to` if the state machine allows it from where it is now (and, with
   * `from`, only from those states). Undefined when it is elsewhere: another run got there first.
   */
  async move(
    runner: DataSource | EntityManager,
    id: string,
    to: TransactionState,
    changes: MoveChanges = {},
    from: TransactionState[] = transactionSourcesOf(to),
  ): Promise<PaymentTransaction | undefined> {
    const sets = Object.entries(changes).map(([key, _], index) => `${CHANGE_COLUMNS[key as keyof MoveChanges]} = $${index + 4}`);
    const authorized = to === 'authorized' ? ', authorized_at = now()' : '';
    const [row] = await queryRows<PaymentTransaction>(
      runner,
      `UPDATE payment_transaction
          SET state = $2, state_changed_at = now(), updated_at = now()${authorized}${sets.map((set) => `, ${set}`).join('')}
        WHERE id = $1 AND state = ANY($3::text[])
        RETURNING ${COLUMNS}`,
      [id, to, from, ...Object.values(changes)],
    );
    return row;
  }

  /**
   * The provider took the payment: all of its amount, at the platform fee rate of now, which its
   * invoice prints and its event's payout works with. Undefined when another run got there first.
   */
  capture(tx: EntityManager, transaction: PaymentTransaction, platformFeePercent: number): Promise<PaymentTransaction | undefined> {
    return this.move(tx, transaction.id, 'captured', { capturedAmount: transaction.amount, platformFeeRate: platformFeePercent });
  }

  /** The payment's platform fee rate, `rate` kept as it if it has none yet (captured before rates were kept). */
  async keepPlatformFeeRate(id: string, rate: number): Promise<number | undefined> {
    const [row] = await queryRows<{ rate: number }>(
      this.dataSource,
      `UPDATE payment_transaction SET platform_fee_rate = coalesce(platform_fee_rate, $2) WHERE id = $1 RETURNING platform_fee_rate::float8 AS rate`,
      [id, rate],
    );
    return row?.rate;
  }

  /** Reserves `amount` of the captured money for a refund: the payment as it is now; undefined when it would exceed what was captured. */
  async reserveRefund(tx: EntityManager, id: string, amount: number): Promise<PaymentTransaction | undefined> {
    const [row] = await queryRows<PaymentTransaction>(
      tx,
      `UPDATE payment_transaction SET refunded_amount = refunded_amount + $2, updated_at = now()
        WHERE id = $1 AND state = 'captured' AND refunded_amount + $2 <= captured_amount
        RETURNING ${COLUMNS}`,
      [id, amount],
    );
    return row;
  }

  /** Gives back the reservation of a refund the provider refused. */
  async cancelRefundReservation(tx: EntityManager, id: string, amount: number): Promise<void> {
    await tx.query('UPDATE payment_transaction SET refunded_amount = refunded_amount - $2, updated_at = now() WHERE id = $1', [id, amount]);
  }

  /** Transactions in `state` since at least `olderThanMs` ago: work a job should have finished. */
  async dueIn(state: TransactionState, olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_transaction
        WHERE state = $1 AND state_changed_at < now() - make_interval(secs => $2)
        ORDER BY state_changed_at LIMIT $3`,
      [state, olderThanMs / 1000, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Transactions that took money (captured, or captured and since refunded) whose state last changed
   * within the window, past the grace period, by id after `afterId`: the invoice jobs' due work.
   * Served by payment_transaction_settled_idx.
   */
  async settledIds(page: SettledPage): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_transaction
        WHERE state IN ('captured', 'refunded') AND captured_amount > 0
          AND state_changed_at > now() - make_interval(secs => $1) AND state_changed_at < now() - make_interval(secs => $2)
          AND id > $3
        ORDER BY id LIMIT $4`,
      [page.withinMs / 1000, page.olderThanMs / 1000, page.afterId ?? '00000000-0000-0000-0000-000000000000', page.limit],
    );
    return rows.map((row) => row.id);
  }

  /** The payer's transactions, newest first; orders never paid (a checkout closed, an order expired) are not transactions. */
  async listForPayer(payerId: string, limit: number): Promise<PaymentTransaction[]> {
    return queryRows<PaymentTransaction>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM payment_transaction WHERE payer_id = $1 AND state NOT IN ('created', 'expired') ORDER BY created_at DESC LIMIT $2`,
      [payerId, limit],
    );
  }

  /**
   * The ledger by event, summed from the rows on each call: each captured payment's captured amount,
   * less its refunds that are pending, sent or processed (a failed refund gave nothing back). Only events
   * with captured money; newest event first. Reads the event's host, title and date for the view
   * (read-only, as payment views read event titles).
   */
  async ledgerByEvent(filter: LedgerFilter, runner: DataSource | EntityManager = this.dataSource): Promise<EventLedger[]> {
    return runner.query(
      `WITH each_payment AS (
         SELECT t.event_id, t.captured_amount AS captured, coalesce(r.amount, 0)::bigint AS refunded,
                t.platform_fee_rate::float8 AS fee_percent
           FROM payment_transaction t
           JOIN event e ON e.id = t.event_id
           LEFT JOIN LATERAL (
             SELECT sum(amount) AS amount FROM payment_refund WHERE transaction_id = t.id AND status IN ${LIVE_REFUND_STATES}
           ) r ON true
          WHERE t.captured_amount > 0 AND ($1::uuid IS NULL OR e.host_id = $1) AND ($2::uuid IS NULL OR t.event_id = $2)
       ), alike AS (
         SELECT event_id, captured, refunded, fee_percent, count(*)::int AS payments
           FROM each_payment GROUP BY event_id, captured, refunded, fee_percent
       )
       SELECT a.event_id AS "eventId", e.host_id AS "hostId", e.title AS "eventTitle", e.date AS "eventDate",
              json_agg(json_build_object('captured', a.captured, 'refunded', a.refunded, 'feePercent', a.fee_percent, 'payments', a.payments)) AS payments
         FROM alike a JOIN event e ON e.id = a.event_id
        GROUP BY a.event_id, e.host_id, e.title, e.date
        ORDER BY e.date DESC, a.event_id`,
      [filter.hostId ?? null, filter.eventId ?? null],
    );
  }

  private async one(where: string, params: unknown[], runner: DataSource | EntityManager = this.dataSource) {
    const [row] = await queryRows<PaymentTransaction>(runner, `SELECT ${COLUMNS} FROM payment_transaction WHERE ${where}`, params);
    return row;
  }
}
