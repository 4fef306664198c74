import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { PaidOutCover, type EventTakings } from '../payments/paid-out-cover.port.js';
import { eventAmounts, owedLessByRefund } from './payout-math.js';
import { PayoutsRepository } from './payouts.repository.js';

/** Answers the payments module's PaidOutCover port: the refund must leave every recorded payout owed. */
@Injectable()
export class PaidOutCoverAdapter extends PaidOutCover {
  constructor(
    private readonly repository: PayoutsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** The same lock a payout is recorded (or marked paid) under: neither slips in between. */
  holdPayouts(tx: EntityManager, eventId: string): Promise<void> {
    return this.repository.lockEventPayouts(tx, eventId);
  }

  async coversRefund(tx: EntityManager, takings: EventTakings, amount: number): Promise<boolean> {
    const payouts = (await this.repository.sumsByEvent([takings.eventId], tx)).get(takings.eventId);
    const percent = this.config.PLATFORM_FEE_PERCENT;
    const { owed } = eventAmounts({ payments: takings.payments, pendingPayout: payouts?.pending ?? 0, paid: payouts?.paid ?? 0 }, percent);
    return owed - owedLessByRefund(takings.refunding, amount, percent) >= 0;
  }
}
