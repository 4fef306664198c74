import type { FullConfig } from '@playwright/test';
import { startTestAuthEmulator } from '../support/auth-emulator.js';
import { startBrowserStack, type BrowserStack } from '../support/servers.js';
import { stackEnvName, type STACK_ENV } from './stack-env.js';

/**
 * Starts the Firebase Auth emulator (or takes the one `npm test` runs) and one stack per Playwright
 * worker, side by side, once for the run: each worker's journeys have a database, queues and
 * servers of their own, so they never see another worker's people or events. The addresses reach
 * the workers through the environment (fixtures.ts picks its worker's); the returned function is
 * Playwright's teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const emulator = await startTestAuthEmulator();
  const started = await Promise.allSettled(
    Array.from({ length: config.workers }, () =>
      startBrowserStack({
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        // Journeys seed long chats (160 messages) through the API; the send limit has its API tests.
        CHAT_SEND_BURST: '1000',
        // A freed seat is offered within a second, so the waitlist journey waits on nothing longer.
        WAITLIST_OFFERS_EVERY_MS: '1000',
      }),
    ),
  );
  const stacks = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stop = async () => {
    await Promise.all(stacks.map((stack) => stack.stop()));
    await emulator.stop();
  };
  const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  stacks.forEach((stack: BrowserStack, index) => {
    const values: Record<keyof typeof STACK_ENV, string> = {
      webUrl: stack.webUrl,
      apiUrl: stack.apiUrl,
      databaseUrl: stack.config.DATABASE_URL,
      redisUrl: stack.config.REDIS_URL,
      queuePrefix: stack.config.QUEUE_PREFIX,
    };
    for (const [key, value] of Object.entries(values)) process.env[stackEnvName(key as keyof typeof STACK_ENV, index)] = value;
  });
  process.env.TRIBE_AUTH_EMULATOR_HOST = emulator.host;
  return stop;
}
