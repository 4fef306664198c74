import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** What counts in the host's average changed outside a rating of theirs (a rater suspended or restored): ratings.recount_host recounts it. */
export const HostRatingStale = defineDomainEvent('ratings.host_rating_stale', z.object({ hostId: z.uuid() }));
