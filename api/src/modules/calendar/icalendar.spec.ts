import ICAL from 'ical.js';
import { escapeText, foldLine, formatUtc, writeCalendar, type CalendarEvent } from './icalendar.js';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

const event: CalendarEvent = {
  uid: '6f1c2f6e-0000-4000-8000-000000000001@tribe',
  sequence: 2,
  stamp: new Date('2030-04-01T10:00:00Z'),
  start: new Date('2030-05-01T14:00:00Z'),
  end: new Date('2030-05-01T17:00:00Z'),
  summary: 'संगीत की शाम; jazz, chai & more — बहुत लंबा शीर्षक जो कई पंक्तियों में मुड़ेगा 🎷🎺',
  description: 'Line one\nLine two, with a comma; and a semicolon \\ and a backslash\n\nhttps://tribe.example/event/1',
  location: 'Indiranagar, Bangalore',
  url: 'https://tribe.example/event/6f1c2f6e-0000-4000-8000-000000000001',
  status: 'CONFIRMED',
};

describe('escapeText', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('drops control characters a content line may not hold', () => {
    expect(escapeText('bell\u0007 and tab\t')).toBe('bell and tab\t');
  });
});

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a line starting with a space', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never splits a multi-byte character and keeps every line within 75 octets', () => {
    const line = `SUMMARY:${'आ'.repeat(40)}${'🎷'.repeat(20)}`;
    const lines = foldLine(line).split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const part of lines) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
    }
    expect(lines.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('writeCalendar', () => {
  const text = writeCalendar({ method: 'PUBLISH', name: 'Tribe, mine', refreshHours: 1, events: [event] });

  it('ends every line in CRLF, with no bare LF and no line over 75 octets', () => {
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('writes UTC times', () => {
    expect(formatUtc(new Date('2030-05-01T14:00:00.123Z'))).toBe('20300501T140000Z');
    expect(text).toContain('DTSTART:20300501T140000Z\r\n');
  });

  it('reads back through ical.js with the same fields', () => {
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(text).toContain('X-WR-CALNAME:Tribe\\, mine\r\n');
    expect(calendar.getFirstPropertyValue('refresh-interval')?.toString()).toBe('PT1H');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const read = new ICAL.Event(vevent);
    expect(read.uid).toBe(event.uid);
    expect(read.summary).toBe(event.summary);
    expect(read.description).toBe(event.description);
    expect(read.location).toBe(event.location);
    expect(read.sequence).toBe(2);
    expect(read.startDate.toJSDate().toISOString()).toBe(event.start.toISOString());
    expect(read.endDate.toJSDate().toISOString()).toBe(event.end.toISOString());
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(vevent.getFirstPropertyValue('url')).toBe(event.url);
  });

  it('leaves out the method of a feed and the fields an event does not have', () => {
    const feed = writeCalendar({ events: [{ ...event, location: null, description: null, status: 'CANCELLED' }] });
    expect(feed).not.toContain('METHOD:');
    expect(feed).not.toContain('LOCATION:');
    const vevent = new ICAL.Component(ICAL.parse(feed)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
