import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthUser } from '../../../platform/http/auth-context.js';
import { EventTakeDown, PersonSuspension } from './report-actions.port.js';
import { type ActedChange } from './report-sources.port.js';

/**
 * Acting on reports of events and people: the one place where the queue reaches EventTakeDown and
 * PersonSuspension (report-actions.port.ts), which the events and users modules answer. Those write
 * their own audit row ('event.taken_down', 'user.suspended': the same as from their own pages), so
 * the queue's row records the reports closing by it ('report.acted').
 */
@Injectable()
export class PortedActs {
  constructor(
    private readonly takeDowns: EventTakeDown,
    private readonly suspensions: PersonSuspension,
  ) {}

  async act(kind: 'event' | 'person', tx: EntityManager, targetId: string, admin: AuthUser, reason: string): Promise<ActedChange> {
    const afterCommit =
      kind === 'event'
        ? await this.takeDowns.takeDown(tx, targetId, admin, reason)
        : await this.suspensions.suspend(tx, targetId, admin, reason);
    return { action: 'report.acted', before: {}, after: { result: kind === 'event' ? 'event.taken_down' : 'user.suspended' }, afterCommit };
  }
}
