import { type EntityManager } from 'typeorm';

/**
 * Another module's part of suspending a person and restoring them: auth signs them out everywhere,
 * events takes their published events out of the lists (and back), applications releases their
 * pending applications. Each step runs inside the suspension's transaction, in the order the
 * composition root lists them (api/src/ports.module.ts).
 */
export interface SuspensionStep {
  withinSuspension(userId: string, tx: EntityManager): Promise<void>;
  /** After the suspension committed (close sockets, drop cached lists). */
  afterSuspension?(userId: string): void;
  withinRestore?(userId: string, tx: EntityManager): Promise<void>;
  afterRestore?(userId: string): void;
}

export const SUSPENSION_STEPS = Symbol('SUSPENSION_STEPS');
