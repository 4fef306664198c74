import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxPaymentProvider } from '../api/src/modules/payments/sandbox/sandbox-payment-provider.js';

/**
 * The product's workers process with a slower provider, for bench:payments only: every sandbox
 * capture, release and refund first waits BENCH_PROVIDER_LATENCY_MS, as a call to Razorpay over the
 * internet does (a few hundred milliseconds), so the bench shows what bounds a burst of captures
 * when the provider, not this machine, is the slow part.
 */
const latencyMs = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 0);
for (const method of ['capture', 'release', 'refund'] as const) {
  const call = Reflect.get(SandboxPaymentProvider.prototype, method) as (...args: unknown[]) => Promise<unknown>;
  Object.defineProperty(SandboxPaymentProvider.prototype, method, {
    configurable: true,
    writable: true,
    value: async function slowed(this: SandboxPaymentProvider, ...args: unknown[]) {
      await sleep(latencyMs);
      return call.apply(this, args);
    },
  });
}

await import('../workers/src/main.js');
