import { encodeCursor } from '../../contracts/community.contract.js';
import { BadCursorError } from './community.errors.js';
import { keysetPage, seqOfCursor } from './keyset.js';

const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq: String(seq) }));

describe('keyset pages', () => {
  it('reads back the seq a cursor was written from, and nothing for the first page', () => {
    expect(seqOfCursor(undefined)).toBeNull();
    expect(seqOfCursor(encodeCursor(42))).toBe('42');
    expect(seqOfCursor(encodeCursor('9223372036854775807'))).toBe('9223372036854775807');
  });

  it.each([
    ['not base64url of a cursor', 'nope'],
    ['seq 0', encodeCursor(0)],
    ['past the largest bigint', encodeCursor('9223372036854775808')],
    ['a negative seq', Buffer.from('s-1').toString('base64url')],
    ['trailing text', Buffer.from('s12x').toString('base64url')],
    ['an empty cursor', ''],
  ])('refuses a cursor that is %s', (_label, cursor) => {
    expect(() => seqOfCursor(cursor)).toThrow(BadCursorError);
  });

  it('shows `limit` rows and a cursor at the last one shown only when a further row was read', () => {
    expect(keysetPage(rows(9, 8, 7, 6), 3)).toEqual({ rows: rows(9, 8, 7), nextCursor: encodeCursor(7) });
    expect(keysetPage(rows(9, 8, 7), 3)).toEqual({ rows: rows(9, 8, 7), nextCursor: null });
    expect(keysetPage([], 3)).toEqual({ rows: [], nextCursor: null });
  });
});
