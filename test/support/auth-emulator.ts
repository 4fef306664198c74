import { randomInt } from 'node:crypto';
import { freeEmulatorPorts, startAuthEmulator, type AuthEmulator } from '../../scripts/auth-emulator.js';

/** The project the tests' emulator and API use (a demo-* id: the emulator's, no account). */
export const TEST_FIREBASE_PROJECT = 'demo-tribe';

/** Where `npm test` runs the one emulator it shares with every test (scripts/run-tests.mjs). */
const SHARED_EMULATOR = 'TRIBE_TEST_AUTH_EMULATOR_HOST';

/** Time for beforeAll hooks that start an emulator (see START_DEADLINE_MS). */
export const EMULATOR_START_TIMEOUT_MS = 200_000;

/**
 * The emulator `npm test` started for the run, or else one of this test's own on free ports (a test
 * file run alone). Tests never share accounts: each makes its own emails and numbers.
 */
export async function startTestAuthEmulator(): Promise<AuthEmulator> {
  const shared = process.env[SHARED_EMULATOR];
  if (shared) return { host: shared, output: () => '', stop: async () => undefined };
  return startAuthEmulator(TEST_FIREBASE_PROJECT, await freeEmulatorPorts());
}

/** A mobile number no other test uses (10 digits starting 9; the last 9 at random). */
export const uniqueMobile = (): string => `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

interface SignInAnswer {
  idToken: string;
  localId: string;
}

/** What the browser SDK does, through the emulator's REST API (the key is any text for the emulator). */
export class EmulatorClient {
  constructor(
    private readonly host: string,
    private readonly projectId = TEST_FIREBASE_PROJECT,
  ) {}

  private async call<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`http://${this.host}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = (await response.json()) as T;
    if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  /** A Google sign-in, as the emulator's account chooser would make it. */
  signInWithGoogle(account: { sub?: string; email: string; name?: string; emailVerified?: boolean }): Promise<SignInAnswer> {
    const claims = {
      sub: account.sub ?? account.email,
      email: account.email,
      email_verified: account.emailVerified ?? true,
      name: account.name,
    };
    return this.call('/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=test-key', {
      postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    });
  }

  /** Sends a code to +91<national> and returns the emulator's session for it. */
  async sendCode(national: string): Promise<string> {
    const answer = await this.call<{ sessionInfo: string }>(
      '/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=test-key',
      {
        phoneNumber: `+91${national}`,
        recaptchaToken: 'emulator',
      },
    );
    return answer.sessionInfo;
  }

  /** The code the emulator "sent" for this session (it keeps them instead of sending SMS). */
  async codeFor(sessionInfo: string): Promise<string> {
    const response = await fetch(`http://${this.host}/emulator/v1/projects/${this.projectId}/verificationCodes`, {
      signal: AbortSignal.timeout(10_000),
    });
    const { verificationCodes } = (await response.json()) as { verificationCodes: Array<{ code: string; sessionInfo: string }> };
    const found = verificationCodes.find((entry) => entry.sessionInfo === sessionInfo);
    if (!found) throw new Error('the emulator holds no code for this session');
    return found.code;
  }

  /** A phone sign-in of +91<national>, code and all. */
  async signInWithPhone(national: string): Promise<SignInAnswer> {
    const sessionInfo = await this.sendCode(national);
    return this.call('/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=test-key', {
      sessionInfo,
      code: await this.codeFor(sessionInfo),
    });
  }

  /** Disables the person's Firebase account, as an admin would in the console. */
  async disable(localId: string): Promise<void> {
    await this.call(
      `/identitytoolkit.googleapis.com/v1/projects/${this.projectId}/accounts:update`,
      { localId, disableUser: true },
      { authorization: 'Bearer owner' },
    );
  }

  /** Makes every token issued to the person before `validSince` (seconds) count as revoked, as an admin would. */
  async revokeTokens(localId: string, validSince = Math.floor(Date.now() / 1000) + 60): Promise<void> {
    await this.call(
      `/identitytoolkit.googleapis.com/v1/projects/${this.projectId}/accounts:update`,
      { localId, validSince: String(validSince) },
      { authorization: 'Bearer owner' },
    );
  }
}
