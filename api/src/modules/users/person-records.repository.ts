import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  type PersonApplicationView,
  type PersonEventView,
  type PersonPaymentView,
  type PersonReportView,
} from '../../contracts/people.contract.js';

/** How many of each kind a person's admin page shows, newest first. */
const SHOWN = 20;

const iso = (value: Date) => value.toISOString();

/**
 * What a person's admin page shows of their records in other modules: the events they host, their
 * applications and payments, and the reports about them. Read-only display joins (as any view may
 * read another module's table to show it); nothing here writes.
 */
@Injectable()
export class PersonRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async hostedEvents(userId: string): Promise<PersonEventView[]> {
    const rows = await this.dataSource.query<Array<Omit<PersonEventView, 'date'> & { date: Date }>>(
      `SELECT id, title, date, status, moderation_status, attendees_count FROM event
        WHERE host_id = $1 AND deleted_at IS NULL ORDER BY date DESC, id DESC LIMIT ${SHOWN}`,
      [userId],
    );
    return rows.map((row) => ({ ...row, date: iso(row.date) }));
  }

  async applications(userId: string): Promise<PersonApplicationView[]> {
    const rows = await this.dataSource.query<Array<Omit<PersonApplicationView, 'created_at'> & { created_at: Date }>>(
      `SELECT a.id, a.event_id, e.title AS event_title, a.status, a.bid_amount, a.created_at
         FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.fan_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT ${SHOWN}`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  }

  async payments(userId: string): Promise<PersonPaymentView[]> {
    const rows = await this.dataSource.query<Array<Omit<PersonPaymentView, 'created_at'> & { created_at: Date }>>(
      `SELECT t.id, t.event_id, e.title AS event_title, t.amount, t.state, t.refunded_amount, t.created_at
         FROM payment_transaction t JOIN event e ON e.id = t.event_id
        WHERE t.payer_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT ${SHOWN}`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  }

  async reportsAbout(userId: string): Promise<PersonReportView[]> {
    const rows = await this.dataSource.query<
      Array<Omit<PersonReportView, 'created_at' | 'reporter'> & { created_at: Date; reporter_id: string; reporter_name: string | null }>
    >(
      `SELECT r.id, r.reason, r.details, r.status, r.created_at, r.reporter_id, u.name AS reporter_name
         FROM user_report r JOIN users u ON u.id = r.reporter_id
        WHERE r.reported_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${SHOWN}`,
      [userId],
    );
    return rows.map(({ reporter_id, reporter_name, created_at, ...row }) => ({
      ...row,
      reporter: { id: reporter_id, name: reporter_name },
      created_at: iso(created_at),
    }));
  }
}
