import { Module } from '@nestjs/common';
import { PaymentProvider } from './payment-provider.port.js';
import { SandboxModule } from './sandbox/sandbox.module.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';

/** Binds the payment provider the configuration names (PAYMENT_PROVIDER). */
@Module({
  imports: [SandboxModule],
  providers: [{ provide: PaymentProvider, useExisting: SandboxPaymentProvider }],
  exports: [PaymentProvider],
})
export class PaymentProviderModule {}
