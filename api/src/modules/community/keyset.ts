import { decodeCursor, encodeCursor } from '../../contracts/community.contract.js';
import { BadCursorError } from './community.errors.js';

/** The seq a client's cursor names (null for the first page); a cursor this API did not write is a 400. */
export function seqOfCursor(cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const seq = decodeCursor(cursor);
  if (seq === null) throw new BadCursorError();
  return seq;
}

/**
 * A page from rows read with one more than `limit`: the extra row only says that another page
 * follows, whose cursor is the last row shown.
 */
export function keysetPage<Row extends { seq: string }>(rows: readonly Row[], limit: number): { rows: Row[]; nextCursor: string | null } {
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: rows.length > limit ? encodeCursor(shown.at(-1)!.seq) : null };
}
