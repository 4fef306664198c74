import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** A message was stored in a room under this seq: the chat.push job tells the members who are away. */
export const ChatMessageSent = defineDomainEvent('chat.message', z.object({ roomId: z.uuid(), seq: z.number().int().min(1) }));
