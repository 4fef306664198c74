import { signUp, uniqueEmail } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** The web server logs people in on their behalf and forwards their address in X-Forwarded-For. */
describe('login limits per visitor behind the web server', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ LOGIN_MAX_FAILURES_PER_IP: '3' });
  });
  afterAll(async () => {
    await api.close();
  });

  const login = (forwardedFor: string, email: string, password: string) =>
    api.http().post('/api/v1/auth/login').set('X-Forwarded-For', forwardedFor).send({ email, password });

  it('counts failures per forwarded visitor address, so one attacker cannot lock everyone out', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login('203.0.113.5', uniqueEmail('guess'), 'wrong-password')).status).toBe(401);
    }
    expect((await login('203.0.113.5', uniqueEmail('guess'), 'wrong-password')).status).toBe(429);

    const someoneElse = await signUp(api);
    const response = await login('198.51.100.7', someoneElse.user.email, someoneElse.password);
    expect(response.status).toBe(200);
  });
});

describe('sign-ups per visitor', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ REGISTRATIONS_PER_IP_PER_HOUR: '2' });
  });
  afterAll(async () => {
    await api.close();
  });

  const register = (forwardedFor: string) =>
    api
      .http()
      .post('/api/v1/auth/register')
      .set('X-Forwarded-For', forwardedFor)
      .send({ email: uniqueEmail('new'), password: 'a-good-password', name: 'New Person' });

  it('refuses a third account from one address within the hour, without creating it, and not for others', async () => {
    expect((await register('203.0.113.9')).status).toBe(201);
    expect((await register('203.0.113.9')).status).toBe(201);
    const before = await countRows(api.db, 'users');
    const refused = await register('203.0.113.9');
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { error: 'Too many new accounts from this network. Please try again later.', code: 'too_many_requests' },
    });
    expect(await countRows(api.db, 'users')).toBe(before);
    expect((await register('198.51.100.20')).status).toBe(201);
  });
});
