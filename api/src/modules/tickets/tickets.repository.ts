import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { cameSql } from './came-sql.js';
import { newTicketCode } from './ticket-code.js';

/** An application as its ticket sees it, with its fan and event read for display (their modules own them). */
export interface TicketHolder {
  applicationId: string;
  eventId: string;
  fanId: string;
  status: string;
  fanName: string | null;
  fanPhotoUrl: string | null;
  eventTitle: string;
  eventDate: Date;
  eventLocation: string | null;
  eventCity: string | null;
  /** Deleted or cancelled: its bookings admit nobody. */
  eventOff: boolean;
}

export interface DoorTicketRow {
  applicationId: string;
  fanId: string;
  name: string | null;
  photoUrl: string | null;
  code: string;
  checkedInAt: Date | null;
}

export interface NewCheckIn {
  applicationId: string;
  eventId: string;
  at: Date;
  by: string;
  how: 'scan' | 'code';
  operationId: string | null;
}

export interface StoredCheckIn {
  /** This call made the check-in (or a resend of the operation that made it). */
  created: boolean;
  checkedInAt: Date;
}

/** Codes tried for one batch of tickets before giving up: each collision is about one in a billion per ticket. */
const CODE_ATTEMPTS = 5;

/**
 * The ticket and check_in tables, all of their SQL. Applications, their fans and events are read
 * (never written) to say whose ticket it is and whether it still admits anyone.
 */
/** The event `e` is on: neither cancelled nor deleted (its tickets admit people). */
const eventOn = (e: string) => `${e}.status <> 'cancelled' AND ${e}.deleted_at IS NULL`;

@Injectable()
export class TicketsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async holder(applicationId: string): Promise<TicketHolder | undefined> {
    const rows: TicketHolder[] = await this.dataSource.query(
      `SELECT a.id AS "applicationId", a.event_id AS "eventId", a.fan_id AS "fanId", a.status,
              u.name AS "fanName", u.avatar_url AS "fanPhotoUrl",
              e.title AS "eventTitle", e.date AS "eventDate", e.location AS "eventLocation", e.city AS "eventCity",
              NOT (${eventOn('e')}) AS "eventOff"
         FROM application a JOIN event e ON e.id = a.event_id JOIN users u ON u.id = a.fan_id
        WHERE a.id = $1`,
      [applicationId],
    );
    return rows[0];
  }

  async applicationByCode(eventId: string, code: string): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      'SELECT application_id AS id FROM ticket WHERE event_id = $1 AND code = $2',
      [eventId, code],
    );
    return rows[0]?.id;
  }

  /** The ticket's code, given on first use; two first uses at once agree on one. */
  async codeOf(applicationId: string, eventId: string): Promise<string> {
    await this.giveCodes(eventId, [applicationId]);
    const rows: Array<{ code: string }> = await this.dataSource.query('SELECT code FROM ticket WHERE application_id = $1', [applicationId]);
    return rows[0]!.code;
  }

  /** Every accepted attendee of the event with their code (given now to those who had none) and check-in. */
  async doorTickets(eventId: string): Promise<DoorTicketRow[]> {
    const missing: Array<{ id: string }> = await this.dataSource.query(
      `SELECT a.id FROM application a LEFT JOIN ticket t ON t.application_id = a.id
        WHERE a.event_id = $1 AND a.status = 'accepted' AND t.application_id IS NULL`,
      [eventId],
    );
    if (missing.length > 0) {
      await this.giveCodes(
        eventId,
        missing.map((row) => row.id),
      );
    }
    return this.dataSource.query(
      `SELECT a.id AS "applicationId", a.fan_id AS "fanId", u.name, u.avatar_url AS "photoUrl", t.code, c.checked_in_at AS "checkedInAt"
         FROM application a JOIN users u ON u.id = a.fan_id JOIN ticket t ON t.application_id = a.id
         LEFT JOIN check_in c ON c.application_id = a.id
        WHERE a.event_id = $1 AND a.status = 'accepted'
        ORDER BY lower(coalesce(u.name, '')), a.id`,
      [eventId],
    );
  }

  /**
   * Records the check-in once per application. A later call finds the first; one scanned earlier
   * (an offline device's batch arriving late) moves the time back to its scan, so the earliest wins.
   */
  /**
   * Checks the booking in while it is still an accepted booking of an event that is on (undefined
   * when it is not, and was never checked in). Rows are locked as the application lifecycle locks
   * them, the event and then the application (else a fan leaving at this moment and the door would
   * deadlock), and held while the check-in is written: a fan leaving then waits for it, finds the
   * check-in and is refused; one who left first is not checked in.
   */
  async record(checkIn: NewCheckIn): Promise<StoredCheckIn | undefined> {
    return this.dataSource.transaction(async (tx) => {
      const lockedOn: unknown[] = await tx.query(`SELECT 1 FROM event e WHERE e.id = $1 AND ${eventOn('e')} FOR KEY SHARE`, [
        checkIn.eventId,
      ]);
      const written: Array<{ inserted: boolean; checkedInAt: Date }> =
        lockedOn.length === 0
          ? []
          : await tx.query(
              `INSERT INTO check_in AS c (application_id, event_id, checked_in_at, checked_in_by, how, client_operation_id)
               SELECT a.id, a.event_id, $3, $4, $5, $6 FROM application a
                WHERE a.id = $1 AND a.event_id = $2 AND a.status = 'accepted'
                  FOR SHARE
               ON CONFLICT (application_id) DO UPDATE SET checked_in_at = EXCLUDED.checked_in_at
                WHERE c.checked_in_at > EXCLUDED.checked_in_at
               RETURNING (xmax = 0) AS inserted, c.checked_in_at AS "checkedInAt"`,
              [checkIn.applicationId, checkIn.eventId, checkIn.at, checkIn.by, checkIn.how, checkIn.operationId],
            );
      if (written[0]?.inserted) return { created: true, checkedInAt: written[0].checkedInAt };
      const rows: Array<{ checkedInAt: Date; operationId: string | null }> = await tx.query(
        'SELECT checked_in_at AS "checkedInAt", client_operation_id AS "operationId" FROM check_in WHERE application_id = $1',
        [checkIn.applicationId],
      );
      const stored = rows[0];
      if (!stored) return undefined;
      return { created: checkIn.operationId !== null && stored.operationId === checkIn.operationId, checkedInAt: stored.checkedInAt };
    });
  }

  /** When the booking was checked in, or null. */
  async checkedInAt(applicationId: string): Promise<Date | null> {
    const rows: Array<{ at: Date }> = await this.dataSource.query('SELECT checked_in_at AS at FROM check_in WHERE application_id = $1', [
      applicationId,
    ]);
    return rows[0]?.at ?? null;
  }

  async checkedIn(tx: EntityManager, applicationId: string): Promise<boolean> {
    const rows: unknown[] = await tx.query('SELECT 1 FROM check_in WHERE application_id = $1', [applicationId]);
    return rows.length > 0;
  }

  /** Once the event has any check-in, only checked-in attendees count as having come. */
  async cameTo(eventId: string, applicationId: string): Promise<boolean> {
    const rows: Array<{ came: boolean }> = await this.dataSource.query(
      `SELECT ${cameSql('a', 'e')} AS came FROM (SELECT $1::uuid AS id) e, (SELECT $2::uuid AS id) a`,
      [eventId, applicationId],
    );
    return rows[0]!.came;
  }

  private async giveCodes(eventId: string, applicationIds: string[]): Promise<void> {
    let waiting = applicationIds;
    for (let attempt = 0; attempt < CODE_ATTEMPTS && waiting.length > 0; attempt++) {
      await this.dataSource.query(
        `INSERT INTO ticket (application_id, event_id, code)
         SELECT id, $1, code FROM unnest($2::uuid[], $3::text[]) AS given (id, code)
         ON CONFLICT DO NOTHING`,
        [eventId, waiting, waiting.map(() => newTicketCode())],
      );
      const rows: Array<{ id: string }> = await this.dataSource.query(
        'SELECT id FROM unnest($1::uuid[]) AS waiting (id) WHERE NOT EXISTS (SELECT 1 FROM ticket WHERE application_id = waiting.id)',
        [waiting],
      );
      waiting = rows.map((row) => row.id);
    }
    if (waiting.length > 0) throw new Error(`no free ticket code for ${waiting.length} tickets of event ${eventId}`);
  }
}
