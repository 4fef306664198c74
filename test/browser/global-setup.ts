import { startBrowserStack } from '../support/servers.js';

/**
 * Starts the stack once for the run and hands its address to the tests through the environment
 * (workers inherit it); the returned function is Playwright's teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const stack = await startBrowserStack();
  process.env.TRIBE_WEB_URL = stack.webUrl;
  process.env.TRIBE_API_URL = stack.apiUrl;
  process.env.TRIBE_DATABASE_URL = stack.config.DATABASE_URL;
  process.env.TRIBE_REDIS_URL = stack.config.REDIS_URL;
  process.env.TRIBE_QUEUE_PREFIX = stack.config.QUEUE_PREFIX;
  return async () => {
    await stack.stop();
  };
}
