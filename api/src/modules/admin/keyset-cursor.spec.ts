import { ValidationError } from '../../platform/http/domain-error.js';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';

const ID = '7d1f6c2e-1b2a-4c3d-8e4f-000000000001';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('admin keyset cursors', () => {
  it('reads back the position a cursor was written from, and nothing for the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    const position = { at: '2026-12-08T00:30:02.123456Z', id: ID };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  // Only what the API wrote is taken: before, a bare number or words reached PostgreSQL and answered 500.
  it.each([
    ['a bare number as its time', ['1', ID]],
    ['a time without microseconds', ['2026-12-08T00:30:02Z', ID]],
    ['a date alone', ['2026-12-08', ID]],
    ['a month that is not one', ['2026-13-08T00:30:02.123456Z', ID]],
    ['a day that is not one', ['2026-02-30T00:00:00.000000Z', ID]],
    ['a time in words', ['December 8, 2026', ID]],
    ['an id that is not a uuid', ['2026-12-08T00:30:02.123456Z', 'x']],
    ['one part only', ['2026-12-08T00:30:02.123456Z']],
  ])('refuses a cursor with %s as a 400', (_label, value) => {
    expect(() => decodeCursor(cursorOf(value))).toThrow(ValidationError);
  });

  it('refuses what is not base64url JSON', () => {
    expect(() => decodeCursor('bm9wZQ')).toThrow(ValidationError);
    expect(() => decodeCursor('')).toThrow(ValidationError);
  });
});
