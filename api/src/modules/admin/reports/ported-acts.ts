import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthUser } from '../../../platform/http/auth-context.js';
import { ReportActionUnavailableError } from './reports.errors.js';
import { type ActedChange } from './report-sources.port.js';

/**
 * Acting on reports of events and people: the one place where the queue reaches EventTakeDown and
 * PersonSuspension (report-actions.port.ts), which the events and users modules answer. Until they
 * are bound in ports.module.ts, acting on these kinds answers 501 (dismissing works). To wire them:
 * inject both ports here and, in `act`, call `takeDown(tx, targetId, admin, reason)` for 'event'
 * (action 'event.taken_down') and `suspend(tx, targetId, admin, reason)` for 'person'
 * (action 'user.suspended'), returning their AfterCommit as `afterCommit`.
 */
@Injectable()
export class PortedActs {
  act(_kind: 'event' | 'person', _tx: EntityManager, _targetId: string, _admin: AuthUser, _reason: string): Promise<ActedChange> {
    return Promise.reject(new ReportActionUnavailableError());
  }
}
