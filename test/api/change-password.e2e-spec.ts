import type { Response } from 'supertest';
import { bearer, signUp, type SignedUp } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

function expectError(response: Response, status: number, message?: string, code?: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: message ?? expect.any(String), code: code ?? expect.any(String) },
  });
}

/** Small, so the limits are reached in a few requests. */
const LIMIT = 3;
/** Failures one address may make at one account before it must wait (an hour here, so no wait runs out mid-test). */
const FREE = 2;
const NEW_PASSWORD = 'a-brand-new-password';
const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please try again later.';

describe('PUT /users/me/password', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LIMIT),
      LOGIN_DELAY_AFTER_FAILURES: String(FREE),
      LOGIN_DELAY_BASE_MS: '3600000',
      LOGIN_DELAY_MAX_MS: '3600000',
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const changePassword = (token: string, body: unknown) =>
    api
      .http()
      .put('/api/v1/users/me/password')
      .set(bearer(token))
      .send(body as object);
  const login = (person: SignedUp, password: string) => api.http().post('/api/v1/auth/login').send({ email: person.user.email, password });
  const me = (person: SignedUp, token = person.token) => api.http().get(`/api/v1/users/${person.user.id}`).set(bearer(token));

  /** The stored hash and the live sessions: what a refused request must leave alone. */
  const stored = async (person: SignedUp) => {
    const { rows: users } = await api.db.query('SELECT password_hash FROM users WHERE id = $1', [person.user.id]);
    const { rows: sessions } = await api.db.query('SELECT id FROM session WHERE user_id = $1 AND revoked_at IS NULL ORDER BY id', [
      person.user.id,
    ]);
    return { passwordHash: users[0]!.password_hash as string | null, liveSessions: sessions.map((session) => session.id as string) };
  };

  /** A 400 with this message that leaves the hash and the sessions as they were. */
  const expectRefused = async (person: SignedUp, body: object, message: string) => {
    const before = await stored(person);
    expectError(await changePassword(person.token, body), 400, message);
    expect(await stored(person)).toEqual(before);
  };
  const sendText = (token: string, text: string) =>
    api.http().put('/api/v1/users/me/password').set(bearer(token)).set('Content-Type', 'application/json').send(text);

  /** A person signed in twice: `token` from sign-up, `otherToken` from a later login elsewhere. */
  const signedInTwice = async () => {
    const person = await signUp(api);
    const otherToken = (await login(person, person.password).expect(200)).body.token as string;
    return { person, otherToken };
  };

  it('replaces the password, keeps the calling session and signs out every other one', async () => {
    const { person, otherToken } = await signedInTwice();
    const bystander = await signUp(api);
    const before = await stored(person);

    const response = await changePassword(person.token, { current_password: person.password, new_password: NEW_PASSWORD });
    expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { ok: true } });

    expectError(await login(person, person.password), 401, 'Invalid email or password');
    await login(person, NEW_PASSWORD).expect(200);
    await me(person).expect(200);
    expectError(await me(person, otherToken), 401, 'Session expired. Please login again.');
    await me(bystander).expect(200);

    const after = await stored(person);
    expect(after.passwordHash).toMatch(/^scrypt\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.passwordHash).not.toContain(NEW_PASSWORD);
  });

  it('lets the person change it again with the new password', async () => {
    const person = await signUp(api);
    await changePassword(person.token, { current_password: person.password, new_password: NEW_PASSWORD }).expect(200);
    expectError(
      await changePassword(person.token, { current_password: person.password, new_password: 'a-third-password' }),
      400,
      'Current password is incorrect',
      'current_password_incorrect',
    );
    await changePassword(person.token, { current_password: NEW_PASSWORD, new_password: 'a-third-password' }).expect(200);
    await login(person, 'a-third-password').expect(200);
  });

  it('lets only one of two changes made at once from two sessions win', async () => {
    const { person, otherToken } = await signedInTwice();
    const responses = await Promise.all(
      [person.token, otherToken].map((token, i) =>
        changePassword(token, { current_password: person.password, new_password: `${NEW_PASSWORD}-${i}` }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    const winner = responses.findIndex((response) => response.status === 200);
    expectError(responses[1 - winner]!, 400, 'Current password is incorrect', 'current_password_incorrect');

    await login(person, `${NEW_PASSWORD}-${winner}`).expect(200);
    expectError(await login(person, `${NEW_PASSWORD}-${1 - winner}`), 401);
    await me(person, [person.token, otherToken][winner]).expect(200);
    expectError(await me(person, [person.token, otherToken][1 - winner]), 401);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { person, otherToken } = await signedInTwice();
    await expectRefused(person, { current_password: 'not-my-password', new_password: NEW_PASSWORD }, 'Current password is incorrect');
    await me(person, otherToken).expect(200);
    await login(person, person.password).expect(200);
    expectError(await login(person, NEW_PASSWORD), 401);
  });

  describe('failure limits', () => {
    it('counts wrong current passwords as failed logins from that address: past them it waits on both routes, even when right', async () => {
      const person = await signUp(api);
      const before = await stored(person);
      const guess = (i: number) => changePassword(person.token, { current_password: `wrong-${i}`, new_password: NEW_PASSWORD });

      // Sent all at once: every guess is counted before its password is checked.
      const guesses = await Promise.all(Array.from({ length: LIMIT + 4 }, (_, i) => guess(i)));
      const counts: Record<number, number> = {};
      for (const response of guesses) counts[response.status] = (counts[response.status] ?? 0) + 1;
      expect(counts).toEqual({ 400: FREE, 429: LIMIT + 4 - FREE });
      for (const response of guesses.filter((r) => r.status === 429)) {
        expectError(response, 429, TOO_MANY_ATTEMPTS);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(3_000);
      }

      expectError(
        await changePassword(person.token, { current_password: person.password, new_password: NEW_PASSWORD }),
        429,
        TOO_MANY_ATTEMPTS,
      );
      expectError(await login(person, person.password), 429, TOO_MANY_ATTEMPTS);
      expect(await stored(person)).toEqual(before);
      // The session itself is not locked out, nor is the account from another address.
      await me(person).expect(200);
      await api
        .http()
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', '198.51.100.1')
        .send({ email: person.user.email, password: person.password })
        .expect(200);
    });

    it('counts failed logins from the address against changing the password from it too', async () => {
      const person = await signUp(api);
      const before = await stored(person);
      for (let i = 0; i < FREE; i += 1) expectError(await login(person, `wrong-${i}`), 401);

      expectError(
        await changePassword(person.token, { current_password: person.password, new_password: NEW_PASSWORD }),
        429,
        TOO_MANY_ATTEMPTS,
      );
      expect(await stored(person)).toEqual(before);
    });

    it('forgives earlier failures once the right current password is given', async () => {
      const person = await signUp(api);
      for (let i = 0; i < FREE - 1; i += 1) {
        expectError(await changePassword(person.token, { current_password: `wrong-${i}`, new_password: NEW_PASSWORD }), 400);
      }
      await changePassword(person.token, { current_password: person.password, new_password: NEW_PASSWORD }).expect(200);
      for (let i = 0; i < FREE; i += 1) expectError(await login(person, `wrong-again-${i}`), 401);
    });

    it('limits only that account', async () => {
      const person = await signUp(api);
      const other = await signUp(api);
      for (let i = 0; i < LIMIT + 1; i += 1) {
        await changePassword(person.token, { current_password: `wrong-${i}`, new_password: NEW_PASSWORD });
      }
      await changePassword(other.token, { current_password: other.password, new_password: NEW_PASSWORD }).expect(200);
    });
  });

  it('holds the new password to the sign-up rules, naming new_password', async () => {
    const person = await signUp(api);
    await expectRefused(
      person,
      { current_password: person.password, new_password: 'short' },
      'new_password: must be at least 8 characters',
    );
    await expectRefused(
      person,
      { current_password: person.password, new_password: 'x'.repeat(129) },
      'new_password: must be at most 128 characters',
    );
  });

  it('refuses the same password as the current one', async () => {
    const { person, otherToken } = await signedInTwice();
    await expectRefused(
      person,
      { current_password: person.password, new_password: person.password },
      'The new password must be different from the current one',
    );
    await me(person, otherToken).expect(200);
  });

  it('refuses an account that signs in without a password', async () => {
    const person = await signUp(api);
    await api.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [person.user.id]);
    await expectRefused(
      person,
      { current_password: 'anything-at-all', new_password: NEW_PASSWORD },
      'This account signs in without a password',
    );
  });

  it('requires login', async () => {
    expectError(
      await api.http().put('/api/v1/users/me/password').send({ current_password: 'a-good-password', new_password: NEW_PASSWORD }),
      401,
      'No authentication token found',
    );
    expectError(
      await changePassword('not-a-real-token', { current_password: 'a-good-password', new_password: NEW_PASSWORD }),
      401,
      'Session expired. Please login again.',
    );
  });

  describe('refuses a body it cannot read, and changes nothing', () => {
    let person: SignedUp;
    let before: Awaited<ReturnType<typeof stored>>;
    beforeAll(async () => {
      person = await signUp(api);
      before = await stored(person);
    });
    afterEach(async () => {
      expect(await stored(person)).toEqual(before);
    });

    it.each([
      ['no current password', { new_password: NEW_PASSWORD }, 'current_password: is required'],
      ['an empty current password', { current_password: '', new_password: NEW_PASSWORD }, 'current_password: is required'],
      ['no new password', { current_password: 'a-good-password' }, 'new_password: is required'],
      ['a number for a password', { current_password: 12345678, new_password: NEW_PASSWORD }, 'current_password: must be text'],
      [
        'an object for the new password',
        { current_password: 'a-good-password', new_password: { value: NEW_PASSWORD } },
        'new_password: must be text',
      ],
      ['null for the new password', { current_password: 'a-good-password', new_password: null }, 'new_password: must be text'],
      ['a list for a body', [NEW_PASSWORD], 'body: Expected an object'],
    ])('%s', async (_, body, message) => {
      expectError(await changePassword(person.token, body), 400, message);
    });

    it('malformed JSON', async () => {
      expectError(await sendText(person.token, '{"current_password":'), 400, 'Malformed JSON in request body');
    });

    it('an empty body', async () => {
      expectError(await sendText(person.token, ''), 400, 'body: Expected an object');
    });
  });

  it('is in the OpenAPI document with its body', async () => {
    const response = await api.http().get('/api/docs-json').expect(200);
    const operation = response.body.paths['/api/v1/users/me/password'].put;
    expect(operation).toMatchObject({ tags: ['users'], security: [{ bearer: [] }] });
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['current_password', 'new_password']);
  });
});
