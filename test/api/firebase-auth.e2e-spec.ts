import { generateKeyPairSync, sign } from 'node:crypto';
import type { Response } from 'supertest';
import { type AuthEmulator } from '../../scripts/auth-emulator.js';
import { EMULATOR_START_TIMEOUT_MS, EmulatorClient, startTestAuthEmulator, uniqueMobile } from '../support/auth-emulator.js';
import { bearer, markMobileVerified, signUp, uniqueEmail } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Google and phone sign-in against the Firebase Auth emulator: the emulator makes the ID tokens the
 * browser SDK would, and the API verifies them with firebase-admin.
 */
function expectError(response: Response, status: number, message: string | RegExp, code?: string): void {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({
    error: typeof message === 'string' ? message : expect.stringMatching(message),
    code: code ?? expect.any(String),
  });
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

let emulator: AuthEmulator;
let firebase: EmulatorClient;

beforeAll(async () => {
  emulator = await startTestAuthEmulator();
  firebase = new EmulatorClient(emulator.host);
}, EMULATOR_START_TIMEOUT_MS);
afterAll(async () => {
  await emulator?.stop();
});

describe('Google and phone sign-in (Firebase Auth emulator)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
  });
  afterAll(async () => {
    await api?.close();
  });

  const googleAuth = (idToken: unknown) => api.http().post('/api/v1/auth/google-auth').send({ id_token: idToken });
  const phoneAuth = (idToken: unknown, mobileNumber: string) =>
    api.http().post('/api/v1/auth/phone-auth').send({ id_token: idToken, mobile_number: mobileNumber });
  const usersWithEmail = async (email: string) => (await api.db.query('SELECT * FROM users WHERE email = $1', [email])).rows;
  const usersWithNumber = async (national: string) =>
    (await api.db.query('SELECT * FROM users WHERE mobile_number = $1 ORDER BY created_at', [`+91${national}`])).rows;

  describe('POST /auth/google-auth', () => {
    it('creates the account on a first sign-in, still needing a profile, and signs in to it afterwards', async () => {
      const email = uniqueEmail('meera');
      const first = await googleAuth((await firebase.signInWithGoogle({ email, name: 'Meera Iyer' })).idToken).expect(200);
      expect(Object.keys(first.body).sort()).toEqual(['token', 'user']);
      expect(first.body.user).toMatchObject({ email, name: 'Meera Iyer', role: 'fan', needs_profile: true, mobile_number: null });

      const me = await api.http().get(`/api/v1/users/${first.body.user.id}`).set(bearer(first.body.token)).expect(200);
      expect(me.body.email).toBe(email);

      const again = await googleAuth((await firebase.signInWithGoogle({ email, name: 'Meera Iyer' })).idToken).expect(200);
      expect(again.body.user.id).toBe(first.body.user.id);
      expect(again.body.token).not.toBe(first.body.token);
      expect(await usersWithEmail(email)).toHaveLength(1);
    });

    it('signs in to the account that registered the email, removing the password set before the email was proven', async () => {
      const email = uniqueEmail('kabir');
      const registered = await signUp(api, { email, name: 'Kabir Shah', age: 31, gender: 'male' });

      const google = await googleAuth(
        (await firebase.signInWithGoogle({ email: email.toUpperCase(), name: 'Someone Else' })).idToken,
      ).expect(200);
      expect(google.body.user).toMatchObject({ id: registered.user.id, name: 'Kabir Shah', needs_profile: false });
      expect(await usersWithEmail(email)).toHaveLength(1);

      // Whoever typed the email first may have set that password and hold a session: both end.
      await api.http().get(`/api/v1/users/${registered.user.id}`).set(bearer(registered.token)).expect(401);
      const login = await api.http().post('/api/v1/auth/login').send({ email, password: registered.password });
      expectError(login, 401, 'Invalid email or password');
      await api.http().get(`/api/v1/users/${registered.user.id}`).set(bearer(google.body.token)).expect(200);

      // Once proven, later Google sign-ins change nothing.
      const later = await googleAuth((await firebase.signInWithGoogle({ email })).idToken).expect(200);
      await api.http().get(`/api/v1/users/${registered.user.id}`).set(bearer(google.body.token)).expect(200);
      expect(later.body.user.id).toBe(registered.user.id);
    });

    it('refuses a Google account whose email Google has not verified', async () => {
      const token = (await firebase.signInWithGoogle({ email: uniqueEmail(), emailVerified: false })).idToken;
      expectError(await googleAuth(token), 401, 'Your Google account has no verified email address', 'google_email_unverified');
    });

    it('refuses a phone sign-in token', async () => {
      const national = uniqueMobile();
      const token = (await firebase.signInWithPhone(national)).idToken;
      expectError(await googleAuth(token), 401, 'This token is not from a Google sign-in', 'id_token_wrong_method');
    });

    it('refuses the email of a deleted account', async () => {
      const email = uniqueEmail('gone');
      const registered = await signUp(api, { email });
      await api.http().delete('/api/v1/users/me').set(bearer(registered.token)).expect(200);
      expectError(await googleAuth((await firebase.signInWithGoogle({ email })).idToken), 401, 'This account has been deleted');
    });
  });

  describe('POST /auth/phone-auth', () => {
    it('creates the account with the number verified on a first sign-in, and signs in to it afterwards', async () => {
      const national = uniqueMobile();
      const first = await phoneAuth((await firebase.signInWithPhone(national)).idToken, national).expect(200);
      expect(first.body.user).toMatchObject({ mobile_number: `+91${national}`, needs_profile: true, email: null });
      const [row] = await usersWithNumber(national);
      expect(row.mobile_verified_at).toBeInstanceOf(Date);

      const again = await phoneAuth((await firebase.signInWithPhone(national)).idToken, `+91 ${national}`).expect(200);
      expect(again.body.user.id).toBe(first.body.user.id);
      expect(await usersWithNumber(national)).toHaveLength(1);

      const check = await api.http().post('/api/v1/auth/check-mobile').send({ mobile_number: national }).expect(200);
      expect(check.body.exists).toBe(true);
    });

    it('signs in to the account that verified the number, never to one that only typed it', async () => {
      const national = uniqueMobile();
      const typedOnly = await signUp(api, { mobile_number: national, name: 'Typed It' });
      const verified = await signUp(api, { mobile_number: national, name: 'Owns It', age: 40, gender: 'female' });
      await markMobileVerified(api, verified.user.id);

      const signedIn = await phoneAuth((await firebase.signInWithPhone(national)).idToken, national).expect(200);
      expect(signedIn.body.user).toMatchObject({ id: verified.user.id, name: 'Owns It', needs_profile: false });
      expect(signedIn.body.user.id).not.toBe(typedOnly.user.id);
    });

    it('gives a number only typed into other profiles an account of its own, leaving theirs as they were', async () => {
      const national = uniqueMobile();
      const typedOnly = await signUp(api, { mobile_number: national, name: 'Typed It' });
      const signedIn = await phoneAuth((await firebase.signInWithPhone(national)).idToken, national).expect(200);
      expect(signedIn.body.user.id).not.toBe(typedOnly.user.id);
      const rows = await usersWithNumber(national);
      expect(rows.map((row) => [row.id, row.mobile_verified_at !== null])).toEqual([
        [typedOnly.user.id, false],
        [signedIn.body.user.id, true],
      ]);
    });

    it('refuses a number other than the one the code verified', async () => {
      const national = uniqueMobile();
      const token = (await firebase.signInWithPhone(national)).idToken;
      const other = national.startsWith('99') ? '9812345678' : '9912345678';
      expectError(
        await phoneAuth(token, other),
        401,
        'The mobile number does not match the number that was verified',
        'phone_number_mismatch',
      );
      expect(await usersWithNumber(other)).toHaveLength(0);
    });

    it('checks the typed number with the mobile number rules', async () => {
      const national = uniqueMobile();
      const token = (await firebase.signInWithPhone(national)).idToken;
      expectError(await phoneAuth(token, '12345'), 400, 'Please enter a valid 10-digit mobile number');
      expectError(await phoneAuth(token, '5876543210'), 400, 'Please enter a valid Indian mobile number');
    });

    it('refuses a Google sign-in token', async () => {
      const token = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
      expectError(await phoneAuth(token, uniqueMobile()), 401, 'This token is not from a phone sign-in', 'id_token_wrong_method');
    });
  });

  describe('ID tokens Firebase does not vouch for', () => {
    it('needs an id_token', async () => {
      const response = await api.http().post('/api/v1/auth/google-auth').send({});
      expectError(response, 400, /id_token is required/);
    });

    it.each([
      ['text that is no token', 'not-a-token'],
      ['a token made up by hand', `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: 'x' })}.`],
    ])('refuses %s', async (_, token) => {
      expectError(await googleAuth(token), 401, 'This sign-in could not be verified. Please try again.', 'id_token_invalid');
    });

    it('refuses a token signed with a key that is not Firebase’s', async () => {
      const real = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const unsigned = `${base64url({ alg: 'RS256', typ: 'JWT', kid: 'forged' })}.${real.split('.')[1]}`;
      const forged = `${unsigned}.${sign('sha256', Buffer.from(unsigned), privateKey).toString('base64url')}`;
      expectError(await googleAuth(forged), 401, 'This sign-in could not be verified. Please try again.', 'id_token_invalid');
    });

    it('refuses an expired token', async () => {
      const real = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
      const claims = claimsOf(real);
      const past = Math.floor(Date.now() / 1000) - 7200;
      const expired = `${real.split('.')[0]}.${base64url({ ...claims, iat: past, auth_time: past, exp: past + 3600 })}.`;
      expectError(await googleAuth(expired), 401, 'This sign-in has expired. Please try again.', 'id_token_expired');
    });

    it('refuses a token revoked after it was issued', async () => {
      const signedIn = await firebase.signInWithGoogle({ email: uniqueEmail() });
      await firebase.revokeTokens(signedIn.localId);
      expectError(await googleAuth(signedIn.idToken), 401, 'This sign-in has been revoked. Please sign in again.', 'id_token_revoked');
    });

    it('refuses the token of a Firebase account that has been disabled', async () => {
      const signedIn = await firebase.signInWithGoogle({ email: uniqueEmail() });
      await firebase.disable(signedIn.localId);
      expectError(await googleAuth(signedIn.idToken), 401, 'This sign-in account has been disabled.', 'identity_disabled');
    });

    it('refuses a token made for another Firebase project', async () => {
      // The emulator mints for its own project (demo-tribe); this API trusts demo-other only.
      const other = await startTestApi({ FIREBASE_AUTH_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: 'demo-other' });
      try {
        const token = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
        const response = await other.http().post('/api/v1/auth/google-auth').send({ id_token: token });
        expectError(response, 401, 'This sign-in could not be verified. Please try again.', 'id_token_invalid');
      } finally {
        await other.close();
      }
    });

    it('answers 503 when the emulator of a demo project is not configured', async () => {
      const unconfigured = await startTestApi({ FIREBASE_AUTH_EMULATOR_HOST: '' });
      try {
        const token = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
        const response = await unconfigured.http().post('/api/v1/auth/google-auth').send({ id_token: token });
        expectError(response, 503, /Google and phone sign-in are not available right now/, 'identity_unavailable');
      } finally {
        await unconfigured.close();
      }
    });
  });

  describe('POST /auth/get-firebase-token', () => {
    it('needs a session', async () => {
      expectError(await api.http().post('/api/v1/auth/get-firebase-token'), 401, 'No authentication token found');
    });

    it('answers a custom token that signs in to Firebase as our user id', async () => {
      const person = await signUp(api);
      const response = await api.http().post('/api/v1/auth/get-firebase-token').set(bearer(person.token)).expect(200);
      expect(Object.keys(response.body)).toEqual(['customToken']);
      const signIn = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=test-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: response.body.customToken, returnSecureToken: true }),
      });
      expect(signIn.status).toBe(200);
      const { idToken } = (await signIn.json()) as { idToken: string };
      expect(claimsOf(idToken).user_id).toBe(person.user.id);
    });
  });
});

describe('sign-in limits', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      OTP_SENDS_PER_NUMBER_PER_HOUR: '2',
      OTP_SENDS_PER_IP_PER_HOUR: '5',
      PHONE_SIGN_INS_PER_NUMBER_PER_HOUR: '2',
      FIREBASE_EXCHANGES_PER_ACCOUNT_PER_HOUR: '3',
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  const otpAttempt = (mobileNumber: string) => api.http().post('/api/v1/auth/otp-attempt').send({ mobile_number: mobileNumber });

  it('counts code requests per number, then per address, with a 429 that says when to come back', async () => {
    const first = uniqueMobile();
    expect((await otpAttempt(first).expect(200)).body).toEqual({ mobile_number: `+91${first}` });
    await otpAttempt(`+91 ${first}`).expect(200);
    const refused = await otpAttempt(first);
    expectError(refused, 429, 'Too many verification codes requested. Please try again later.', 'too_many_otp_requests');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);

    // Other numbers still get codes until the address has asked for five in all (the refused one counted too).
    await otpAttempt(uniqueMobile()).expect(200);
    await otpAttempt(uniqueMobile()).expect(200);
    expectError(await otpAttempt(uniqueMobile()), 429, 'Too many verification codes requested. Please try again later.');
  });

  it('checks the number before counting it', async () => {
    expectError(await otpAttempt('5876543210'), 400, 'Please enter a valid Indian mobile number');
  });

  it('counts phone sign-ins per number', async () => {
    const national = uniqueMobile();
    for (let i = 0; i < 2; i++) {
      await api
        .http()
        .post('/api/v1/auth/phone-auth')
        .send({ id_token: (await firebase.signInWithPhone(national)).idToken, mobile_number: national })
        .expect(200);
    }
    const refused = await api
      .http()
      .post('/api/v1/auth/phone-auth')
      .send({ id_token: (await firebase.signInWithPhone(national)).idToken, mobile_number: national });
    expectError(refused, 429, 'Too many phone sign-ins. Please try again later.', 'too_many_phone_sign_ins');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts Google sign-ins and custom tokens per account', async () => {
    const email = uniqueEmail();
    const signIn = async () =>
      api
        .http()
        .post('/api/v1/auth/google-auth')
        .send({ id_token: (await firebase.signInWithGoogle({ email })).idToken });
    const sessions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await signIn();
      expect(response.status).toBe(200);
      sessions.push(response.body.token);
    }
    expectError(await signIn(), 429, 'Too many sign-ins to this account. Please try again later.', 'too_many_exchanges');

    // Another account is not held back, and custom tokens have a count of their own.
    const otherAccount = (await firebase.signInWithGoogle({ email: uniqueEmail() })).idToken;
    await api.http().post('/api/v1/auth/google-auth').send({ id_token: otherAccount }).expect(200);
    for (let i = 0; i < 3; i++) await api.http().post('/api/v1/auth/get-firebase-token').set(bearer(sessions[0]!)).expect(200);
    expectError(
      await api.http().post('/api/v1/auth/get-firebase-token').set(bearer(sessions[0]!)),
      429,
      'Too many sign-ins to this account. Please try again later.',
    );
  });
});
