import { randomBytes } from 'node:crypto';
import { parseConfig, type AppConfig } from '../../api/src/platform/config/config.schema.js';

/**
 * Set by `npm test` for one run: its test databases carry it in their names, are left in place when
 * each test closes, and are dropped together when the run ends (off every test's critical path).
 */
export const TEST_RUN_ENV = 'TRIBE_TEST_RUN';

/** The run's id, when a runner will drop its databases at the end. */
export const testRunId = (): string | undefined => process.env[TEST_RUN_ENV] || undefined;

/** A config with its own fresh database and queue prefix, so test runs never share state. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const id = randomBytes(5).toString('hex');
  const run = testRunId();
  return parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/tribe_test_${run ? `${run}_` : ''}${id}`,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `tribe-test-${id}`,
    UPLOAD_DIR: `/tmp/tribe-test-uploads-${id}`,
    // LISTEN/NOTIFY wakes the relay at once; its fallback poll (2 s in production) need only be short
    // enough for a test that cut PostgreSQL to see its events relayed soon after the restore. Every
    // stack's relay polls for the whole file: at 50 ms, 4.5 % of a core in an idle workers process
    // (1.8 % at 500 ms), and PostgreSQL answering 20 queries a second.
    OUTBOX_POLL_MS: '500',
    // Every test signs people up from 127.0.0.1; the limit itself is tested with a low value.
    REGISTRATIONS_PER_IP_PER_HOUR: '100000',
    OTP_SENDS_PER_IP_PER_HOUR: '100000',
    PHONE_SIGN_INS_PER_IP_PER_HOUR: '100000',
    // Thousands of sign-ups and logins a run: the hash's cost is the production one's concern
    // (password.spec.ts hashes at it), not what the tests measure.
    PASSWORD_SCRYPT_COST: '1024',
    // Tests check what the workers do, not how the scheduler ranks them; on a loaded machine a
    // lowered priority only stretches every wait.
    WORKERS_NICE: '0',
    // Many stacks run at once: each ops server takes any free port unless a test names one.
    API_METRICS_PORT: '0',
    WORKERS_OPS_PORT: '0',
    // No load balancer polls a test's processes: stopping them need not wait for one.
    SHUTDOWN_DRAIN_MS: '0',
    ...overrides,
  });
}

/** The same settings as environment variables, for child processes. */
export function configEnv(config: AppConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : String(value)]));
}
