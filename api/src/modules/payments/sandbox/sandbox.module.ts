import { Module } from '@nestjs/common';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { SandboxCheckoutController, SandboxInUse } from './sandbox-checkout.controller.js';
import { SandboxCheckout } from './sandbox-checkout.service.js';
import { SandboxPaymentProvider } from './sandbox-payment-provider.js';
import { SANDBOX_WEBHOOK_SETTINGS, SandboxWebhookSender, type SandboxWebhookSettings } from './sandbox-webhook-sender.js';
import { SandboxStore } from './sandbox.store.js';

/**
 * The local payment sandbox: its provider, its store and webhooks, and the checkout stand-in the
 * browser opens. Import it only when PAYMENT_PROVIDER=sandbox (the provider refuses production).
 */
@Module({
  controllers: [SandboxCheckoutController],
  providers: [
    SandboxStore,
    {
      provide: SANDBOX_WEBHOOK_SETTINGS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): SandboxWebhookSettings => ({
        url: config.SANDBOX_WEBHOOK_URL,
        secret: config.SANDBOX_WEBHOOK_SECRET,
        duplicateRate: config.SANDBOX_WEBHOOK_DUPLICATE_RATE,
        attempts: 4,
        attemptTimeoutMs: 5_000,
        firstBackoffMs: 1_000,
      }),
    },
    SandboxWebhookSender,
    SandboxPaymentProvider,
    SandboxCheckout,
    SandboxInUse,
  ],
  exports: [SandboxPaymentProvider],
})
export class SandboxModule {}
