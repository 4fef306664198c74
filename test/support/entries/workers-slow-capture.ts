import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxPaymentProvider } from '../../../api/src/modules/payments/sandbox/sandbox-payment-provider.js';

/**
 * The product's workers process with a slow provider, injected from outside the product: each
 * capture prints "capture started" and takes SLOW_CAPTURE_MS before the provider moves the money,
 * so a test can stop the process while a capture is under way.
 *
 * Run compiled (see test-entry.ts), in place of dist/workers/src/main.js.
 */
const holdMs = Number(process.env.SLOW_CAPTURE_MS ?? 3_000);
const capture = SandboxPaymentProvider.prototype.capture;
SandboxPaymentProvider.prototype.capture = async function slowCapture(this: SandboxPaymentProvider, paymentId: string, amount: number) {
  process.stdout.write('capture started\n');
  await sleep(holdMs);
  return capture.call(this, paymentId, amount);
};

await import('../../../workers/src/main.js');
