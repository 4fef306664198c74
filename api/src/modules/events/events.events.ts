import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** The host (or an admin) cancelled the event. Refunds, notifications and chat will consume it. */
export const EventCancelled = defineDomainEvent('event.cancelled', z.object({ eventId: z.uuid() }));

/** An event was created: the chat opens its room (with the host in it). */
export const EventPublished = defineDomainEvent('event.published', z.object({ eventId: z.uuid() }));
