import { eventEndMs } from '../../contracts/ratings.contract.js';
import { type CalendarEvent } from './icalendar.js';

/** What an invite shows of an event (calendar.repository.ts reads it). */
export interface InviteRow {
  id: string;
  title: string;
  description: string | null;
  date: Date;
  endDate: Date | null;
  location: string | null;
  estimatedLocation: string | null;
  status: string;
  sequence: number;
  updatedAt: Date;
  hostName: string | null;
}

/** The invite's end: the event's end, or its start plus the length the ratings count an event as lasting. */
export function inviteEnd(row: Pick<InviteRow, 'date' | 'endDate'>): Date {
  return new Date(eventEndMs(row.date.getTime(), row.endDate?.getTime() ?? null));
}

/**
 * The event as a VEVENT. Joining details (meeting link, the host's phone) stay behind the login on the
 * event page the invite links to: a feed link is a bearer secret that calendar apps keep and share.
 */
export function toCalendarEvent(row: InviteRow, webOrigin: string, stamp: Date): CalendarEvent {
  const url = `${webOrigin}/event/${row.id}`;
  const hostedBy = row.hostName ? `Hosted by ${row.hostName} on Tribe` : null;
  return {
    uid: `${row.id}@tribe`,
    sequence: row.sequence,
    stamp,
    start: row.date,
    end: inviteEnd(row),
    summary: row.title,
    description: [row.description?.trim() || null, hostedBy, url].filter(Boolean).join('\n\n'),
    location: row.location ?? row.estimatedLocation,
    url,
    status: row.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** The download's file name: the title in lower-case letters, digits and dashes ("event" when none are left). */
export function inviteFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
