import { type EntityManager } from 'typeorm';

/**
 * Whether a person has a booking whose price was set by their gender and is not over: a live
 * application, or an order not yet settled, on a gender-priced event that has not ended. While one
 * is open their gender cannot change (docs/decisions.md). The applications module answers it.
 */
export abstract class GenderPricedBookings {
  abstract hasOpen(userId: string, tx: EntityManager): Promise<boolean>;
}
