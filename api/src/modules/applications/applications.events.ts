import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

const applicationOfFan = z.object({ applicationId: z.uuid(), eventId: z.uuid(), fanId: z.uuid() });

/** The host accepted a fan: the chat adds them to the event's room. */
export const ApplicationAccepted = defineDomainEvent('application.accepted', applicationOfFan);

/** An accepted application moved on (its event was cancelled): the chat takes the fan out of the room. */
export const ApplicationEnded = defineDomainEvent('application.ended', applicationOfFan);
