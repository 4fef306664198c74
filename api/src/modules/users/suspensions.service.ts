import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Messages } from '../../contracts/messages.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { NotFoundError } from '../../platform/http/domain-error.js';
import { PersonSuspension, type AfterCommit } from '../admin/reports/report-actions.port.js';
import { SUSPENSION_STEPS, type SuspensionStep } from './suspension-steps.port.js';
import { AlreadySuspendedError, CannotSuspendAdminError, NotSuspendedError } from './users.errors.js';
import { UsersRepository, type ModerationState } from './users.repository.js';

/**
 * Suspending a person and restoring them. A suspension runs in one transaction: the person's row
 * (locked first, so two admins at once take turns and the second finds them suspended), every
 * module's step (sessions revoked, events out of the lists, pending applications released) and the
 * audit row. Sockets close and cached lists drop after it commits. Acting on a report suspends
 * through the same code (the PersonSuspension port).
 */
@Injectable()
export class Suspensions extends PersonSuspension {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly audit: AdminAuditLog,
    @Inject(SUSPENSION_STEPS) private readonly steps: SuspensionStep[],
  ) {
    super();
  }

  /** POST /admin/users/{id}/suspend: 409 when the person already is. */
  async suspendNow(admin: AuthUser, userId: string, reason: string): Promise<void> {
    const afterCommit = await this.dataSource.transaction(async (tx) => {
      const person = await this.lockSuspendable(tx, userId, admin);
      if (person.suspendedAt) throw new AlreadySuspendedError();
      return this.suspendLocked(tx, person, admin, reason);
    });
    afterCommit();
  }

  /**
   * Inside the caller's transaction (acting on a report). A person already suspended is left as they
   * are: their sessions are gone and their applications released already, so nothing runs twice.
   */
  async suspend(tx: EntityManager, userId: string, admin: AuthUser, reason: string): Promise<AfterCommit> {
    const person = await this.lockSuspendable(tx, userId, admin);
    if (person.suspendedAt) return () => undefined;
    return this.suspendLocked(tx, person, admin, reason);
  }

  async restore(admin: AuthUser, userId: string, reason: string): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const person = await this.lockPerson(tx, userId);
      if (!person.suspendedAt) throw new NotSuspendedError();
      await this.users.clearSuspension(tx, userId);
      for (const step of this.steps) await step.withinRestore?.(userId, tx);
      await this.audit.record(tx, {
        adminId: admin.id,
        action: 'user.restored',
        recordType: 'user',
        recordId: userId,
        reason,
        before: { suspended_at: person.suspendedAt.toISOString(), suspension_reason: person.suspensionReason },
        after: { suspended_at: null },
      });
    });
    for (const step of this.steps) step.afterRestore?.(userId);
  }

  private async suspendLocked(tx: EntityManager, person: ModerationState, admin: AuthUser, reason: string): Promise<() => void> {
    const suspendedAt = await this.users.markSuspended(tx, person.id, reason);
    for (const step of this.steps) await step.withinSuspension(person.id, tx);
    await this.audit.record(tx, {
      adminId: admin.id,
      action: 'user.suspended',
      recordType: 'user',
      recordId: person.id,
      reason,
      before: { suspended_at: null },
      after: { suspended_at: suspendedAt.toISOString(), suspension_reason: reason },
    });
    return () => {
      for (const step of this.steps) step.afterSuspension?.(person.id);
    };
  }

  private async lockSuspendable(tx: EntityManager, userId: string, admin: AuthUser): Promise<ModerationState> {
    const person = await this.lockPerson(tx, userId);
    if (person.id === admin.id || isAdmin(person)) throw new CannotSuspendAdminError(person.id === admin.id);
    return person;
  }

  private async lockPerson(tx: EntityManager, userId: string): Promise<ModerationState> {
    const person = await this.users.lockForModeration(tx, userId);
    if (!person) throw new NotFoundError(Messages.users.notFound);
    return person;
  }
}
