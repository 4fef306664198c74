import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { type HostPaymentProfile } from './entities/host-payment-profile.entity.js';
import { type Payout } from './entities/payout.entity.js';

const PROFILE_COLUMNS = `host_id AS "hostId", legal_name AS "legalName", state, gstin, pan_sealed AS "panSealed", pan_last4 AS "panLast4",
  account_number_sealed AS "accountNumberSealed", account_number_last4 AS "accountNumberLast4", ifsc,
  upi_id_sealed AS "upiIdSealed", upi_id_masked AS "upiIdMasked", created_at AS "createdAt", updated_at AS "updatedAt"`;

const PAYOUT_COLUMNS = `id, host_id AS "hostId", event_id AS "eventId", amount, status, reference, created_by AS "createdBy",
  created_at AS "createdAt", paid_at AS "paidAt", paid_by AS "paidBy"`;

export type StoredProfile = Omit<HostPaymentProfile, 'createdAt' | 'updatedAt'>;

export interface PayoutSums {
  pending: number;
  paid: number;
}

/** The host_payment_profile and payout tables, all of their SQL. */
@Injectable()
export class PayoutsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Saves the whole profile, replacing the one before. */
  async saveProfile(profile: StoredProfile): Promise<HostPaymentProfile> {
    const [row] = await queryRows<HostPaymentProfile>(
      this.dataSource,
      `INSERT INTO host_payment_profile (host_id, legal_name, state, gstin, pan_sealed, pan_last4,
         account_number_sealed, account_number_last4, ifsc, upi_id_sealed, upi_id_masked)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (host_id) DO UPDATE SET legal_name = EXCLUDED.legal_name, state = EXCLUDED.state, gstin = EXCLUDED.gstin,
         pan_sealed = EXCLUDED.pan_sealed, pan_last4 = EXCLUDED.pan_last4, account_number_sealed = EXCLUDED.account_number_sealed,
         account_number_last4 = EXCLUDED.account_number_last4, ifsc = EXCLUDED.ifsc, upi_id_sealed = EXCLUDED.upi_id_sealed,
         upi_id_masked = EXCLUDED.upi_id_masked, updated_at = now()
       RETURNING ${PROFILE_COLUMNS}`,
      [
        profile.hostId,
        profile.legalName,
        profile.state,
        profile.gstin,
        profile.panSealed,
        profile.panLast4,
        profile.accountNumberSealed,
        profile.accountNumberLast4,
        profile.ifsc,
        profile.upiIdSealed,
        profile.upiIdMasked,
      ],
    );
    return row!;
  }

  async findProfile(hostId: string, runner: DataSource | EntityManager = this.dataSource): Promise<HostPaymentProfile | undefined> {
    const [row] = await queryRows<HostPaymentProfile>(runner, `SELECT ${PROFILE_COLUMNS} FROM host_payment_profile WHERE host_id = $1`, [
      hostId,
    ]);
    return row;
  }

  /** Which of these hosts have a payment profile. */
  async withProfiles(hostIds: string[]): Promise<Set<string>> {
    if (hostIds.length === 0) return new Set();
    const rows: Array<{ hostId: string }> = await this.dataSource.query(
      'SELECT host_id AS "hostId" FROM host_payment_profile WHERE host_id = ANY($1::uuid[])',
      [hostIds],
    );
    return new Set(rows.map((row) => row.hostId));
  }

  /** Erases a host's profile (their account is being erased); payouts stay, as financial records. */
  async deleteProfile(hostId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM host_payment_profile WHERE host_id = $1', [hostId]);
  }

  /**
   * Until the caller's transaction ends, no other payout of this event is recorded: the amount owed
   * is read and the payout written under this lock. A transaction-level advisory lock, so it needs no
   * row of another module's table and ends with the transaction.
   */
  async lockEventPayouts(tx: EntityManager, eventId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('payout:' || $1::text, 0))`, [eventId]);
  }

  /** Pending and paid payout totals by event, summed now. */
  async sumsByEvent(eventIds: string[], runner: DataSource | EntityManager = this.dataSource): Promise<Map<string, PayoutSums>> {
    if (eventIds.length === 0) return new Map();
    const rows: Array<{ eventId: string; pending: string; paid: string }> = await runner.query(
      `SELECT event_id AS "eventId",
              coalesce(sum(amount) FILTER (WHERE status = 'pending'), 0)::bigint AS pending,
              coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0)::bigint AS paid
         FROM payout WHERE event_id = ANY($1::uuid[]) GROUP BY event_id`,
      [eventIds],
    );
    return new Map(rows.map((row) => [row.eventId, { pending: Number(row.pending), paid: Number(row.paid) }]));
  }

  /** The payouts of these events, newest first. */
  async forEvents(eventIds: string[]): Promise<Payout[]> {
    if (eventIds.length === 0) return [];
    return queryRows<Payout>(
      this.dataSource,
      `SELECT ${PAYOUT_COLUMNS} FROM payout WHERE event_id = ANY($1::uuid[]) ORDER BY created_at DESC, id`,
      [eventIds],
    );
  }

  async insert(tx: EntityManager, payout: Pick<Payout, 'hostId' | 'eventId' | 'amount' | 'createdBy'>): Promise<Payout> {
    const [row] = await queryRows<Payout>(
      tx,
      `INSERT INTO payout (host_id, event_id, amount, created_by) VALUES ($1, $2, $3, $4) RETURNING ${PAYOUT_COLUMNS}`,
      [payout.hostId, payout.eventId, payout.amount, payout.createdBy],
    );
    return row!;
  }

  async find(id: string): Promise<Payout | undefined> {
    const [row] = await queryRows<Payout>(this.dataSource, `SELECT ${PAYOUT_COLUMNS} FROM payout WHERE id = $1`, [id]);
    return row;
  }

  /** pending → paid, once; undefined when it was no longer pending. */
  async markPaid(id: string, reference: string, paidBy: string, tx: EntityManager): Promise<Payout | undefined> {
    const [row] = await queryRows<Payout>(
      tx,
      `UPDATE payout SET status = 'paid', reference = $2, paid_by = $3, paid_at = now()
        WHERE id = $1 AND status = 'pending' RETURNING ${PAYOUT_COLUMNS}`,
      [id, reference, paidBy],
    );
    return row;
  }

  /** Names of these hosts, for the admin's list (read-only, as other views read people's names). */
  async hostNames(hostIds: string[]): Promise<Map<string, string | null>> {
    if (hostIds.length === 0) return new Map();
    const rows: Array<{ id: string; name: string | null }> = await this.dataSource.query(
      'SELECT id, name FROM users WHERE id = ANY($1::uuid[])',
      [hostIds],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
