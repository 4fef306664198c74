import { type EntityManager } from 'typeorm';
import { type PaymentsAlike } from './transactions.repository.js';

/** An event's payments as the ledger has them now, and the one to be refunded as it stands before the refund. */
export interface EventTakings {
  eventId: string;
  payments: PaymentsAlike[];
  refunding: Pick<PaymentsAlike, 'refunded' | 'feePercent'>;
}

/**
 * What payments needs of payouts before a host refunds: whether the event still holds enough of
 * its takings to cover the refund once what was paid out (or recorded for payout) to the host is
 * set aside. The payouts module answers it (bound in api/src/ports.module.ts), since it depends on payments.
 */
export abstract class PaidOutCover {
  /** Until the caller's transaction ends, no payout of the event is recorded or marked paid (nor another refund checked). */
  abstract holdPayouts(tx: EntityManager, eventId: string): Promise<void>;

  /** Under holdPayouts: the refund leaves every payout recorded for the event owed. */
  abstract coversRefund(tx: EntityManager, takings: EventTakings, amount: number): Promise<boolean>;
}
