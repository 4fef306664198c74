import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ApplicationView, type AttendeeView, type HostApplicationView } from '../../contracts/applications.contract.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { EventAdmission, type AdmissionEvent } from '../events/event-admission.service.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { toApplicationView, toAttendeeView, toHostApplicationView } from './application.views.js';
import { ApplicationLifecycle } from './application-lifecycle.js';
import { ApplicationNotFoundError, AttendeesHiddenError, NotApplicationHostError } from './applications.errors.js';
import { ApplicationsRepository } from './applications.repository.js';

type Decision = 'accepted' | 'rejected';

const manages = (event: Pick<AdmissionEvent, 'hostId'>, user: AuthUser) => event.hostId === user.id || isAdmin(user);

/** The host's decisions (made by the application lifecycle) and the lists around them. */
@Injectable()
export class ApplicationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly applications: ApplicationsRepository,
    private readonly events: EventAdmission,
    private readonly lifecycle: ApplicationLifecycle,
    private readonly audit: AdminAuditLog,
  ) {}

  accept(user: AuthUser, id: string): Promise<ApplicationView> {
    return this.decide(user, id, 'accepted');
  }

  reject(user: AuthUser, id: string): Promise<ApplicationView> {
    return this.decide(user, id, 'rejected');
  }

  /** The event's applications, newest first: its host and admins only. */
  async forEvent(user: AuthUser, eventId: string): Promise<HostApplicationView[]> {
    const event = await this.events.find(eventId);
    if (!event) throw new EventNotFoundError();
    if (!manages(event, user)) throw new NotApplicationHostError();
    return (await this.applications.rowsOfEvent(eventId)).map((row) => toHostApplicationView(row, isAdmin(user)));
  }

  /** Pending applications on the caller's own events (the host's new-application sheet). */
  async pendingForHost(user: AuthUser): Promise<HostApplicationView[]> {
    return (await this.applications.pendingRowsForHost(user.id)).map((row) => toHostApplicationView(row, isAdmin(user)));
  }

  async mine(user: AuthUser): Promise<ApplicationView[]> {
    return (await this.applications.rowsOfFan(user.id)).map(toApplicationView);
  }

  /**
   * Accepted attendees. With show_attendees off, only the host and admins see them; an event
   * moderation has not published (waiting for review, refused, its host suspended) is not found
   * for anyone else, as its page is not.
   */
  async attendees(user: AuthUser, eventId: string): Promise<AttendeeView[]> {
    const event = await this.events.find(eventId);
    if (!event || (!event.published && !manages(event, user))) throw new EventNotFoundError();
    if (!event.showAttendees && !manages(event, user)) throw new AttendeesHiddenError();
    return (await this.applications.acceptedRowsOfEvent(eventId)).map(toAttendeeView);
  }

  /**
   * Decides once, through the lifecycle (which locks the event first, so seats are counted and taken
   * one at a time). Deciding again the same way answers as the first time did; the opposite decision
   * is a 409, and so is accepting to a cancelled, deleted or finished event. An admin deciding on
   * someone else's event is audited with the decision it made.
   */
  private async decide(user: AuthUser, id: string, decision: Decision): Promise<ApplicationView> {
    const found = await this.applications.find(id);
    if (!found) throw new ApplicationNotFoundError();
    // The host of a deleted event still hears why nobody can be accepted (409), not a 404.
    const hostId = await this.events.hostOf(found.eventId);
    if (!hostId || !manages({ hostId }, user)) throw new ApplicationNotFoundError();
    const outcome = await this.dataSource.transaction(async (tx) => {
      const moved =
        decision === 'accepted'
          ? await this.lifecycle.accept(tx, id, found.eventId)
          : await this.lifecycle.end(tx, id, 'rejected', 'rejected by the host');
      if (moved === 'moved' && hostId !== user.id) {
        const change = { before: { status: found.status }, after: { status: decision, eventId: found.eventId, fanId: found.fanId } };
        await this.audit.record(tx, {
          adminId: user.id,
          action: `application.${decision}`,
          recordType: 'application',
          recordId: id,
          ...change,
        });
      }
      return moved;
    });
    if (decision === 'accepted' && outcome === 'moved') this.events.listsChanged();
    return toApplicationView((await this.applications.row(id))!);
  }
}
