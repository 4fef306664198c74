import { once } from 'node:events';
import webpush from 'web-push';
import { startNodeProcess } from '../support/node-process.js';
import { startStack } from '../support/servers.js';
import { configEnv, testConfig } from '../support/test-config.js';

/**
 * An operator turns live pushes on: with the VAPID key pair the API and workers start; without it
 * both refuse to, and say which settings are missing and how to make them.
 */
describe('PUSH_PROVIDER=live at start-up', () => {
  it('starts the API and workers with the VAPID key pair (and no FCM service account)', async () => {
    const keys = webpush.generateVAPIDKeys();
    const stack = await startStack({
      web: false,
      config: { PUSH_PROVIDER: 'live', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey },
    });
    try {
      expect(stack.config.PUSH_PROVIDER).toBe('live');
      expect(stack.processes.workers!.output()).toContain('workers started');
    } finally {
      await stack.stop();
    }
  });

  it.each([
    ['API', 'dist/api/src/main.js'],
    ['workers', 'dist/workers/src/main.js'],
  ])('refuses to start the %s without the VAPID key pair, saying why', async (_name, script) => {
    const env = { ...configEnv(testConfig()), PUSH_PROVIDER: 'live' };
    const started = startNodeProcess(script, env);

    const [code] = (await once(started.child, 'exit')) as [number | null];

    expect(code).toBe(1);
    expect(started.output()).toContain(
      'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when PUSH_PROVIDER=live (make a pair with `npx web-push generate-vapid-keys`)',
    );
  });
});
