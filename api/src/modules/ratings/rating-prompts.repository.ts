import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '../../platform/database/returning.js';
import { hasRated, ratableAttendance } from './ratings-sql.js';
import { type AwaitingRow } from './ratings.views.js';

/** Someone to ask (or remind) to rate an event, with what the notification says. */
export interface PromptDue {
  eventId: string;
  fanId: string;
  hostId: string;
  eventTitle: string;
}

/** How far back the prompt and reminder look: their windows, in days. */
export interface PromptWindows {
  /** Events that started or ended within this many days (and have ended) are asked about. */
  promptWithinDays: number;
  remindAfterDays: number;
  /** A prompt older than this is never reminded (the reminder job was away too long). */
  remindWithinDays: number;
}

/**
 * Only events still listed are asked about (not hidden by moderation), which also lets the search
 * walk event_listed_slim_idx by start date instead of reading every event.
 */
const LISTED_EVENT = (e: string) => `${e}.status = 'active' AND ${e}.moderation_status = 'published' AND ${e}.deleted_at IS NULL`;

/** The most events GET /ratings/user lists as awaiting a rating. */
const AWAITING_LIMIT = 100;

/**
 * Who still owes a rating: the awaiting list and the rating_prompt table (asked once, reminded once).
 * Reads applications, refunds, events and users for that (ratings-sql.ts, ratableAttendance); writes
 * only rating_prompt.
 */
@Injectable()
export class RatingPromptsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The fan's attended, ended events they have not rated, latest first. */
  awaitingOf(fanId: string): Promise<AwaitingRow[]> {
    return this.dataSource.query<AwaitingRow[]>(
      `SELECT e.id AS "eventId", e.title, e.date, e.host_id AS "hostId", host.name AS "hostName", e.images->>0 AS image,
              a.id AS "applicationId"
         FROM application a JOIN event e ON e.id = a.event_id JOIN users host ON host.id = e.host_id
        WHERE a.fan_id = $1 AND ${ratableAttendance('a', 'e')} AND NOT ${hasRated('a.fan_id', 'a.event_id')}
        ORDER BY e.date DESC, e.id LIMIT $2`,
      [fanId, AWAITING_LIMIT],
    );
  }

  /**
   * Records, in the caller's transaction, a prompt for up to `limit` people who may rate an event that
   * ended (and started or ended within the window: a trip of ten days is asked about too), have not
   * rated it and were never asked. The primary key
   * keeps two runs at once from asking anyone twice: only the rows this one inserted come back.
   */
  claimPrompts(tx: EntityManager, windows: PromptWindows, limit: number): Promise<PromptDue[]> {
    return queryRows<PromptDue>(
      tx,
      `WITH due AS (
         SELECT a.event_id, a.fan_id
           FROM event e JOIN application a ON a.event_id = e.id
           JOIN users fan ON fan.id = a.fan_id AND fan.deleted_at IS NULL
          WHERE ${LISTED_EVENT('e')} AND e.date < now()
            AND (e.date > now() - make_interval(days => $1) OR e.end_date > now() - make_interval(days => $1))
            AND ${ratableAttendance('a', 'e')}
            AND NOT EXISTS (SELECT 1 FROM rating_prompt p WHERE p.event_id = a.event_id AND p.fan_id = a.fan_id)
            AND NOT ${hasRated('a.fan_id', 'a.event_id')}
          ORDER BY e.date, a.event_id, a.fan_id
          LIMIT $2
       ), asked AS (
         INSERT INTO rating_prompt (event_id, fan_id) SELECT event_id, fan_id FROM due ON CONFLICT DO NOTHING
         RETURNING event_id, fan_id
       )
       SELECT asked.event_id AS "eventId", asked.fan_id AS "fanId", e.host_id AS "hostId", e.title AS "eventTitle"
         FROM asked JOIN event e ON e.id = asked.event_id`,
      [windows.promptWithinDays, limit],
    );
  }

  /**
   * Marks reminded, in the caller's transaction, up to `limit` prompts old enough that were never
   * reminded, whose person still may rate and has not; rows another run holds are skipped.
   */
  claimReminders(tx: EntityManager, windows: PromptWindows, limit: number): Promise<PromptDue[]> {
    return queryRows<PromptDue>(
      tx,
      `WITH due AS (
         SELECT p.event_id, p.fan_id
           FROM rating_prompt p
           JOIN users fan ON fan.id = p.fan_id AND fan.deleted_at IS NULL
           JOIN event e ON e.id = p.event_id
           JOIN application a ON a.event_id = p.event_id AND a.fan_id = p.fan_id AND a.status = 'accepted'
          WHERE p.reminded_at IS NULL
            AND p.prompted_at < now() - make_interval(days => $1) AND p.prompted_at > now() - make_interval(days => $2)
            AND ${ratableAttendance('a', 'e')} AND NOT ${hasRated('p.fan_id', 'p.event_id')}
          ORDER BY p.prompted_at
          LIMIT $3
          FOR UPDATE OF p SKIP LOCKED
       )
       UPDATE rating_prompt p SET reminded_at = now()
         FROM due, event e
        WHERE p.event_id = due.event_id AND p.fan_id = due.fan_id AND p.reminded_at IS NULL AND e.id = p.event_id
       RETURNING p.event_id AS "eventId", p.fan_id AS "fanId", e.host_id AS "hostId", e.title AS "eventTitle"`,
      [windows.remindAfterDays, windows.remindWithinDays, limit],
    );
  }

  /** An erased person's prompts are bookkeeping about them that nothing needs any more. */
  async forgetPromptsOf(tx: EntityManager, fanId: string): Promise<void> {
    await tx.query('DELETE FROM rating_prompt WHERE fan_id = $1', [fanId]);
  }
}
