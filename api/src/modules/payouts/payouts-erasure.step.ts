import { Injectable, Logger } from '@nestjs/common';
import { type AccountErasureStep } from '../users/account-erasure.port.js';
import { PayoutsRepository } from './payouts.repository.js';

/**
 * A deleted account's payment profile (its sealed PAN, account number and UPI id) is erased with it.
 * Payouts recorded for the host stay: they are the platform's financial records.
 */
@Injectable()
export class PayoutsErasureStep implements AccountErasureStep {
  private readonly logger = new Logger(PayoutsErasureStep.name);

  constructor(private readonly repository: PayoutsRepository) {}

  async erase(userId: string): Promise<void> {
    await this.repository.deleteProfile(userId);
    this.logger.log({ userId }, 'payment profile erased');
  }
}
