import { SandboxPaymentProvider } from '../../../api/src/modules/payments/sandbox/sandbox-payment-provider.js';

/**
 * The product's workers process with one fault, injected from outside the product: the first
 * provider capture that succeeds kills the process (SIGKILL: no shutdown hook, no commit, the job's
 * lock left to lapse) the moment it returns to the capture job. The money has moved at the
 * provider; the job dies before its database transaction records it.
 *
 * Run compiled (see test-entry.ts), in place of dist/workers/src/main.js.
 */
const capture = SandboxPaymentProvider.prototype.capture;
SandboxPaymentProvider.prototype.capture = async function captureThenDie(this: SandboxPaymentProvider, paymentId: string, amount: number) {
  await capture.call(this, paymentId, amount);
  process.kill(process.pid, 'SIGKILL');
};

await import('../../../workers/src/main.js');
