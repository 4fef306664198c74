import { BadReviewCursorError } from './events.errors.js';

/** Where an event stands in a review queue: since when it waits, ties broken by id. */
export interface QueuePosition {
  id: string;
  at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The opaque cursor of the last event a page showed. */
export const encodeQueueCursor = (last: QueuePosition): string => Buffer.from(`${last.at.toISOString()}|${last.id}`).toString('base64url');

/** The position a client's cursor names (null for the first page); one this API did not write is a 400. */
export function decodeQueueCursor(cursor: string | undefined): QueuePosition | null {
  if (cursor === undefined) return null;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const time = new Date(at ?? '');
  if (rest.length > 0 || !id || !UUID.test(id) || Number.isNaN(time.getTime())) throw new BadReviewCursorError();
  return { id, at: time };
}
