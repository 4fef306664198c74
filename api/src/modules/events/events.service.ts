import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  eventRuleViolation,
  isDateToBeDecided,
  normalizeAgeSelection,
  type ConvertToConfirmedInput,
  type CreateEventInput,
  type EventView,
  type UpdateEventInput,
} from '../../contracts/event.contract.js';
import { uniqueViolation } from '../../platform/database/unique-violation.js';
import { AdminAuditLog } from '../../platform/audit/admin-audit.js';
import { isAdmin, requirePermission, type AdminPermission, type AuthUser } from '../../platform/http/auth-context.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { cityFromLocation } from '../../contracts/city.js';
import { Event } from './entities/event.entity.js';
import { EventApplicants } from './event-applicants.port.js';
import { EventListCache } from './event-list-cache.js';
import { EventReportsRepository } from './event-reports.repository.js';
import { toEventView, type EventVersion } from './event.views.js';
import {
  CannotReactivateEventError,
  CannotReportOwnEventError,
  ConvertNeedsDateError,
  EventAlreadyReportedError,
  EventCancelledError,
  EventHasAcceptedApplicantsError,
  EventNotFoundError,
  EventRuleError,
  EventStartNotFutureError,
  NotCurationEventError,
  NotEventHostError,
  StartedEventCancelError,
} from './events.errors.js';
import { EventCancelled, EventPublished } from './events.events.js';
import { EventsRepository } from './events.repository.js';
import { initialModerationStatus, moderateEdit, type Author } from './moderation-policy.js';
import { UserAccounts } from '../users/user-accounts.service.js';

/** The event fields a request may send (a create sends them all, an edit some). */
type EventFields = Omit<UpdateEventInput, 'status'>;

/** API field → entity property, for the fields that map one to one. */
const DIRECT_FIELDS = {
  title: 'title',
  description: 'description',
  date: 'date',
  end_date: 'endDate',
  location: 'location',
  latitude: 'latitude',
  longitude: 'longitude',
  category: 'category',
  images: 'images',
  video: 'video',
  video_duration: 'videoDuration',
  video_url_reference: 'videoUrlReference',
  min_bid: 'minBid',
  male_price: 'malePrice',
  female_price: 'femalePrice',
  pricing_type: 'pricingType',
  capacity: 'capacity',
  event_type: 'eventType',
  meeting_link: 'meetingLink',
  enable_bidding: 'enableBidding',
  show_attendees: 'showAttendees',
  cancellation_policy: 'cancellationPolicy',
  meetup_type: 'meetupType',
  estimated_location: 'estimatedLocation',
  estimated_latitude: 'estimatedLatitude',
  estimated_longitude: 'estimatedLongitude',
  host_contact_number: 'hostContactNumber',
  host_social_link: 'hostSocialLink',
} as const satisfies Partial<Record<keyof EventFields, keyof Event>>;

/** The sent fields as entity changes (absent fields left alone; null clears). */
function toEntityChanges(fields: EventFields): Partial<Event> {
  const changes: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(DIRECT_FIELDS)) {
    const value = fields[field as keyof EventFields];
    if (value !== undefined) changes[property] = value;
  }
  if (fields.location !== undefined) changes.city = cityFromLocation(fields.location);
  return changes as Partial<Event>;
}

/** The admin_permissions flag an admin needs to change someone else's event this way (docs/decisions.md, "Admins on the hosts' endpoints"). */
const ADMIN_NEEDS = { edit: 'approve_events', cancel: 'delete_events', delete: 'delete_events' } as const satisfies Record<
  string,
  AdminPermission
>;
type ManageAction = keyof typeof ADMIN_NEEDS;

/** An event locked for a change, and whether an admin (not its host) is making it. */
interface Managed {
  event: Event;
  byAdmin: boolean;
}

@Injectable()
export class EventsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventsRepository,
    private readonly reports: EventReportsRepository,
    private readonly outbox: OutboxService,
    private readonly applicants: EventApplicants,
    private readonly listCache: EventListCache,
    private readonly accounts: UserAccounts,
    private readonly audit: AdminAuditLog,
  ) {}

  /**
   * Listed at once when a verified host (or an admin) creates it; otherwise it waits for review. A
   * host being suspended at this moment: their row is held, so the suspension either waits for this
   * event and hides it with the others, or is seen here and the event waits hidden with them.
   */
  async create(host: AuthUser, input: CreateEventInput): Promise<EventView> {
    const ages = normalizeAgeSelection(input.age_groups ?? [], input.custom_age_range);
    const authored = initialModerationStatus(await this.authorOf(host));
    const id = await this.dataSource.transaction(async (tx) => {
      const moderationStatus = authored === 'published' && (await this.accounts.isSuspendedHeld(tx, host.id)) ? 'host_suspended' : authored;
      const created = await this.events.insert(tx, {
        ...toEntityChanges(input),
        hostId: host.id,
        ageGroups: ages.age_groups,
        customAgeMin: ages.custom_age_range?.[0] ?? null,
        customAgeMax: ages.custom_age_range?.[1] ?? null,
        moderationStatus,
        reviewRequestedAt: moderationStatus === 'pending_review' ? new Date() : null,
      });
      if (authored === 'published') await this.outbox.publish(tx, EventPublished, { eventId: created });
      return created;
    });
    this.listCache.clear();
    return this.view(id, host, 'full');
  }

  /**
   * One event. Unpublished events exist only for their host and admins; everyone else gets 404,
   * as for a deleted event. Its row comes from the shared read cache, which every event write clears.
   */
  async view(id: string, viewer: AuthUser | null, version: EventVersion): Promise<EventView> {
    const row = await this.listCache.rows.get(id, () => this.events.viewRow(id));
    if (!row) throw new EventNotFoundError();
    const privileged = viewer !== null && (viewer.id === row.host_id || isAdmin(viewer));
    if (row.moderation_status !== 'published' && !privileged) throw new EventNotFoundError();
    // The joining details (meeting link, host's phone) are for the host, admins and accepted attendees.
    const full = version === 'full' && viewer !== null && (privileged || (await this.applicants.isAcceptedAttendee(id, viewer.id)));
    return toEventView(row, full ? 'full' : 'public', privileged && version === 'full');
  }

  /**
   * PUT /events/{id}: sent fields change, absent ones stay. status "cancelled" cancels (with its
   * domain event); a cancelled event cannot be edited or made active again. A host's edit may wait
   * for review (moderation-policy.ts): a rejected event goes back to the queue, and an unverified
   * host's new title, description or photos are held until an admin approves them. An event with
   * accepted applicants can no longer be edited, except to raise its capacity.
   */
  async update(id: string, user: AuthUser, input: UpdateEventInput): Promise<EventView> {
    const { status, ...fields } = input;
    const edits = Object.values(fields).some((value) => value !== undefined);
    const author = edits ? await this.authorOf(user) : 'admin';
    const actions: ManageAction[] = [...(edits ? (['edit'] as const) : []), ...(status === 'cancelled' ? (['cancel'] as const) : [])];
    await this.dataSource.transaction(async (tx) => {
      const { event, byAdmin } = await this.lockManaged(tx, id, user, actions);
      if (event.status === 'cancelled') {
        if (status === 'active') throw new CannotReactivateEventError();
        if (edits) throw new EventCancelledError();
        return;
      }
      if (edits) {
        // Raising the capacity of a booked event only frees seats (its waitlist's offers job fills them).
        if (!onlyRaisesCapacity(event, fields)) await this.refuseWithAcceptedApplicants(tx, event.id);
        const edit = moderateEdit(event, this.mergedChanges(event, fields), author, new Date());
        if (byAdmin) await this.auditAdminChange(tx, user, 'event.edited', event, edit.applied);
        await this.events.update(tx, event, { ...edit.applied, ...edit.moderation });
      }
      if (status === 'cancelled') await this.cancelManaged(tx, user, { event, byAdmin });
    });
    this.listCache.clear();
    return this.view(id, user, 'full');
  }

  /** Idempotent: cancelling a cancelled event changes nothing and publishes nothing. */
  async cancel(id: string, user: AuthUser): Promise<EventView> {
    await this.dataSource.transaction(async (tx) => {
      const managed = await this.lockManaged(tx, id, user, ['cancel']);
      if (managed.event.status !== 'cancelled') await this.cancelManaged(tx, user, managed);
    });
    this.listCache.clear();
    return this.view(id, user, 'full');
  }

  /**
   * A host leaving Tribe: their upcoming events are cancelled inside the caller's transaction, each
   * with its event.cancelled, so attendees are told and refunded like any cancellation. Past events
   * stay as history. Call listsChanged() after the transaction commits.
   */
  async cancelUpcomingHostedBy(hostId: string, tx: EntityManager): Promise<number> {
    const upcoming = await this.events.lockUpcomingHostedBy(tx, hostId);
    for (const id of upcoming) await this.markCancelled(tx, id);
    return upcoming.length;
  }

  /** Drops cached lists after a change made outside this service's own methods. */
  listsChanged(): void {
    this.listCache.clear();
  }

  /**
   * Soft delete: the row stays for the payments and invoices that point at it. A deleted event is
   * cancelled first (with its event.cancelled), so pending applicants are told and their payments released.
   */
  async remove(id: string, user: AuthUser): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const { event, byAdmin } = await this.lockManaged(tx, id, user, ['delete']);
      await this.refuseWithAcceptedApplicants(tx, event.id);
      if (event.status !== 'cancelled') await this.markCancelled(tx, event.id);
      if (byAdmin) await this.auditAdminChange(tx, user, 'event.deleted', event, { status: 'cancelled', deletedAt: new Date() });
      await this.events.markDeleted(tx, event.id);
    });
    this.listCache.clear();
  }

  /**
   * A curation meetup becomes a confirmed one. A confirmed event has a date: one still "to be
   * decided" needs `date` in the same request (checked like an edit's), else it is refused and
   * nothing changes. A date sent for an already dated event moves it, as an edit would.
   */
  async convertToConfirmed(id: string, user: AuthUser, input: ConvertToConfirmedInput = {}): Promise<EventView> {
    await this.dataSource.transaction(async (tx) => {
      const { event, byAdmin } = await this.lockManaged(tx, id, user, ['edit']);
      if (event.status === 'cancelled') throw new EventCancelledError();
      if (event.meetupType !== 'curation') throw new NotCurationEventError();
      const { date, end_date } = input;
      if (date ? isDateToBeDecided(date) : isDateToBeDecided(event.date)) throw new ConvertNeedsDateError();
      if (date && !isDateToBeDecided(event.date) && date.getTime() !== event.date.getTime()) {
        await this.refuseWithAcceptedApplicants(tx, event.id);
      }
      const converted: Partial<Event> = { ...(date ? this.mergedChanges(event, { date, end_date }) : {}), meetupType: 'confirmed' };
      if (byAdmin) await this.auditAdminChange(tx, user, 'event.edited', event, converted);
      await this.events.update(tx, event, converted);
    });
    this.listCache.clear();
    return this.view(id, user, 'full');
  }

  async report(id: string, reporter: AuthUser, reason: string) {
    const event = await this.view(id, reporter, 'full');
    if (event.host_id === reporter.id) throw new CannotReportOwnEventError();
    try {
      const saved = await this.reports.insert({ eventId: id, reporterId: reporter.id, reason });
      return {
        id: saved.id,
        event_id: saved.eventId,
        reason: saved.reason,
        status: saved.status,
        created_at: saved.createdAt.toISOString(),
      };
    } catch (error) {
      if (uniqueViolation(error) === 'event_report_open_key') throw new EventAlreadyReportedError();
      throw error;
    }
  }

  /**
   * The event row, locked for this transaction, once the caller may make these changes: its host,
   * or an admin holding the flag each one needs (the role alone is not enough).
   */
  private async lockManaged(tx: EntityManager, id: string, user: AuthUser, actions: readonly ManageAction[]): Promise<Managed> {
    const event = await this.events.lockForUpdate(tx, id);
    if (!event) throw new EventNotFoundError();
    if (event.hostId === user.id) return { event, byAdmin: false };
    if (!isAdmin(user)) throw new NotEventHostError();
    for (const action of actions) requirePermission(user, ADMIN_NEEDS[action]);
    return { event, byAdmin: true };
  }

  /**
   * A host cancels until the event starts: afterwards a cancellation would refund everyone and end
   * the bookings of people who came. An admin still may (an event that never took place), audited.
   */
  private async cancelManaged(tx: EntityManager, user: AuthUser, { event, byAdmin }: Managed): Promise<void> {
    if (!byAdmin && event.date.getTime() <= Date.now()) throw new StartedEventCancelError();
    if (byAdmin) await this.auditAdminChange(tx, user, 'event.cancelled', event, { status: 'cancelled' });
    await this.markCancelled(tx, event.id);
  }

  /** An admin's change to someone else's event, in the admin audit log: the fields it changed, before and after. */
  private async auditAdminChange(tx: EntityManager, admin: AuthUser, action: string, event: Event, changes: Partial<Event>): Promise<void> {
    const valueOf = (value: unknown) => JSON.stringify(value ?? null);
    const fields = (Object.keys(changes) as Array<keyof Event>).filter((field) => valueOf(event[field]) !== valueOf(changes[field]));
    if (fields.length === 0) return;
    await this.audit.record(tx, {
      adminId: admin.id,
      action,
      recordType: 'event',
      recordId: event.id,
      before: Object.fromEntries(fields.map((field) => [field, event[field] ?? null])),
      after: Object.fromEntries(fields.map((field) => [field, changes[field] ?? null])),
    });
  }

  /** Whose rules an edit or a new event follows: an admin's, a verified host's, or an unverified host's. */
  private async authorOf(user: AuthUser): Promise<Author> {
    if (isAdmin(user)) return 'admin';
    return (await this.accounts.selfView(user.id)).verified ? 'verified' : 'unverified';
  }

  private async refuseWithAcceptedApplicants(tx: EntityManager, eventId: string): Promise<void> {
    if ((await this.applicants.acceptedApplicantCount(eventId, tx)) > 0) throw new EventHasAcceptedApplicantsError();
  }

  /** Cancels inside the caller's transaction, with its event.cancelled (fans told and refunded once); the row must be locked and active. */
  async markCancelled(tx: EntityManager, eventId: string): Promise<void> {
    await this.events.markCancelled(tx, eventId);
    await this.outbox.publish(tx, EventCancelled, { eventId });
  }

  /** The changes of an edit, checked against the rules on the event as it would become. */
  private mergedChanges(event: Event, fields: EventFields): Partial<Event> {
    if (fields.date && fields.date.getTime() !== event.date.getTime() && fields.date.getTime() <= Date.now()) {
      throw new EventStartNotFutureError();
    }
    const storedRange: [number, number] | null =
      event.customAgeMin === null || event.customAgeMax === null ? null : [event.customAgeMin, event.customAgeMax];
    let groups = fields.age_groups ?? event.ageGroups;
    let range = fields.custom_age_range !== undefined ? fields.custom_age_range : storedRange;
    if (fields.age_groups !== undefined && fields.custom_age_range === undefined && !groups.includes('custom')) range = null;
    if (fields.custom_age_range === null && fields.age_groups === undefined) groups = groups.filter((group) => group !== 'custom');
    const ages = normalizeAgeSelection(groups, range);

    const merged = {
      date: fields.date ?? event.date,
      end_date: fields.end_date !== undefined ? fields.end_date : event.endDate,
      pricing_type: fields.pricing_type ?? event.pricingType,
      male_price: fields.male_price !== undefined ? fields.male_price : event.malePrice,
      female_price: fields.female_price !== undefined ? fields.female_price : event.femalePrice,
      ...ages,
    };
    const problem = eventRuleViolation(merged);
    if (problem) throw new EventRuleError(problem);

    return {
      ...toEntityChanges(fields),
      ageGroups: ages.age_groups,
      customAgeMin: ages.custom_age_range?.[0] ?? null,
      customAgeMax: ages.custom_age_range?.[1] ?? null,
    };
  }
}

/** The edit changes the capacity alone, to more seats (or no limit): nothing any attendee booked changes. */
function onlyRaisesCapacity(event: Pick<Event, 'capacity'>, fields: Record<string, unknown>): boolean {
  const changed = Object.entries(fields).filter(([, value]) => value !== undefined);
  if (changed.length !== 1 || changed[0]![0] !== 'capacity') return false;
  const capacity = changed[0]![1] as number | null;
  return event.capacity !== null && (capacity === null || capacity >= event.capacity);
}
