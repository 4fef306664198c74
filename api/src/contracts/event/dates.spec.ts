import { DATE_TO_BE_DECIDED, isDateToBeDecided, parseEventDate } from './dates.js';

describe('event dates', () => {
  it('reads ISO dates with a zone as given and without one as India time', () => {
    expect(parseEventDate('2031-06-01T13:30:00Z')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
    expect(parseEventDate('2031-06-01T19:00')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
    expect(parseEventDate('2031-06-01 19:00:00+0530')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(parseEventDate('2031-02-30T10:00:00Z')).toBeNull();
    expect(parseEventDate('2031-06-01T24:10:00Z')).toBeNull();
    expect(parseEventDate('next friday')).toBeNull();
    expect(parseEventDate('2031-06-01')).toBeNull();
  });

  it('stores the placeholder 2099-12-31 23:59:59 as one instant, in any spelling', () => {
    for (const text of ['2099-12-31 23:59:59', '2099-12-31T23:59:59Z', '2099-12-31T23:59:59.000Z', '2099-12-31T23:59:59+05:30']) {
      expect(parseEventDate(text)?.toISOString()).toBe(DATE_TO_BE_DECIDED);
    }
    expect(isDateToBeDecided(DATE_TO_BE_DECIDED)).toBe(true);
    expect(isDateToBeDecided(new Date('2099-12-31T18:29:59Z'))).toBe(true);
    expect(isDateToBeDecided('2031-06-01T13:30:00Z')).toBe(false);
    expect(isDateToBeDecided(null)).toBe(false);
  });
});
