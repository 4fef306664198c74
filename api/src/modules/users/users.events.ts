import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** The person deleted their account: the account.erase job erases their personal data. */
export const UserDeletionRequested = defineDomainEvent('user.deletion_requested', z.object({ userId: z.uuid() }));
