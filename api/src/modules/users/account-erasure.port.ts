/**
 * Another module's part of erasing a deleted account (the account.erase job, in the workers): events
 * strips the host's contact details and keeps the photos its events show, uploads deletes the rest,
 * auth deletes the sessions. Steps run in the order the composition root lists them
 * (api/src/ports.module.ts), before the users module erases the profile. Each is idempotent: a retry
 * runs them all again.
 */
export interface AccountErasureStep {
  erase(userId: string): Promise<void>;
  /** Once the profile is erased too (caches that showed the person's name). */
  afterErasure?(userId: string): void;
}

export const ACCOUNT_ERASURE_STEPS = Symbol('ACCOUNT_ERASURE_STEPS');
