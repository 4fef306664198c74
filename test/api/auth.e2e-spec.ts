import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { bearer, makeAdmin, markMobileVerified, signUp, uniqueEmail } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** Every refusal is exactly `{ error: message, code }`: no status code, no stack, nothing else. */
function expectError(response: Response, status: number, message?: string, code?: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: message ?? expect.any(String), code: code ?? expect.any(String) },
  });
}

const PASSWORD = 'a-good-password';

describe('auth API', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  const register = (body: unknown) =>
    api
      .http()
      .post('/api/v1/auth/register')
      .send(body as object);
  const userRow = async (email: string) =>
    (await api.db.query('SELECT * FROM users WHERE lower(email) = lower($1)', [email])).rows as Array<Record<string, unknown>>;
  const me = (token: string, id: string) => api.http().get(`/api/v1/users/${id}`).set(bearer(token));

  describe('POST /auth/register', () => {
    it('needs only email, password and name, and returns { user, token } for a fan who still needs a profile', async () => {
      const email = uniqueEmail('Asha').replace('asha', 'Asha.Rao');
      const response = await register({ email: `  ${email.toUpperCase()}  `, password: PASSWORD, name: 'Asha Rao' }).expect(201);

      expect(Object.keys(response.body).sort()).toEqual(['token', 'user']);
      expect(response.body.token).toEqual(expect.any(String));
      expect(response.body.user).toMatchObject({
        email: email.toLowerCase(),
        name: 'Asha Rao',
        role: 'fan',
        isAdmin: false,
        needs_profile: true,
        wallet_balance: 0,
        mobile_number: null,
      });
      expect(response.body.user).not.toHaveProperty('password');
      expect(response.body.user).not.toHaveProperty('password_hash');

      const rows = await userRow(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.email).toBe(email.toLowerCase());
      expect(rows[0]!.password_hash).toMatch(/^scrypt\$/);
      expect(rows[0]!.password_hash).not.toContain(PASSWORD);

      const self = await me(response.body.token, response.body.user.id).expect(200);
      expect(self.body.email).toBe(email.toLowerCase());
    });

    it('accepts the other profile fields and normalises them', async () => {
      const email = uniqueEmail();
      const response = await register({
        email,
        password: PASSWORD,
        name: 'Vikram',
        age: 29,
        gender: 'male',
        mobile_number: '+91 98765-43210',
        instagram_handle: '@vikram.goes.out',
        bio: '  Weekend treks and board games  ',
        interests: ['trekking', 'board games'],
        instagram_url: 'https://instagram.com/vikram.goes.out',
      }).expect(201);

      expect(response.body.user).toMatchObject({
        age: 29,
        gender: 'male',
        mobile_number: '+919876543210',
        instagram_handle: 'vikram.goes.out',
        bio: 'Weekend treks and board games',
        interests: ['trekking', 'board games'],
        needs_profile: false,
        role: 'fan',
      });
      const [row] = await userRow(email);
      expect(row).toMatchObject({ age: 29, gender: 'male', mobile_number: '+919876543210', instagram_handle: 'vikram.goes.out' });
    });

    it('registers an influencer when asked', async () => {
      const response = await register({ email: uniqueEmail(), password: PASSWORD, name: 'Host', role: 'influencer' }).expect(201);
      expect(response.body.user.role).toBe('influencer');
      expect(response.body.user.isAdmin).toBe(false);
    });

    it('refuses the admin role and creates nobody', async () => {
      const before = await countRows(api.db, 'users');
      const email = uniqueEmail();
      expectError(await register({ email, password: PASSWORD, name: 'Sneaky', role: 'admin' }), 400, 'Role must be fan or influencer');
      expect(await countRows(api.db, 'users')).toBe(before);
      expect(await userRow(email)).toHaveLength(0);
    });

    it('answers 409 for an email that is taken, in any case, and keeps one account', async () => {
      const email = uniqueEmail();
      await register({ email, password: PASSWORD, name: 'First' }).expect(201);
      const before = await countRows(api.db, 'users');

      for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
        expectError(
          await register({ email: variant, password: 'another-password', name: 'Second' }),
          409,
          'An account with this email already exists',
        );
      }
      expect(await countRows(api.db, 'users')).toBe(before);
      const rows = await userRow(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toBe('First');
    });

    it('creates one account when the same email registers several times at once', async () => {
      const email = uniqueEmail();
      const responses = await Promise.all(
        [email, email.toUpperCase(), email, email].map((variant) => register({ email: variant, password: PASSWORD, name: 'Racer' })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409]);
      for (const response of responses.filter((r) => r.status === 409)) {
        expectError(response, 409, 'An account with this email already exists');
      }
      expect(await userRow(email)).toHaveLength(1);
    });

    it('stores a typed number unverified, even one that other accounts have typed or verified', async () => {
      const signUpWith = async (mobile_number: string, claims: Record<string, unknown> = {}) =>
        (await register({ email: uniqueEmail(), password: PASSWORD, name: 'Holder', mobile_number, ...claims }).expect(201)).body.user as {
          id: string;
          mobile_number: string;
          mobile_verified: boolean;
        };
      const first = await signUpWith('9123456780');
      const second = await signUpWith('+91 91234 56780');
      await markMobileVerified(api, first.id);
      const third = await signUpWith('919123456780', { mobile_verified: true, mobile_verified_at: '2025-01-01T00:00:00.000Z' });

      for (const user of [second, third]) expect(user).toMatchObject({ mobile_number: '+919123456780', mobile_verified: false });
      const { rows } = await api.db.query<{ id: string; verified: boolean }>(
        'SELECT id, mobile_verified_at IS NOT NULL AS verified FROM users WHERE mobile_number = $1',
        ['+919123456780'],
      );
      expect(Object.fromEntries(rows.map((holder) => [holder.id, holder.verified]))).toEqual({
        [first.id]: true,
        [second.id]: false,
        [third.id]: false,
      });
    });

    it.each([
      ['no email', { password: PASSWORD, name: 'A' }, 'Please enter email and password'],
      ['no password', { email: 'x@example.in', name: 'A' }, 'password: is required'],
      ['no name', { email: 'x@example.in', password: PASSWORD }, 'name: is required'],
      ['a blank name', { email: 'x@example.in', password: PASSWORD, name: '   ' }, 'name: is required'],
      ['an invalid email', { email: 'not-an-email', password: PASSWORD, name: 'A' }, 'email: must be a valid email address'],
      ['a short password', { email: 'x@example.in', password: 'short', name: 'A' }, 'password: must be at least 8 characters'],
      ['age "abc"', { email: 'x@example.in', password: PASSWORD, name: 'A', age: 'abc' }, 'age: must be a number'],
      ['age true', { email: 'x@example.in', password: PASSWORD, name: 'A', age: true }, 'age: must be a number'],
      ['age 17', { email: 'x@example.in', password: PASSWORD, name: 'A', age: 17 }, 'age: must be at least 18'],
      ['email 5', { email: 5, password: PASSWORD, name: 'A' }, 'Please enter email and password'],
      ['name 5', { email: 'x@example.in', password: PASSWORD, name: 5 }, 'name: must be text'],
      ['password as a list', { email: 'x@example.in', password: [PASSWORD], name: 'A' }, 'password: must be text'],
      ['interests as text', { email: 'x@example.in', password: PASSWORD, name: 'A', interests: 'music' }, undefined],
      ['gender "other"', { email: 'x@example.in', password: PASSWORD, name: 'A', gender: 'other' }, 'gender: must be male or female'],
      [
        'a bad mobile number',
        { email: 'x@example.in', password: PASSWORD, name: 'A', mobile_number: '12345' },
        'Please enter a valid 10-digit mobile number',
      ],
      [
        'a javascript: link',
        { email: 'x@example.in', password: PASSWORD, name: 'A', avatar_url: 'javascript:alert(1)' },
        'avatar_url: must be a valid URL',
      ],
    ])('refuses %s with 400 and creates nobody', async (_case, body, message) => {
      const before = await countRows(api.db, 'users');
      const response = await register(body);
      expectError(response, 400, message);
      if (message === undefined) expect(response.body.error).toMatch(/^interests: /);
      expect(await countRows(api.db, 'users')).toBe(before);
      expect(await userRow('x@example.in')).toHaveLength(0);
    });

    it('drops unknown fields instead of storing them', async () => {
      const email = uniqueEmail();
      const response = await register({
        email,
        password: PASSWORD,
        name: 'Climber',
        is_admin: true,
        isAdmin: true,
        wallet_balance: 999,
        verified: true,
        government_id_url: 'https://evil.example/id.png',
        admin_permissions: { approve_events: true, delete_events: true, verify_influencers: true },
        id: '00000000-0000-4000-8000-000000000001',
      }).expect(201);

      expect(response.body.user).toMatchObject({
        isAdmin: false,
        is_admin: false,
        wallet_balance: 0,
        verified: false,
        role: 'fan',
      });
      expect(response.body.user.id).not.toBe('00000000-0000-4000-8000-000000000001');
      const [row] = await userRow(email);
      expect(row).toMatchObject({
        role: 'fan',
        is_admin: false,
        wallet_balance: 0,
        verified: false,
        government_id_url: null,
        admin_permissions: null,
      });
      // The admin dashboard stays closed to them.
      await api.http().get('/api/v1/admin/queues').set(bearer(response.body.token)).expect(403);
    });

    it('answers 413 for a body over BODY_LIMIT_BYTES and creates nobody', async () => {
      const before = await countRows(api.db, 'users');
      const email = uniqueEmail();
      const bio = 'x'.repeat(api.config.BODY_LIMIT_BYTES + 1);
      expectError(await register({ email, password: PASSWORD, name: 'Big', bio }), 413, 'Request body is too large');
      expect(await countRows(api.db, 'users')).toBe(before);
      expect(await userRow(email)).toHaveLength(0);
    });

    it('answers 400 for malformed JSON and creates nobody', async () => {
      const before = await countRows(api.db, 'users');
      for (const raw of ['{"email": "a@b.in", "password": ', '{email: a@b.in}', "{'email':'a@b.in'}", '{"a":1}}']) {
        const response = await api.http().post('/api/v1/auth/register').set('Content-Type', 'application/json').send(raw);
        expectError(response, 400, 'Malformed JSON in request body');
      }
      expect(await countRows(api.db, 'users')).toBe(before);
    });

    it.each([['[]'], ['"a@b.in"'], ['42'], ['null'], ['true']])('refuses the non-object JSON body %s with 400', async (raw) => {
      const before = await countRows(api.db, 'users');
      const response = await api.http().post('/api/v1/auth/register').set('Content-Type', 'application/json').send(raw);
      expectError(response, 400, 'body: Expected an object');
      expect(await countRows(api.db, 'users')).toBe(before);
    });

    it('refuses a request with no body at all', async () => {
      const before = await countRows(api.db, 'users');
      expectError(await api.http().post('/api/v1/auth/register'), 400, 'body: Expected an object');
      expectError(await api.http().post('/api/v1/auth/register').set('Content-Type', 'application/json'), 400, 'body: Expected an object');
      expect(await countRows(api.db, 'users')).toBe(before);
    });

    it('refuses a body that is not JSON with 415', async () => {
      const before = await countRows(api.db, 'users');
      const response = await api
        .http()
        .post('/api/v1/auth/register')
        .set('Content-Type', 'text/csv')
        .send('email,password,name\nx@example.in,a-good-password,A');
      expectError(response, 415, 'Unsupported content type');
      expect(await countRows(api.db, 'users')).toBe(before);
    });
  });

  describe.each(['login', 'oldLogin'])('POST /auth/%s', (path) => {
    const login = (body: unknown) =>
      api
        .http()
        .post(`/api/v1/auth/${path}`)
        .send(body as object);

    it('returns { user, token } with role, isAdmin, needs_profile and email', async () => {
      const person = await signUp(api, { name: 'Meera' });
      const response = await login({ email: person.user.email, password: person.password }).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(['token', 'user']);
      expect(response.body.user).toMatchObject({
        id: person.user.id,
        email: person.user.email,
        role: 'fan',
        isAdmin: false,
        needs_profile: true,
      });
      expect(response.body.token).not.toBe(person.token);
      await me(response.body.token, person.user.id).expect(200);
      // The sign-up session keeps working too: each device has its own.
      await me(person.token, person.user.id).expect(200);
    });

    it('matches the email in any case and with spaces around it', async () => {
      const person = await signUp(api);
      await login({ email: ` ${person.user.email.toUpperCase()} `, password: person.password }).expect(200);
    });

    it('tells an admin they are one', async () => {
      const person = await signUp(api);
      await makeAdmin(api, person.user.id);
      const response = await login({ email: person.user.email, password: person.password }).expect(200);
      expect(response.body.user).toMatchObject({ role: 'admin', isAdmin: true });
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const person = await signUp(api);
      const sessionsBefore = await countRows(api.db, 'session');
      const wrong = await login({ email: person.user.email, password: 'not-the-password' });
      const unknown = await login({ email: uniqueEmail('nobody'), password: 'not-the-password' });
      expectError(wrong, 401, 'Invalid email or password');
      expectError(unknown, 401, 'Invalid email or password');
      expect(await countRows(api.db, 'session')).toBe(sessionsBefore);
    });

    it.each([
      ['an empty body', {}],
      ['no password', { email: 'a@example.in' }],
      ['no email', { password: PASSWORD }],
      ['empty strings', { email: '', password: '' }],
      ['a blank email', { email: '   ', password: PASSWORD }],
      ['an empty password', { email: 'a@example.in', password: '' }],
      ['wrong types', { email: 5, password: 12345678 }],
    ])('asks for email and password when given %s', async (_case, body) => {
      expectError(await login(body), 400, 'Please enter email and password');
    });

    it('refuses an email longer than any account can have, without counting it against anyone', async () => {
      const email = `${'a'.repeat(20_000)}@example.in`;
      expectError(await login({ email, password: PASSWORD }), 400, 'email: must be at most 254 characters');
      const redis = new Redis(api.config.REDIS_URL);
      try {
        expect(await redis.exists(`${api.config.QUEUE_PREFIX}:login-failures:account:${email}`)).toBe(0);
      } finally {
        redis.disconnect();
      }
    });

    it('answers 400 for malformed JSON', async () => {
      const response = await api.http().post(`/api/v1/auth/${path}`).set('Content-Type', 'application/json').send('{"email":');
      expectError(response, 400, 'Malformed JSON in request body');
    });
  });

  describe('login throttling per account and address', () => {
    let throttled: TestApi;
    beforeAll(async () => {
      // Waits long enough that none runs out during the test.
      throttled = await startTestApi({ LOGIN_DELAY_BASE_MS: '600000', LOGIN_DELAY_MAX_MS: '600000' });
    });
    afterAll(async () => {
      await throttled.close();
    });

    it('after LOGIN_DELAY_AFTER_FAILURES failures one address waits, even with the right password; the account stays open elsewhere', async () => {
      const { LOGIN_MAX_FAILURES_PER_ACCOUNT: limit, LOGIN_DELAY_AFTER_FAILURES: free } = throttled.config;
      expect({ limit, free }).toEqual({ limit: 100, free: 5 });
      const person = await signUp(throttled);
      const other = await signUp(throttled);
      const attempt = (password: string, path = 'login', address = '203.0.113.1') =>
        throttled.http().post(`/api/v1/auth/${path}`).set('X-Forwarded-For', address).send({ email: person.user.email, password });

      // Sent all at once, so a limit checked before it is counted would let every guess through;
      // the case varies because the count is per account, not per spelling of the email.
      const guesses = await Promise.all(
        Array.from({ length: limit + 20 }, (_, i) =>
          throttled
            .http()
            .post('/api/v1/auth/login')
            .set('X-Forwarded-For', '203.0.113.1')
            .send({ email: i % 2 === 0 ? person.user.email : person.user.email.toUpperCase(), password: `wrong-${i}` }),
        ),
      );
      const counts: Record<number, number> = {};
      for (const response of guesses) counts[response.status] = (counts[response.status] ?? 0) + 1;
      // The address is held back after its free failures; nothing shuts the account to everyone.
      expect(counts).toEqual({ 401: free, 429: limit + 20 - free });

      for (const response of [await attempt(person.password), await attempt(person.password, 'oldLogin'), await attempt('wrong-again')]) {
        expectError(response, 429, 'Too many failed login attempts. Please try again later.');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(500);
      }

      // Only that address waits, and only for that account: the owner elsewhere and another person
      // at the same address still sign in.
      await attempt(person.password, 'login', '198.51.100.1').expect(200);
      await attempt(person.password, 'oldLogin', '198.51.100.2').expect(200);
      await throttled
        .http()
        .post('/api/v1/auth/login')
        .set('X-Forwarded-For', '203.0.113.1')
        .send({ email: other.user.email, password: other.password })
        .expect(200);
      // And a session issued before keeps working.
      await throttled.http().get(`/api/v1/users/${person.user.id}`).set(bearer(person.token)).expect(200);
    }, 120_000);
  });

  describe('POST /auth/logout', () => {
    it('stops the token working at once', async () => {
      const person = await signUp(api);
      await me(person.token, person.user.id).expect(200);
      await api.http().post('/api/v1/auth/logout').set(bearer(person.token)).expect(200);

      expectError(await me(person.token, person.user.id), 401, 'Session expired. Please login again.');
      expectError(await api.http().post('/api/v1/auth/logout').set(bearer(person.token)), 401, 'Session expired. Please login again.');
      const { rows } = await api.db.query('SELECT revoked_at FROM session WHERE user_id = $1', [person.user.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0].revoked_at).not.toBeNull();
    });

    it('accepts an empty JSON object as the body', async () => {
      const person = await signUp(api);
      await api.http().post('/api/v1/auth/logout').set(bearer(person.token)).send({}).expect(200);
      expectError(await me(person.token, person.user.id), 401);
    });

    it('ends only that session', async () => {
      const person = await signUp(api);
      const phone = await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }).expect(200);
      await api.http().post('/api/v1/auth/logout').set(bearer(person.token)).expect(200);
      await me(phone.body.token, person.user.id).expect(200);
    });

    it('needs a token', async () => {
      expectError(await api.http().post('/api/v1/auth/logout'), 401, 'No authentication token found');
    });
  });

  describe('POST /auth/refresh', () => {
    it('returns a new token that works, and the old one stops working', async () => {
      const person = await signUp(api);
      const response = await api.http().post('/api/v1/auth/refresh').set(bearer(person.token)).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(['token', 'user']);
      expect(response.body.user).toMatchObject({
        id: person.user.id,
        email: person.user.email,
        role: 'fan',
        needs_profile: true,
      });
      expect(response.body.token).not.toBe(person.token);

      await me(response.body.token, person.user.id).expect(200);
      expectError(await me(person.token, person.user.id), 401, 'Session expired. Please login again.');
      expectError(await api.http().post('/api/v1/auth/refresh').set(bearer(person.token)), 401, 'Session expired. Please login again.');
    });

    it('needs a token', async () => {
      expectError(await api.http().post('/api/v1/auth/refresh'), 401, 'No authentication token found');
    });
  });

  describe('bearer tokens', () => {
    let person: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      person = await signUp(api);
    });

    it('answers 401 "No authentication token found" when there is none', async () => {
      expectError(await api.http().get(`/api/v1/users/${person.user.id}`), 401, 'No authentication token found');
    });

    it.each([
      ['another scheme', (token: string) => `Basic ${token}`],
      ['no scheme', (token: string) => token],
      ['"Bearer" alone', () => 'Bearer'],
      ['two tokens', (token: string) => `Bearer ${token} ${token}`],
      ['a misspelt scheme', (token: string) => `Bearer: ${token}`],
    ])('answers 401 for a malformed header: %s', async (_case, header) => {
      const response = await api.http().get(`/api/v1/users/${person.user.id}`).set('Authorization', header(person.token));
      expectError(response, 401);
    });

    it('accepts the scheme in any case', async () => {
      await api.http().get(`/api/v1/users/${person.user.id}`).set('Authorization', `bearer ${person.token}`).expect(200);
    });

    it('answers 401 "Session expired" for an unknown token', async () => {
      expectError(await me('not-a-real-token', person.user.id), 401, 'Session expired. Please login again.');
      expectError(await me(`${person.token}x`, person.user.id), 401, 'Session expired. Please login again.');
    });

    it('answers 401 once the session has expired', async () => {
      const other = await signUp(api);
      await api.db.query(`UPDATE session SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [other.user.id]);
      expectError(await me(other.token, other.user.id), 401, 'Session expired. Please login again.');
    });

    it('does not store the token itself', async () => {
      const { rows } = await api.db.query('SELECT token_hash FROM session WHERE user_id = $1', [person.user.id]);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.token_hash).not.toContain(person.token);
    });
  });

  describe('POST /auth/check-mobile', () => {
    const check = (body: unknown) =>
      api
        .http()
        .post('/api/v1/auth/check-mobile')
        .send(body as object);

    it('normalises the number and reports it registered only once an account has verified it', async () => {
      expect((await check({ mobile_number: '+91 98111-22233' }).expect(200)).body).toEqual({
        exists: false,
        mobile_number: '+919811122233',
      });
      const holder = await signUp(api, { mobile_number: '9811122233' });
      await signUp(api, { mobile_number: '9811122233' });
      expect((await check({ mobile_number: '9811122233' }).expect(200)).body).toEqual({ exists: false, mobile_number: '+919811122233' });

      await markMobileVerified(api, holder.user.id);
      for (const form of ['+91 98111-22233', '919811122233', '9811122233', '98111 22233']) {
        expect((await check({ mobile_number: form }).expect(200)).body).toEqual({ exists: true, mobile_number: '+919811122233' });
      }
    });

    it('needs no login, and a token does not change the answer', async () => {
      const person = await signUp(api);
      const response = await api.http().post('/api/v1/auth/check-mobile').set(bearer(person.token)).send({ mobile_number: '7000000001' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ exists: false, mobile_number: '+917000000001' });
    });

    it.each([
      [{}, 'Please enter a mobile number'],
      [{ mobile_number: '' }, 'Please enter a mobile number'],
      [{ mobile_number: '   ' }, 'Please enter a mobile number'],
      [{ mobile_number: '--' }, 'Please enter a mobile number'],
      [{ mobile_number: null }, 'Please enter a mobile number'],
      [{ mobile_number: '12345' }, 'Please enter a valid 10-digit mobile number'],
      [{ mobile_number: '98765432101' }, 'Please enter a valid 10-digit mobile number'],
      [{ mobile_number: '09876543210' }, 'Please enter a valid 10-digit mobile number'],
      [{ mobile_number: '5876543210' }, 'Please enter a valid Indian mobile number'],
      [{ mobile_number: '+91 1234567890' }, 'Please enter a valid Indian mobile number'],
      [{ mobile_number: '+91 98765 432 100' }, 'Phone number can be at most 15 characters'],
    ])('refuses %j', async (body, message) => {
      expectError(await check(body), 400, message);
    });

    it('refuses a number that is not text', async () => {
      expectError(await check({ mobile_number: 9876543210 }), 400);
    });
  });

  describe('Bull Board at /api/v1/admin/queues', () => {
    it('is for admins only', async () => {
      expectError(await api.http().get('/api/v1/admin/queues'), 401, 'No authentication token found');
      expectError(await api.http().get('/api/v1/admin/queues').set(bearer('bogus')), 401, 'Session expired. Please login again.');

      const fan = await signUp(api);
      expectError(await api.http().get('/api/v1/admin/queues').set(bearer(fan.token)), 403, 'Admin access required');
      const influencer = await signUp(api, { role: 'influencer' });
      expectError(await api.http().get('/api/v1/admin/queues').set(bearer(influencer.token)), 403, 'Admin access required');
      expectError(await api.http().get('/api/v1/admin/queues/api/queues').set(bearer(fan.token)), 403);

      const admin = await signUp(api);
      await makeAdmin(api, admin.user.id);
      const page = await api.http().get('/api/v1/admin/queues').set(bearer(admin.token)).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toMatch(/<html/i);
    });

    it('lets in a user with only the admin flag', async () => {
      const flagged = await signUp(api);
      await api.db.query('UPDATE users SET is_admin = true WHERE id = $1', [flagged.user.id]);
      await api.http().get('/api/v1/admin/queues').set(bearer(flagged.token)).expect(200);
    });
  });
});

describe('throttling per IP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LOGIN_MAX_FAILURES_PER_IP: '5' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('after LOGIN_MAX_FAILURES_PER_IP failures across different emails, every login from that address is 429', async () => {
    const person = await signUp(api);
    // A correct login does not use up the address's allowance.
    await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }).expect(200);
    // Sent all at once, so a limit that is checked before it is counted would let every guess through.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api
          .http()
          .post('/api/v1/auth/login')
          .send({ email: uniqueEmail(`guess${i}`), password: 'guessing' }),
      ),
    );
    const refused = guesses.filter((response) => response.status === 429);
    const wrong = guesses.filter((response) => response.status === 401);
    expect({ wrong: wrong.length, refused: refused.length }).toEqual({ wrong: 5, refused: 7 });
    for (const response of wrong) expectError(response, 401, 'Invalid email or password');
    for (const response of refused) expectError(response, 429, 'Too many failed login attempts. Please try again later.');

    expectError(
      await api.http().post('/api/v1/auth/login').send({ email: person.user.email, password: person.password }),
      429,
      'Too many failed login attempts. Please try again later.',
    );
    expectError(await api.http().post('/api/v1/auth/oldLogin').send({ email: uniqueEmail(), password: 'x' }), 429);
    // Registration is not a login: it is not blocked.
    await signUp(api);
  });

  const checkMobile = (forwardedFor: string, mobile: string) =>
    api.http().post('/api/v1/auth/check-mobile').set('X-Forwarded-For', forwardedFor).send({ mobile_number: mobile });

  it('answers check-mobile with 429 after LOGIN_MAX_FAILURES_PER_IP lookups from one address, and only for that address', async () => {
    // Sent all at once, so a limit checked before it is counted would let every lookup through.
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => checkMobile('203.0.113.7', `900000001${i}`)));
    const counts: Record<number, number> = {};
    for (const response of answers) counts[response.status] = (counts[response.status] ?? 0) + 1;
    expect(counts).toEqual({ 200: 5, 429: 3 });
    for (const response of answers.filter((r) => r.status === 429)) {
      expectError(response, 429, 'Too many requests. Please try again later.');
    }

    expect((await checkMobile('198.51.100.8', '9000000010')).body).toEqual({ exists: false, mobile_number: '+919000000010' });
    // Lookups have a counter of their own: they do not use up the address's login allowance.
    const person = await signUp(api);
    await api
      .http()
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ email: person.user.email, password: person.password })
      .expect(200);
  });
});
