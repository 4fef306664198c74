import { Redis } from 'ioredis';
import type { Response } from 'supertest';
import { bearer, makeAdmin, signUp, type SignedUp } from '../support/factories.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * ASVS 2.2.1: failed logins are limited without a lockout an attacker can trigger. Failures count per
 * (account, address) pair, which is slowed by growing waits; per address overall; and per account over
 * all addresses, a limit that only addresses the owner has not signed in from are held to.
 */

const TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please try again later.';

function expectTooMany(response: Response): number {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 429,
    body: { error: TOO_MANY_ATTEMPTS, code: 'too_many_requests' },
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  return retryAfter;
}

function statusCounts(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

const loginFrom = (api: TestApi, address: string, email: string, password: string, path = 'login') =>
  api.http().post(`/api/v1/auth/${path}`).set('X-Forwarded-For', address).send({ email, password });

/** `count` wrong passwords for the account from one address, all sent at once. */
const guessAtOnce = (api: TestApi, address: string, email: string, count: number, from = 0) =>
  Promise.all(
    Array.from({ length: count }, (_, i) => loginFrom(api, address, i % 2 === 0 ? email : email.toUpperCase(), `wrong-${from + i}`)),
  );

describe('one attacker, one address (the issue’s figures: 100 failures per account per hour)', () => {
  /** Free failures per (account, address) before the first wait. */
  const FREE = 5;
  let api: TestApi;
  beforeAll(async () => {
    // Waits long enough that none runs out during a test.
    api = await startTestApi({ LOGIN_DELAY_AFTER_FAILURES: String(FREE), LOGIN_DELAY_BASE_MS: '600000', LOGIN_DELAY_MAX_MS: '600000' });
    expect(api.config.LOGIN_MAX_FAILURES_PER_ACCOUNT).toBe(100);
  });
  afterAll(async () => {
    await api.close();
  });

  it('120 wrong passwords from one address do not stop the admin signing in, or changing the password, from another', async () => {
    const owner = await signUp(api);
    await makeAdmin(api, owner.user.id);

    const guesses = await guessAtOnce(api, '203.0.113.10', owner.user.email, 120);
    expect(statusCounts(guesses)).toEqual({ 401: FREE, 429: 120 - FREE });
    for (const response of guesses.filter((r) => r.status === 429)) expectTooMany(response);

    // An address that has never signed in to the account: the owner on a new network.
    const home = await loginFrom(api, '198.51.100.10', owner.user.email, owner.password).expect(200);
    expect(home.body.user).toMatchObject({ id: owner.user.id, isAdmin: true });
    await loginFrom(api, '198.51.100.11', owner.user.email, owner.password, 'oldLogin').expect(200);

    await api
      .http()
      .put('/api/v1/users/me/password')
      .set(bearer(home.body.token as string))
      .set('X-Forwarded-For', '198.51.100.12')
      .send({ current_password: owner.password, new_password: 'a-brand-new-password' })
      .expect(200);
    await loginFrom(api, '198.51.100.13', owner.user.email, 'a-brand-new-password').expect(200);
  }, 60_000);

  it('holds the attacker’s address back for that account, even with the right password, and only for that account', async () => {
    const owner = await signUp(api);
    const neighbour = await signUp(api);
    for (let i = 0; i < FREE; i += 1) {
      expect((await loginFrom(api, '203.0.113.20', owner.user.email, `wrong-${i}`)).status).toBe(401);
    }
    const retryAfter = expectTooMany(await loginFrom(api, '203.0.113.20', owner.user.email, 'wrong-again'));
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Refused before the password is looked at: guessing the password here is not possible.
    expectTooMany(await loginFrom(api, '203.0.113.20', owner.user.email, owner.password));

    // Someone else at the same address, and the owner elsewhere, are not held back.
    await loginFrom(api, '203.0.113.20', neighbour.user.email, neighbour.password).expect(200);
    await loginFrom(api, '198.51.100.20', owner.user.email, owner.password).expect(200);
  });

  it('lets one address make wrong guesses at ten accounts without closing any of them to their owners', async () => {
    const owners: SignedUp[] = [];
    for (let i = 0; i < 10; i += 1) owners.push(await signUp(api));
    await makeAdmin(api, owners[0]!.user.id);

    for (const owner of owners) {
      expect(statusCounts(await guessAtOnce(api, '203.0.113.30', owner.user.email, 110))).toEqual({ 401: FREE, 429: 110 - FREE });
    }
    for (const owner of owners) {
      await loginFrom(api, '198.51.100.30', owner.user.email, owner.password).expect(200);
    }
  }, 120_000);

  it('counts a wrong current password in a password change against the same address', async () => {
    const owner = await signUp(api);
    const change = (address: string, current: string) =>
      api
        .http()
        .put('/api/v1/users/me/password')
        .set(bearer(owner.token))
        .set('X-Forwarded-For', address)
        .send({ current_password: current, new_password: 'a-brand-new-password' });

    const guesses = await Promise.all(Array.from({ length: FREE + 3 }, (_, i) => change('203.0.113.40', `wrong-${i}`)));
    expect(statusCounts(guesses)).toEqual({ 400: FREE, 429: 3 });
    expectTooMany(await change('203.0.113.40', owner.password));
    expectTooMany(await loginFrom(api, '203.0.113.40', owner.user.email, owner.password));

    await change('198.51.100.40', owner.password).expect(200);
  });
});

describe('the waits of one (account, address) pair', () => {
  const FREE = 2;
  const BASE_MS = 1_000;
  const MAX_MS = 4_000;
  let api: TestApi;
  let redis: Redis;
  beforeAll(async () => {
    api = await startTestApi({
      LOGIN_DELAY_AFTER_FAILURES: String(FREE),
      LOGIN_DELAY_BASE_MS: String(BASE_MS),
      LOGIN_DELAY_MAX_MS: String(MAX_MS),
      // Short waits let one address make many guesses an hour, so the account-wide limit must be higher.
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '100000',
    });
    redis = new Redis(api.config.REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await api.close();
  });

  const waitKey = (email: string, address: string) => `${api.config.QUEUE_PREFIX}:login-failures:wait:${email}:${address}`;

  it('double with each further failure, up to LOGIN_DELAY_MAX_MS', async () => {
    const owner = await signUp(api);
    const address = '203.0.113.50';
    for (let i = 0; i < FREE - 1; i += 1) {
      expect((await loginFrom(api, address, owner.user.email, `wrong-${i}`)).status).toBe(401);
      expect(await redis.exists(waitKey(owner.user.email, address))).toBe(0);
    }
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect((await loginFrom(api, address, owner.user.email, `wrong-again-${i}`)).status).toBe(401);
      waits.push(await redis.pttl(waitKey(owner.user.email, address)));
      expectTooMany(await loginFrom(api, address, owner.user.email, owner.password));
      // As if the wait had passed.
      await redis.del(waitKey(owner.user.email, address));
    }
    const ceilings = [BASE_MS, 2 * BASE_MS, MAX_MS, MAX_MS];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThan(ceilings[i]! - 1_000);
      expect(wait).toBeLessThanOrEqual(ceilings[i]!);
    });
  });

  it('slow the owner who shares the attacker’s address down, but let them in once the wait has passed', async () => {
    const owner = await signUp(api);
    const address = '203.0.113.60';
    for (let i = 0; i < FREE; i += 1) await loginFrom(api, address, owner.user.email, `wrong-${i}`).expect(401);
    expect(expectTooMany(await loginFrom(api, address, owner.user.email, owner.password))).toBe(1);

    await waitUntil(
      async () => (await loginFrom(api, address, owner.user.email, owner.password)).status === 200,
      'the owner to get in from the shared address',
      10_000,
    );
    // Signing in forgives that address its failures: the next mistakes are free again.
    expect(await redis.exists(waitKey(owner.user.email, address))).toBe(0);
    for (let i = 0; i < FREE - 1; i += 1) await loginFrom(api, address, owner.user.email, `typo-${i}`).expect(401);
    await loginFrom(api, address, owner.user.email, owner.password).expect(200);
  });
});

describe('many addresses together', () => {
  const LIMIT = 10;
  const FREE = 3;
  let api: TestApi;
  beforeAll(async () => {
    // 20-minute waits: one address makes at most 3 + 2 failures an hour at one account, under the limit.
    api = await startTestApi({
      LOGIN_MAX_FAILURES_PER_ACCOUNT: String(LIMIT),
      LOGIN_DELAY_AFTER_FAILURES: String(FREE),
      LOGIN_DELAY_BASE_MS: '1200000',
      LOGIN_DELAY_MAX_MS: '1200000',
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('reach LOGIN_MAX_FAILURES_PER_ACCOUNT, after which only addresses the owner has signed in from get through', async () => {
    const owner = await signUp(api);
    // The owner's phone signed in from here earlier; the sign-up came from the test's own address.
    await loginFrom(api, '198.51.100.70', owner.user.email, owner.password).expect(200);

    const attackers = ['203.0.113.71', '203.0.113.72', '203.0.113.73', '203.0.113.74', '203.0.113.75', '203.0.113.76'];
    const guesses = await Promise.all(attackers.map((address) => guessAtOnce(api, address, owner.user.email, FREE)));
    expect(statusCounts(guesses.flat())).toEqual({ 401: LIMIT, 429: attackers.length * FREE - LIMIT });

    // Addresses that have not signed in to the account: refused until the window ends, the right password included.
    const fresh = expectTooMany(await loginFrom(api, '192.0.2.80', owner.user.email, owner.password));
    expect(fresh).toBeGreaterThan(3_500);
    expect(fresh).toBeLessThanOrEqual(api.config.LOGIN_FAILURE_WINDOW_SECONDS);
    expectTooMany(await loginFrom(api, '192.0.2.81', owner.user.email, 'one-more-guess'));
    expectTooMany(await loginFrom(api, attackers[0]!, owner.user.email, owner.password));

    // The owner's own addresses still get in.
    const phone = await loginFrom(api, '198.51.100.70', owner.user.email, owner.password).expect(200);
    await api.http().post('/api/v1/auth/login').send({ email: owner.user.email, password: owner.password }).expect(200);
    await api
      .http()
      .put('/api/v1/users/me/password')
      .set(bearer(phone.body.token as string))
      .set('X-Forwarded-For', '198.51.100.70')
      .send({ current_password: owner.password, new_password: 'a-brand-new-password' })
      .expect(200);
    await loginFrom(api, '198.51.100.70', owner.user.email, 'a-brand-new-password').expect(200);
  });

  it('a known address is still slowed for its own wrong guesses', async () => {
    const owner = await signUp(api);
    await loginFrom(api, '198.51.100.90', owner.user.email, owner.password).expect(200);
    for (let i = 0; i < FREE; i += 1) await loginFrom(api, '198.51.100.90', owner.user.email, `wrong-${i}`).expect(401);
    expectTooMany(await loginFrom(api, '198.51.100.90', owner.user.email, owner.password));
  });
});
