import { type EntityManager } from 'typeorm';
import { type AuthUser } from '../../../platform/http/auth-context.js';

/** What to run once the acting transaction has committed (drop cached lists, close sockets). */
export type AfterCommit = () => void | Promise<void>;

/**
 * Acting on a report of an event takes the event down: it leaves every list and its fans are refunded
 * through the cancellation workflow, exactly once. Runs in the caller's transaction (with the reports
 * closing and the audit row); the events module answers it (bound in api/src/ports.module.ts).
 */
export abstract class EventTakeDown {
  abstract takeDown(tx: EntityManager, eventId: string, admin: AuthUser, reason: string): Promise<AfterCommit>;
}

/**
 * Acting on a report of a person suspends them: no sign-in, sessions and sockets ended, their events
 * out of the lists, pending applications released exactly once. Runs in the caller's transaction;
 * the users module answers it (bound in api/src/ports.module.ts).
 */
export abstract class PersonSuspension {
  abstract suspend(tx: EntityManager, userId: string, admin: AuthUser, reason: string): Promise<AfterCommit>;
}
