import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { PaymentProvider } from './payment-provider.port.js';
import { SandboxModule } from './sandbox/sandbox.module.js';
import { SandboxPaymentProvider } from './sandbox/sandbox-payment-provider.js';

/**
 * Binds the payment provider the configuration names (PAYMENT_PROVIDER), for every module. The
 * sandbox (its store, webhooks and checkout pages) is loaded only when it is the one chosen.
 */
@Global()
@Module({})
export class PaymentProviderModule {
  static forRoot(config: AppConfig): DynamicModule {
    if (config.PAYMENT_PROVIDER === 'sandbox') {
      return {
        module: PaymentProviderModule,
        imports: [SandboxModule],
        providers: [{ provide: PaymentProvider, useExisting: SandboxPaymentProvider }],
        exports: [PaymentProvider],
      };
    }
    return {
      module: PaymentProviderModule,
      providers: [
        {
          provide: PaymentProvider,
          inject: [APP_CONFIG],
          // Razorpay's SDK loads only when it is the provider chosen.
          useFactory: async (settings: AppConfig) => {
            const { RazorpayPaymentProvider } = await import('./razorpay/razorpay-payment-provider.js');
            return new RazorpayPaymentProvider({
              keyId: settings.RAZORPAY_KEY_ID!,
              keySecret: settings.RAZORPAY_KEY_SECRET!,
              webhookSecret: settings.RAZORPAY_WEBHOOK_SECRET!,
              timeoutMs: settings.PAYMENT_PROVIDER_TIMEOUT_MS,
              displayName: settings.PAYMENT_DISPLAY_NAME,
              themeColor: settings.CHECKOUT_THEME_COLOR,
            });
          },
        },
      ],
      exports: [PaymentProvider],
    };
  }
}
