import { freeSeats, fullForNewcomers, offerExpiry } from './waitlist-rules.js';

describe('waitlist seats', () => {
  it('counts seats neither taken nor held by offers', () => {
    expect(freeSeats({ capacity: 10, attendeesCount: 7 }, 2)).toBe(1);
    expect(freeSeats({ capacity: 10, attendeesCount: 8 }, 2)).toBe(0);
    expect(freeSeats({ capacity: null, attendeesCount: 8 }, 2)).toBe(Number.POSITIVE_INFINITY);
  });

  it("lets an offer's holder count the held seat as theirs", () => {
    expect(freeSeats({ capacity: 10, attendeesCount: 8 }, 2, 1)).toBe(1);
  });

  it('never answers fewer than no seats (capacity lowered below the attendees)', () => {
    expect(freeSeats({ capacity: 3, attendeesCount: 5 }, 1)).toBe(0);
  });

  it('is full for newcomers while anyone waits, even with a seat free', () => {
    expect(fullForNewcomers({ capacity: 10, attendeesCount: 5 }, 0, 1)).toBe(true);
    expect(fullForNewcomers({ capacity: 10, attendeesCount: 9 }, 1, 0)).toBe(true);
    expect(fullForNewcomers({ capacity: 10, attendeesCount: 9 }, 0, 0)).toBe(false);
    expect(fullForNewcomers({ capacity: null, attendeesCount: 9 }, 0, 3)).toBe(false);
  });

  it('ends an offer after its window, or at the event start when that comes first', () => {
    const now = new Date('2030-01-01T10:00:00Z');
    expect(offerExpiry(now, 12, new Date('2030-01-05T10:00:00Z')).toISOString()).toBe('2030-01-01T22:00:00.000Z');
    expect(offerExpiry(now, 12, new Date('2030-01-01T13:00:00Z')).toISOString()).toBe('2030-01-01T13:00:00.000Z');
  });
});
