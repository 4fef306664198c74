import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { PaymentRefund } from './entities/payment-refund.entity.js';
import { type SettledPage } from './transactions.repository.js';

const COLUMNS = `id, transaction_id AS "transactionId", amount, status, provider_refund_id AS "providerRefundId", reason,
  requested_by AS "requestedBy", created_at AS "createdAt", processed_at AS "processedAt", checked_at AS "checkedAt",
  outside_reference AS "outsideReference"`;

/** The states of a refund whose outcome the provider has not given yet. */
const AWAITING = `('pending', 'sent')`;

/** The states of a refund that returns money or will: all but failed (SQL, for `status IN …`). */
export const LIVE_REFUND_STATES = `('pending', 'sent', 'processed')`;

export type NewRefund = Pick<PaymentRefund, 'transactionId' | 'amount' | 'reason' | 'requestedBy'>;

/** The payment_refund table, all of its SQL. */
/**
 * What makes asking for a refund again safe: a request key (a form's, sent twice), or the reference
 * of money returned outside Tribe (the same transfer recorded twice).
 */
export type RefundKey = { requestKey: string } | { outsideReference: string };

@Injectable()
export class RefundsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(tx: EntityManager, refund: NewRefund & { requestKey?: string | null }): Promise<PaymentRefund> {
    const [row] = await queryRows<PaymentRefund>(
      tx,
      `INSERT INTO payment_refund (transaction_id, amount, reason, requested_by, request_key) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${COLUMNS}`,
      [refund.transactionId, refund.amount, refund.reason, refund.requestedBy, refund.requestKey ?? null],
    );
    return row!;
  }

  /** A refund returned outside Tribe, processed as it is written (the caller holds the payment's lock). */
  async insertReturnedOutside(tx: EntityManager, refund: NewRefund & { outsideReference: string }): Promise<PaymentRefund> {
    const [row] = await queryRows<PaymentRefund>(
      tx,
      `INSERT INTO payment_refund (transaction_id, amount, reason, requested_by, outside_reference, status, processed_at)
       VALUES ($1, $2, $3, $4, $5, 'processed', clock_timestamp()) RETURNING ${COLUMNS}`,
      [refund.transactionId, refund.amount, refund.reason, refund.requestedBy, refund.outsideReference],
    );
    return row!;
  }

  /** The refund of the transaction recorded under this key (each kind has its unique index), if any. */
  async findByKey(tx: EntityManager, transactionId: string, key: RefundKey): Promise<PaymentRefund | undefined> {
    const [column, value] = 'requestKey' in key ? ['request_key', key.requestKey] : ['outside_reference', key.outsideReference];
    const [row] = await queryRows<PaymentRefund>(tx, `SELECT ${COLUMNS} FROM payment_refund WHERE transaction_id = $1 AND ${column} = $2`, [
      transactionId,
      value,
    ]);
    return row;
  }

  async find(id: string): Promise<PaymentRefund | undefined> {
    const [row] = await queryRows<PaymentRefund>(this.dataSource, `SELECT ${COLUMNS} FROM payment_refund WHERE id = $1`, [id]);
    return row;
  }

  /**
   * Pending or sent → processed once; false when another run already recorded it. Processed at the
   * clock's time, not the transaction's start (the caller holds the payment's lock: see RefundSettlement).
   */
  async markProcessed(tx: EntityManager, id: string, providerRefundId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE payment_refund SET status = 'processed', provider_refund_id = $2, processed_at = clock_timestamp()
        WHERE id = $1 AND status IN ${AWAITING} RETURNING id`,
      [id, providerRefundId],
    );
    return rows.length > 0;
  }

  /** Pending or sent → sent: the provider has it and is still processing it (as of now). */
  async markSent(tx: EntityManager, id: string, providerRefundId: string): Promise<void> {
    await tx.query(
      `UPDATE payment_refund SET status = 'sent', provider_refund_id = $2, checked_at = now() WHERE id = $1 AND status IN ${AWAITING}`,
      [id, providerRefundId],
    );
  }

  /** A sent refund the provider could not be asked about now: asked again after the usual wait, not at once. */
  async markChecked(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE payment_refund SET checked_at = now() WHERE id = $1 AND status = 'sent'`, [id]);
  }

  /** Pending or sent → failed once; false when it already had its outcome. */
  async markFailed(tx: EntityManager, id: string, reason: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE payment_refund SET status = 'failed', reason = coalesce(reason || ' — ', '') || $2 WHERE id = $1 AND status IN ${AWAITING} RETURNING id`,
      [id, reason],
    );
    return rows.length > 0;
  }

  /** The refund the provider knows by this id (a webhook names it so). */
  async findByProviderId(tx: EntityManager, providerRefundId: string): Promise<PaymentRefund | undefined> {
    const [row] = await queryRows<PaymentRefund>(tx, `SELECT ${COLUMNS} FROM payment_refund WHERE provider_refund_id = $1`, [
      providerRefundId,
    ]);
    return row;
  }

  /**
   * Our refund of the provider's payment `paymentId` whose id is `receipt` (the receipt we ask each
   * refund with) and whose provider id is not recorded yet. Found through the payment's few refunds,
   * so a receipt that is not one of our ids simply matches nothing.
   */
  async findUnsentByReceipt(tx: EntityManager, receipt: string, paymentId: string): Promise<PaymentRefund | undefined> {
    const [row] = await queryRows<PaymentRefund>(
      tx,
      `SELECT ${COLUMNS} FROM payment_refund WHERE provider_refund_id IS NULL AND id = (
         SELECT r.id FROM payment_refund r JOIN payment_transaction t ON t.id = r.transaction_id
          WHERE t.payment_id = $2 AND r.id::text = $1)`,
      [receipt, paymentId],
    );
    return row;
  }

  /** Whether a refund of the transaction still awaits its outcome. */
  hasPending(tx: EntityManager, transactionId: string): Promise<boolean> {
    return this.hasRefundIn(tx, transactionId, AWAITING);
  }

  /** Whether part of the transaction is refunded or being refunded (a failed refund returned nothing). */
  hasLiveRefund(transactionId: string): Promise<boolean> {
    return this.hasRefundIn(this.dataSource, transactionId, LIVE_REFUND_STATES);
  }

  private async hasRefundIn(runner: DataSource | EntityManager, transactionId: string, statuses: string): Promise<boolean> {
    const rows: unknown[] = await runner.query(`SELECT 1 FROM payment_refund WHERE transaction_id = $1 AND status IN ${statuses} LIMIT 1`, [
      transactionId,
    ]);
    return rows.length > 0;
  }

  async pendingOlderThan(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_refund WHERE status = 'pending' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Sent refunds the provider has not been asked about for at least `olderThanMs`, longest unasked first (payment_refund_sent_idx). */
  async sentUncheckedFor(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_refund WHERE status = 'sent' AND checked_at < now() - make_interval(secs => $1) ORDER BY checked_at LIMIT $2`,
      [olderThanMs / 1000, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Refunds processed within the window, past the grace period, by id after `afterId` (payment_refund_processed_idx). */
  async processedIds(page: SettledPage): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM payment_refund
        WHERE status = 'processed'
          AND processed_at > now() - make_interval(secs => $1) AND processed_at < now() - make_interval(secs => $2)
          AND id > $3
        ORDER BY id LIMIT $4`,
      [page.withinMs / 1000, page.olderThanMs / 1000, page.afterId ?? '00000000-0000-0000-0000-000000000000', page.limit],
    );
    return rows.map((row) => row.id);
  }

  async forTransactions(transactionIds: string[]): Promise<PaymentRefund[]> {
    if (transactionIds.length === 0) return [];
    return queryRows<PaymentRefund>(
      this.dataSource,
      `SELECT ${COLUMNS} FROM payment_refund WHERE transaction_id = ANY($1::uuid[]) ORDER BY created_at`,
      [transactionIds],
    );
  }
}
