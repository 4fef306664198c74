import { type EntityManager } from 'typeorm';

/**
 * Another module's part of a deletion request (DELETE /users/me): auth signs the person out
 * everywhere, events cancels what they were going to host. Each step runs inside the transaction
 * that hides the account, in the order the composition root lists them (api/src/ports.module.ts).
 */
export interface AccountDeletionStep {
  withinDeletion(userId: string, tx: EntityManager): Promise<void>;
  /** After the transaction committed (caches, signals); never for a rolled-back request. */
  afterDeletion?(userId: string): void;
}

export const ACCOUNT_DELETION_STEPS = Symbol('ACCOUNT_DELETION_STEPS');
