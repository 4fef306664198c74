/**
 * A small iCalendar writer (RFC 5545, with RFC 7986's REFRESH-INTERVAL): what the calendar module
 * needs and nothing more. Lines end in CRLF and are folded at 75 octets without splitting a UTF-8
 * character; TEXT values are escaped; times are written in UTC.
 */

export const PRODUCT_ID = '-//Tribe//Events//EN';

export type CalendarEventStatus = 'CONFIRMED' | 'CANCELLED';

export interface CalendarEvent {
  /** Stable across versions of the event (`<event id>@tribe`). */
  uid: string;
  sequence: number;
  /** DTSTAMP: when this copy was made (downloads) or last changed (feeds). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description: string | null;
  location: string | null;
  url: string;
  status: CalendarEventStatus;
}

export interface Calendar {
  /** METHOD:PUBLISH for a file to import; none for a subscribed feed. */
  method?: 'PUBLISH';
  /** The feed's name as calendar apps show it (X-WR-CALNAME and NAME). */
  name?: string;
  /** How often a subscribed feed should be read again, in hours. */
  refreshHours?: number;
  events: readonly CalendarEvent[];
}

const CRLF = '\r\n';
/** Control characters other than the tab, which RFC 5545 lets no value hold (line breaks are escaped first). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this drops
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;
const MAX_LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL_CHARACTERS, '');
}

/**
 * One content line folded into lines of at most 75 octets; each continuation starts with a space
 * (which counts). Splits only between characters (code points), never inside one's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** A DATE-TIME in UTC: 20300501T140000Z. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push(`URL:${event.url.replace(/[\s"]/g, '')}`, 'END:VEVENT');
  return lines;
}

/** The whole VCALENDAR object, ready to send as text/calendar. */
export function writeCalendar(calendar: Calendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN'];
  if (calendar.method) lines.push(`METHOD:${calendar.method}`);
  if (calendar.name) lines.push(`NAME:${escapeText(calendar.name)}`, `X-WR-CALNAME:${escapeText(calendar.name)}`);
  if (calendar.refreshHours) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`, `X-PUBLISHED-TTL:PT${calendar.refreshHours}H`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
