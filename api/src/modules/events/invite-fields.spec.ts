import { type Event } from './entities/event.entity.js';
import { changesInvite } from './invite-fields.js';

const event = {
  title: 'Jazz night',
  description: 'Bring a friend',
  date: new Date('2030-05-01T14:00:00Z'),
  endDate: null,
  location: 'Indiranagar, Bangalore',
  estimatedLocation: null,
} satisfies Partial<Event>;

describe('changesInvite', () => {
  it('is true when a shown field gets a new value', () => {
    expect(changesInvite(event, { title: 'Jazz night II' })).toBe(true);
    expect(changesInvite(event, { date: new Date('2030-05-02T14:00:00Z') })).toBe(true);
    expect(changesInvite(event, { endDate: new Date('2030-05-01T18:00:00Z') })).toBe(true);
    expect(changesInvite(event, { location: null })).toBe(true);
  });

  it('is false for the same values sent again and for fields an invite does not show', () => {
    expect(changesInvite(event, { title: 'Jazz night', date: new Date('2030-05-01T14:00:00Z') })).toBe(false);
    expect(changesInvite(event, { capacity: 40, images: ['a.jpg'], attendeesCount: 3 })).toBe(false);
  });
});
