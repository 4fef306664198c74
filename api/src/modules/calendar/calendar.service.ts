import { Inject, Injectable } from '@nestjs/common';
import {
  CALENDAR_FEED_FILE,
  CalendarLimits,
  calendarFeedPath,
  type CalendarFeedView,
  type NewCalendarFeedView,
} from '../../contracts/calendar.contract.js';
import { isDateToBeDecided } from '../../contracts/event/dates.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { hashToken, newToken } from '../auth/token.js';
import { inviteFileName, toCalendarEvent } from './calendar-invites.js';
import {
  CalendarDateToBeDecidedError,
  CalendarEventNotFoundError,
  CalendarFeedNotFoundError,
  NotCalendarAttendeeError,
} from './calendar.errors.js';
import { CalendarRepository } from './calendar.repository.js';
import { writeCalendar } from './icalendar.js';

export interface CalendarFile {
  fileName: string;
  body: string;
}

/** An event's .ics invite, and each person's secret calendar feed (docs/decisions.md "Calendar"). */
@Injectable()
export class CalendarService {
  /** The web's origin (the first of CORS_ORIGINS), for the links in invites. */
  private readonly webOrigin: string;

  constructor(
    private readonly calendar: CalendarRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.webOrigin = new URL(config.CORS_ORIGINS[0] ?? 'http://localhost:3000').origin;
  }

  /**
   * The event's invite, for its host, admins and the fans it accepted (also after it was cancelled:
   * the file then cancels the entry). Others get 403 for a listed event, 404 for one they may not see.
   */
  async invite(user: AuthUser, eventId: string): Promise<CalendarFile> {
    const event = await this.calendar.inviteFor(eventId, user.id);
    if (!event) throw new CalendarEventNotFoundError();
    if (event.hostId !== user.id && !isAdmin(user) && !event.attending) {
      if (event.moderationStatus !== 'published') throw new CalendarEventNotFoundError();
      throw new NotCalendarAttendeeError();
    }
    if (isDateToBeDecided(event.date)) throw new CalendarDateToBeDecidedError();
    const body = writeCalendar({ method: 'PUBLISH', events: [toCalendarEvent(event, this.webOrigin, new Date())] });
    return { fileName: inviteFileName(event.title), body };
  }

  async feedStatus(user: AuthUser): Promise<CalendarFeedView> {
    const createdAt = await this.calendar.feedCreatedAt(user.id);
    return { active: createdAt !== undefined, created_at: createdAt?.toISOString() ?? null };
  }

  /** A new secret link; the person's previous one (if any) stops working at once. Shown only now. */
  async createFeed(user: AuthUser): Promise<NewCalendarFeedView> {
    const token = newToken();
    const createdAt = await this.calendar.replaceFeed(user.id, hashToken(token));
    return { active: true, created_at: createdAt.toISOString(), path: calendarFeedPath(token) };
  }

  async revokeFeed(user: AuthUser): Promise<void> {
    await this.calendar.deleteFeed(user.id);
  }

  /** The feed a token opens (`<token>.ics`), with no login. Entries carry their last change as DTSTAMP. */
  async feed(file: string): Promise<string> {
    const token = CALENDAR_FEED_FILE.exec(file)?.[1];
    const owner = token ? await this.calendar.feedOwner(hashToken(token)) : undefined;
    if (!owner) throw new CalendarFeedNotFoundError();
    const events = await this.calendar.feedEvents(owner);
    return writeCalendar({
      name: 'Tribe',
      refreshHours: CalendarLimits.feedRefreshHours,
      events: events.map((event) => toCalendarEvent(event, this.webOrigin, event.updatedAt)),
    });
  }
}
