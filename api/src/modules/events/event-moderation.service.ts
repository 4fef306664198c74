import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ModerationLimits,
  type EventReviewView,
  type PendingEventChanges,
  type ReviewQueueItem,
  type ReviewQueuePage,
  type ReviewQueueQuery,
} from '../../contracts/event-moderation.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { type AfterCommit, EventTakeDown } from '../admin/reports/report-actions.port.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { type Event } from './entities/event.entity.js';
import { EventListCache } from './event-list-cache.js';
import { EventReportsRepository } from './event-reports.repository.js';
import { toEventView, toModerationView } from './event.views.js';
import { EventAlreadyCancelledError, EventNotFoundError, EventNotUnderReviewError } from './events.errors.js';
import { EventPublished } from './events.events.js';
import { EventsRepository } from './events.repository.js';
import { EventsService } from './events.service.js';
import { UserAccounts } from '../users/user-accounts.service.js';
import { reviewSubject } from './moderation-policy.js';
import { decodeQueueCursor, encodeQueueCursor, type QueuePosition } from './review-queue-cursor.js';

/** The moderation columns and the held fields, as the audit log keeps an event before and after a decision. */
function auditedState(event: Pick<Event, 'moderationStatus' | 'status'>, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { moderation_status: event.moderationStatus, status: event.status, ...fields };
}

/** The listed values of the fields that pending changes would replace. */
const listedValuesOf = (event: Event, changes: PendingEventChanges): Partial<Event> =>
  Object.fromEntries(Object.keys(changes).map((field) => [field, event[field as keyof PendingEventChanges]]));

/**
 * Admins' event moderation (docs/decisions.md "Event moderation"): the review queue, approving and
 * refusing new events and held changes, and taking events down. Every decision locks the event, so
 * two admins deciding at once are served one after the other and the second finds nothing left to
 * decide (409); each writes its audit row and tells the host in the same transaction.
 */
@Injectable()
export class EventModerationService extends EventTakeDown {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsRepository,
    private readonly reports: EventReportsRepository,
    private readonly eventsService: EventsService,
    private readonly outbox: OutboxService,
    private readonly audit: AdminAuditLog,
    private readonly notifications: NotificationsService,
    private readonly listCache: EventListCache,
    private readonly accounts: UserAccounts,
  ) {
    super();
  }

  async queue({ filter, cursor, limit }: ReviewQueueQuery): Promise<ReviewQueuePage> {
    const after = decodeQueueCursor(cursor);
    const found: QueuePosition[] =
      filter === 'reported' ? await this.reports.reportedQueue(after, limit + 1) : await this.events.reviewQueue(filter, after, limit + 1);
    const shown = found.slice(0, limit);
    const ids = shown.map((position) => position.id);
    const [rows, reports] = await Promise.all([this.events.viewRows(ids), this.reports.openReportsOf(ids, ModerationLimits.reportsShown)]);
    const since = new Map(shown.map((position) => [position.id, new Date(position.at).toISOString()]));
    const items = rows.map((row): ReviewQueueItem => ({
      event: toEventView(row, 'public'),
      waiting_since: since.get(row.id)!,
      changes: row.pending_changes,
      open_reports: reports.get(row.id)?.count ?? 0,
      reports: reports.get(row.id)?.reports ?? [],
    }));
    return { filter, items, next_cursor: found.length > limit ? encodeQueueCursor(shown.at(-1)!) : null };
  }

  async review(id: string): Promise<EventReviewView> {
    const [row, reports, history] = await Promise.all([
      this.events.viewRow(id),
      this.reports.openReportsOf([id], ModerationLimits.reportsShown),
      this.audit.historyOf('event', id),
    ]);
    if (!row) throw new EventNotFoundError();
    return {
      event: toEventView(row, 'full'),
      moderation: toModerationView(row),
      open_reports: reports.get(id)?.count ?? 0,
      reports: reports.get(id)?.reports ?? [],
      history,
    };
  }

  /** A new event is listed (its chat opens); held changes replace what is listed. */
  async approve(id: string, admin: AuthUser): Promise<EventReviewView> {
    await this.decide(id, async (tx, event) => {
      const subject = reviewSubject(event);
      if (!subject) throw new EventNotUnderReviewError();
      const changes = event.pendingChanges ?? {};
      // A suspended host's approved event waits hidden with their other events, and is listed on their restore.
      const listedAs = subject === 'new' && (await this.accounts.isSuspendedHeld(tx, event.hostId)) ? 'host_suspended' : 'published';
      const decided: Partial<Event> =
        subject === 'new' ? { moderationStatus: listedAs } : { ...(changes as Partial<Event>), pendingChanges: null };
      await this.events.update(tx, event, { ...decided, reviewRequestedAt: null, moderationReason: null });
      if (subject === 'new') await this.outbox.publish(tx, EventPublished, { eventId: id });
      await this.audit.record(tx, {
        adminId: admin.id,
        action: 'event.approved',
        recordType: 'event',
        recordId: id,
        before: auditedState(event, subject === 'edited' ? listedValuesOf(event, changes) : {}),
        after: auditedState(
          { ...event, moderationStatus: subject === 'new' ? listedAs : event.moderationStatus },
          subject === 'edited' ? (changes as Partial<Event>) : {},
        ),
      });
      const title = (changes.title ?? event.title) || null;
      await this.notifications.notify(tx, {
        userId: event.hostId,
        type: 'event_approved',
        eventId: id,
        eventTitle: title,
        ...(subject === 'edited' ? { title: 'Changes approved', body: `Your changes to ${title} are live.` } : {}),
      });
    });
    return this.review(id);
  }

  /** A new event is refused (the host may edit and resubmit it); held changes are dropped. The reason is the host's to read. */
  async reject(id: string, admin: AuthUser, reason: string): Promise<EventReviewView> {
    await this.decide(id, async (tx, event) => {
      const subject = reviewSubject(event);
      if (!subject) throw new EventNotUnderReviewError();
      const decided: Partial<Event> = subject === 'new' ? { moderationStatus: 'rejected' } : { pendingChanges: null };
      await this.events.update(tx, event, { ...decided, reviewRequestedAt: null, moderationReason: reason });
      await this.audit.record(tx, {
        adminId: admin.id,
        action: 'event.rejected',
        recordType: 'event',
        recordId: id,
        reason,
        before: auditedState(event, subject === 'edited' ? { pending_changes: event.pendingChanges } : {}),
        after: auditedState({ ...event, moderationStatus: subject === 'new' ? 'rejected' : event.moderationStatus }),
      });
      await this.notifications.notify(tx, {
        userId: event.hostId,
        type: 'event_rejected',
        eventId: id,
        eventTitle: event.title,
        ...(subject === 'edited'
          ? { title: 'Changes not approved', body: `Your changes to ${event.title} were not approved: ${reason}` }
          : { body: `${event.title} was not approved: ${reason}` }),
      });
    });
    return this.review(id);
  }

  /** From the event's review page: a second take-down (or one of a cancelled event) is refused, and refunds nothing. */
  async takeDownNow(id: string, admin: AuthUser, reason: string): Promise<EventReviewView> {
    const afterCommit = await this.dataSource.transaction(async (tx) => {
      const event = await this.lockExisting(tx, id);
      if (event.status === 'cancelled') throw new EventAlreadyCancelledError();
      return this.takeDownLocked(tx, event, admin, reason);
    });
    await afterCommit();
    return this.review(id);
  }

  /**
   * Acting on the event's reports (EventTakeDown), in the caller's transaction. One already taken
   * down (from its review page, say) is left as it is, so its reports close as acted on; one its host
   * cancelled is refused (the reports can be dismissed).
   */
  async takeDown(tx: EntityManager, id: string, admin: AuthUser, reason: string): Promise<AfterCommit> {
    const event = await this.lockExisting(tx, id);
    if (event.takenDownAt) return () => undefined;
    if (event.status === 'cancelled') throw new EventAlreadyCancelledError();
    return this.takeDownLocked(tx, event, admin, reason);
  }

  /**
   * Cancels the event through the one cancellation path (event.cancelled: its fans refunded exactly
   * once), with its audit row and the host told why.
   */
  private async takeDownLocked(tx: EntityManager, event: Event, admin: AuthUser, reason: string): Promise<AfterCommit> {
    const id = event.id;
    await this.eventsService.markCancelled(tx, id);
    await this.events.update(tx, event, {
      takenDownAt: new Date(),
      moderationReason: reason,
      pendingChanges: null,
      reviewRequestedAt: null,
    });
    await this.audit.record(tx, {
      adminId: admin.id,
      action: 'event.taken_down',
      recordType: 'event',
      recordId: id,
      reason,
      before: auditedState(event),
      after: auditedState({ ...event, status: 'cancelled' }),
    });
    await this.notifications.notify(tx, {
      userId: event.hostId,
      type: 'event_cancelled',
      eventId: id,
      eventTitle: event.title,
      title: 'Event taken down',
      body: `${event.title} was taken down: ${reason}. Its fans are refunded.`,
    });
    return () => this.listCache.clear();
  }

  private async decide(id: string, decision: (tx: EntityManager, event: Event) => Promise<void>): Promise<void> {
    await this.dataSource.transaction(async (tx) => decision(tx, await this.lockExisting(tx, id)));
    this.listCache.clear();
  }

  private async lockExisting(tx: EntityManager, id: string): Promise<Event> {
    const event = await this.events.lockForUpdate(tx, id);
    if (!event) throw new EventNotFoundError();
    return event;
  }
}
