import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { EventsModule } from '../events/events.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { KycCipher } from './kyc-cipher.js';
import { PaymentProfileService } from './payment-profile.service.js';
import { AdminPayoutsController, PaymentProfileController, PayoutsController } from './payouts.controller.js';
import { PaidOutCoverAdapter } from './paid-out-cover.adapter.js';
import { PayoutsErasureStep } from './payouts-erasure.step.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';

/**
 * Host payment profiles and payouts. Depends on payments (the ledger: PaymentsService.ledgerByEvent)
 * and events (EventAdmission: an event's host); nothing depends on it. Its erasure step is bound in
 * api/src/ports.module.ts.
 */
@Module({
  imports: [PaymentsModule, EventsModule],
  controllers: [PaymentProfileController, PayoutsController, AdminPayoutsController],
  providers: [
    PayoutsRepository,
    PaymentProfileService,
    PayoutsService,
    PayoutsErasureStep,
    PaidOutCoverAdapter,
    { provide: KycCipher, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new KycCipher(config.KYC_ENCRYPTION_KEY) },
  ],
  exports: [PayoutsErasureStep, PaidOutCoverAdapter],
})
export class PayoutsModule {}
