import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { defineScheduledJob } from '../../../platform/jobs/job-definition.js';
import { HandlesJob, type ScheduledJobHandler } from '../../../platform/jobs/job-handler.js';
import { TransactionsRepository } from '../transactions.repository.js';

export const OrdersExpireJob = defineScheduledJob({
  name: 'orders.expire',
  queue: 'payments',
  everyMs: 60_000,
});

/** Orders expired per run at most (the rest are due again a minute later). */
const BATCH = 500;

/** Why an unpaid order expired on its own. */
export const ORDER_EXPIRED = 'The order was not paid in time.';

/**
 * Unpaid orders older than ORDER_EXPIRY_MINUTES expire: PostgreSQL says which, and each moves only
 * from `created`, so a run repeated or racing a payment changes nothing twice. An expired order that
 * is paid after all is still authorised (transaction-state.ts) and then used or released like any other.
 */
@Injectable()
@HandlesJob(OrdersExpireJob)
export class OrdersExpireHandler implements ScheduledJobHandler {
  private readonly logger = new Logger(OrdersExpireHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(): Promise<void> {
    const due = await this.transactions.unpaidOrdersOlderThan(this.config.ORDER_EXPIRY_MINUTES * 60_000, BATCH);
    let expired = 0;
    for (const id of due) {
      if (await this.transactions.move(this.dataSource, id, 'expired', { failureReason: ORDER_EXPIRED }, ['created'])) expired += 1;
    }
    if (expired > 0) this.logger.log({ expired }, 'unpaid orders expired');
  }
}
