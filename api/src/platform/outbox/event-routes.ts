import { JobName } from '../queue/queue.constants.js';

/**
 * Which jobs each domain event starts. Job ids are the event id, so one event may start at most one
 * job per queue (checked by event-routes.spec.ts).
 */
export const EVENT_ROUTES = {
  'user.deletion_requested': [JobName.AccountErase],
  // For the refunds, notifications and chat issues: kept pending in the outbox until one routes it.
  'event.cancelled': [],
  'media.image_uploaded': [JobName.MediaVariants],
} as const satisfies Record<string, readonly JobName[]>;

export type DomainEventType = keyof typeof EVENT_ROUTES;

/** Payloads carry ids, never whole objects or secrets. */
export interface DomainEvent {
  type: DomainEventType;
  payload: Record<string, string | number | boolean | null>;
}
