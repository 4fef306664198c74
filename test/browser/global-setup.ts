import { startTestAuthEmulator } from '../support/auth-emulator.js';
import { startBrowserStack } from '../support/servers.js';

/**
 * Starts the Firebase Auth emulator (or takes the one `npm test` runs) and the stack once for the
 * run, and hands their addresses to the tests through the environment (workers inherit it); the
 * returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const emulator = await startTestAuthEmulator();
  const stack = await startBrowserStack({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host }).catch(async (error: unknown) => {
    await emulator.stop();
    throw error;
  });
  process.env.TRIBE_WEB_URL = stack.webUrl;
  process.env.TRIBE_API_URL = stack.apiUrl;
  process.env.TRIBE_DATABASE_URL = stack.config.DATABASE_URL;
  process.env.TRIBE_REDIS_URL = stack.config.REDIS_URL;
  process.env.TRIBE_QUEUE_PREFIX = stack.config.QUEUE_PREFIX;
  process.env.TRIBE_AUTH_EMULATOR_HOST = emulator.host;
  return async () => {
    await stack.stop();
    await emulator.stop();
  };
}
