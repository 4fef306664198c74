import { isDeepStrictEqual } from 'node:util';
import { type Event } from './entities/event.entity.js';

/** What a calendar invite of the event shows (calendar module): a change to any of them is a new SEQUENCE. */
export const INVITE_FIELDS = ['title', 'description', 'date', 'endDate', 'location', 'estimatedLocation'] as const;

type InviteField = (typeof INVITE_FIELDS)[number];

const sameValue = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : isDeepStrictEqual(a, b);

/** Whether writing `changes` over the event as it is changes what its invite shows. */
export function changesInvite(current: Pick<Event, InviteField>, changes: Partial<Event>): boolean {
  return INVITE_FIELDS.some((field) => field in changes && changes[field] !== undefined && !sameValue(changes[field], current[field]));
}
