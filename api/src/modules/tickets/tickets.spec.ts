import { randomUUID } from 'node:crypto';
import { formatTicketCode, normaliseTicketCode, TICKET_CODE_ALPHABET } from '../../contracts/tickets.contract.js';
import { boundedScanTime, doorClosesAt } from './check-in-time.js';
import { newTicketCode } from './ticket-code.js';
import { readTicketToken, signTicketToken, ticketTokenHash } from './ticket-token.js';

const SECRET = 'a-ticket-secret-for-tests';

describe('ticket tokens', () => {
  const id = randomUUID();
  const token = signTicketToken(SECRET, id);

  it('reads back the application it was signed for, and carries nothing else', () => {
    expect(readTicketToken(SECRET, token)).toBe(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  });

  it('refuses a token signed with another secret', () => {
    expect(readTicketToken('another-ticket-secret', token)).toBeNull();
  });

  it('refuses an id swapped under a valid signature, an altered signature, and a cut one', () => {
    const [, signature] = token.split('.');
    const otherId = Buffer.from(randomUUID().replace(/-/g, ''), 'hex').toString('base64url');
    expect(readTicketToken(SECRET, `${otherId}.${signature}`)).toBeNull();
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(readTicketToken(SECRET, `${token.split('.')[0]}.${flipped}`)).toBeNull();
    expect(readTicketToken(SECRET, token.slice(0, -2))).toBeNull();
    expect(readTicketToken(SECRET, `${token}.x`)).toBeNull();
    expect(readTicketToken(SECRET, 'not a token')).toBeNull();
    expect(readTicketToken(SECRET, '')).toBeNull();
  });

  it('hashes to something the device can compare but not show as a ticket', () => {
    expect(ticketTokenHash(token)).toBe(ticketTokenHash(` ${token} `));
    expect(ticketTokenHash(token)).not.toContain(token.split('.')[1]);
    expect(readTicketToken(SECRET, ticketTokenHash(token))).toBeNull();
  });
});

describe('short codes', () => {
  it('uses only characters read aloud without doubt', () => {
    expect(TICKET_CODE_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) expect(newTicketCode()).toMatch(/^[2-9A-HJ-NP-Z]{6}$/);
  });

  it('is shown in two groups and read back however it is typed', () => {
    expect(formatTicketCode('K7M2QX')).toBe('K7M-2QX');
    expect(normaliseTicketCode('k7m-2qx')).toBe('K7M2QX');
    expect(normaliseTicketCode(' K7M 2QX ')).toBe('K7M2QX');
  });

  it('refuses what cannot be a code', () => {
    expect(normaliseTicketCode('K7M2Q')).toBeNull();
    expect(normaliseTicketCode('K7M2QXX')).toBeNull();
    expect(normaliseTicketCode('K0M2QX')).toBeNull();
    expect(normaliseTicketCode('KIM2QX')).toBeNull();
  });
});

describe('offline scan times', () => {
  const event = { date: new Date('2031-06-01T13:30:00Z'), endDate: null };
  const now = new Date('2031-06-01T14:00:00Z');

  it('keeps a plausible device time', () => {
    const at = new Date('2031-06-01T13:45:00Z');
    expect(boundedScanTime(at, event, now)).toEqual(at);
  });

  it('never in the future, never more than a day before the start', () => {
    expect(boundedScanTime(new Date('2031-06-02T00:00:00Z'), event, now)).toEqual(now);
    expect(boundedScanTime(new Date('2031-05-01T00:00:00Z'), event, now)).toEqual(new Date('2031-05-31T13:30:00Z'));
  });

  it('closes the door twelve hours after the end, or after the start plus three hours when it has none', () => {
    expect(doorClosesAt(event)).toEqual(new Date('2031-06-02T04:30:00Z'));
    const ending = { date: event.date, endDate: new Date('2031-06-02T02:00:00Z') };
    expect(doorClosesAt(ending)).toEqual(new Date('2031-06-02T14:00:00Z'));
  });
});
