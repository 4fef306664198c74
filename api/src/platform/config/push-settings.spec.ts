import { generateKeyPairSync } from 'node:crypto';
import webpush from 'web-push';
import { ConfigError, parseConfig as parseSettings } from './config.schema.js';

const vapid = webpush.generateVAPIDKeys();
const serviceAccountKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

const parseConfig = (env: Record<string, string>) => parseSettings(env as NodeJS.ProcessEnv);

function failureOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('push settings', () => {
  it('log pushes by default, with the public key served when one is given', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ PUSH_PROVIDER: 'log', VAPID_SUBJECT: 'mailto:support@tribe.local' });
    expect(config.VAPID_PUBLIC_KEY).toBeUndefined();
    expect(parseConfig({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }).VAPID_PUBLIC_KEY).toBe(vapid.publicKey);
  });

  it('refuses live pushes without VAPID keys, saying how to make them', () => {
    expect(failureOf({ PUSH_PROVIDER: 'live' })).toContain(
      'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when PUSH_PROVIDER=live (make a pair with `npx web-push generate-vapid-keys`)',
    );
    // Compose passes unset variables as empty strings.
    expect(failureOf({ PUSH_PROVIDER: 'live', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })).toContain(
      'are required when PUSH_PROVIDER=live',
    );
  });

  it('takes live pushes with VAPID keys alone: FCM stays unconfigured', () => {
    const config = parseConfig({ PUSH_PROVIDER: 'live', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
    expect(config).toMatchObject({ PUSH_PROVIDER: 'live', PUSH_TIMEOUT_MS: 10_000 });
    expect(config.FIREBASE_CLIENT_EMAIL).toBeUndefined();
  });

  it.each<[string, Record<string, string>, string]>([
    ['a public key alone', { VAPID_PUBLIC_KEY: vapid.publicKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together'],
    ['a malformed public key', { VAPID_PUBLIC_KEY: 'not-a-key', VAPID_PRIVATE_KEY: vapid.privateKey }, 'VAPID_PUBLIC_KEY must be 65 bytes'],
    ['a short private key', { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: 'c2hvcnQ' }, 'VAPID_PRIVATE_KEY must be 32 bytes'],
    [
      'keys of two pairs',
      { VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
      'is not the public key of VAPID_PRIVATE_KEY',
    ],
    ['a subject without mailto:', { VAPID_SUBJECT: 'support@tribe.local' }, 'VAPID_SUBJECT: must be a mailto: or https: address'],
  ])('refuses %s', (_what, env, message) => {
    expect(failureOf(env)).toContain(message);
  });

  it('reads the service account key with its newlines written as \\n, as .env files hold it', () => {
    const config = parseConfig({
      FIREBASE_PROJECT_ID: 'tribe-app',
      FIREBASE_CLIENT_EMAIL: 'push@tribe-app.iam.gserviceaccount.com',
      FIREBASE_PRIVATE_KEY: serviceAccountKey.replaceAll('\n', '\\n'),
    });
    expect(config.FIREBASE_PRIVATE_KEY).toBe(serviceAccountKey);
  });

  it('takes a project id alone (Firebase sign-in needs no service account)', () => {
    expect(parseConfig({ FIREBASE_PROJECT_ID: 'tribe-app' }).FIREBASE_PROJECT_ID).toBe('tribe-app');
  });

  it.each<[string, Record<string, string>, string]>([
    [
      'a service account without its project (only the emulator’s demo project)',
      { FIREBASE_CLIENT_EMAIL: 'push@tribe-app.iam.gserviceaccount.com', FIREBASE_PRIVATE_KEY: serviceAccountKey },
      'go together',
    ],
    ['a key without its e-mail', { FIREBASE_PROJECT_ID: 'tribe-app', FIREBASE_PRIVATE_KEY: serviceAccountKey }, 'go together'],
    [
      'a key that is no PEM key',
      { FIREBASE_PROJECT_ID: 'tribe-app', FIREBASE_CLIENT_EMAIL: 'push@tribe-app.iam.gserviceaccount.com', FIREBASE_PRIVATE_KEY: 'secret' },
      'FIREBASE_PRIVATE_KEY must be the PEM private key',
    ],
  ])('refuses %s', (_what, env, message) => {
    expect(failureOf(env)).toContain(message);
  });
});
