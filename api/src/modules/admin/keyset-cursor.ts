import { ReportMessages } from '../../contracts/reports.contract.js';
import { ValidationError } from '../../platform/http/domain-error.js';

/** A keyset position: a time at full precision (text, as PostgreSQL wrote it) and the id that breaks ties. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** SQL for a timestamptz column as keyset text: UTC, to the microsecond (a JavaScript Date would drop the last three digits). */
export const keysetTimeSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What keysetTimeSql writes; Date.parse alone takes text PostgreSQL refuses ("1" is 2001 to V8). */
const KEYSET_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Also a day that exists: V8 rolls 30 February over to March, PostgreSQL refuses it. */
const isKeysetTime = (at: unknown): at is string =>
  typeof at === 'string' &&
  KEYSET_TIME.test(at) &&
  !Number.isNaN(Date.parse(at)) &&
  new Date(at).toISOString().slice(0, 19) === at.slice(0, 19);

export const encodeCursor = ({ at, id }: KeysetPosition): string => Buffer.from(JSON.stringify([at, id])).toString('base64url');

/** The position a cursor names; a cursor that is not one of ours is a 400, not a 500 from PostgreSQL. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2) {
      const [at, id] = value as unknown[];
      if (isKeysetTime(at) && typeof id === 'string' && UUID.test(id)) return { at, id };
    }
  } catch {
    // not base64url JSON: refused below
  }
  throw new ValidationError(ReportMessages.badCursor);
}
