/**
 * The environment variables through which a browser journey finds its stack. The global setup
 * starts one stack per worker and names each's addresses with the worker's index
 * (`TRIBE_WEB_URL_0`, …); each worker then copies its own to the plain names the tests read.
 */
export const STACK_ENV = {
  webUrl: 'TRIBE_WEB_URL',
  apiUrl: 'TRIBE_API_URL',
  databaseUrl: 'TRIBE_DATABASE_URL',
  redisUrl: 'TRIBE_REDIS_URL',
  queuePrefix: 'TRIBE_QUEUE_PREFIX',
} as const;

export const stackEnvName = (key: keyof typeof STACK_ENV, workerIndex: number): string => `${STACK_ENV[key]}_${workerIndex}`;

/** Points this worker's process at the stack of its index. */
export function useStackOf(workerIndex: number): void {
  for (const key of Object.keys(STACK_ENV) as Array<keyof typeof STACK_ENV>) {
    const value = process.env[stackEnvName(key, workerIndex)];
    if (!value)
      throw new Error(`${stackEnvName(key, workerIndex)} is not set: the browser tests run through playwright.config.ts (global setup).`);
    process.env[STACK_ENV[key]] = value;
  }
}
