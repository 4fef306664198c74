import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** The host (or an admin) cancelled the event. Refunds, notifications and chat will consume it. */
export const EventCancelled = defineDomainEvent('event.cancelled', z.object({ eventId: z.uuid() }));

/** An event is listed for the first time (created by a verified host, or approved): the chat opens its room (with the host in it). */
export const EventPublished = defineDomainEvent('event.published', z.object({ eventId: z.uuid() }));
