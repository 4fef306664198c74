import { inviteEnd, inviteFileName, toCalendarEvent, type InviteRow } from './calendar-invites.js';

const row: InviteRow = {
  id: '6f1c2f6e-0000-4000-8000-000000000001',
  title: 'Jazz night',
  description: 'Bring a friend',
  date: new Date('2030-05-01T14:00:00Z'),
  endDate: null,
  location: null,
  estimatedLocation: 'Somewhere in Indiranagar',
  status: 'cancelled',
  sequence: 3,
  updatedAt: new Date('2030-04-01T00:00:00Z'),
  hostName: 'Asha',
};

describe('calendar invites', () => {
  it('ends an event without an end three hours after its start (the ratings module’s length)', () => {
    expect(inviteEnd(row).toISOString()).toBe('2030-05-01T17:00:00.000Z');
    expect(inviteEnd({ ...row, endDate: new Date('2030-05-01T15:30:00Z') }).toISOString()).toBe('2030-05-01T15:30:00.000Z');
  });

  it('shows a cancelled event as CANCELLED with its sequence, the host and the event link', () => {
    const invite = toCalendarEvent(row, 'https://tribe.example', new Date());
    expect(invite).toMatchObject({ uid: `${row.id}@tribe`, status: 'CANCELLED', sequence: 3, location: 'Somewhere in Indiranagar' });
    expect(invite.description).toBe(`Bring a friend\n\nHosted by Asha on Tribe\n\nhttps://tribe.example/event/${row.id}`);
  });

  it('names the file after the title, safely', () => {
    expect(inviteFileName('Jazz & Chai: Sunday "special"!')).toBe('jazz-chai-sunday-special.ics');
    expect(inviteFileName('संगीत की शाम')).toBe('event.ics');
    expect(inviteFileName('Café')).toBe('cafe.ics');
  });
});
