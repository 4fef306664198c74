import { bearer, signUp } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Passport keeps strategies in a process-wide registry; each API application must still answer with
 * its own sessions when several run in one process (as tests do, each on its own database).
 */
describe('two APIs in one process', () => {
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    first = await startTestApi();
    second = await startTestApi();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('each accepts only the tokens of its own sessions', async () => {
    const inFirst = await signUp(first);
    const inSecond = await signUp(second);
    await first.http().get(`/api/v1/users/${inFirst.user.id}`).set(bearer(inFirst.token)).expect(200);
    await second.http().get(`/api/v1/users/${inSecond.user.id}`).set(bearer(inSecond.token)).expect(200);

    const crossed = await first.http().get(`/api/v1/users/${inSecond.user.id}`).set(bearer(inSecond.token));
    expect({ status: crossed.status, body: crossed.body }).toEqual({
      status: 401,
      body: { error: 'Session expired. Please login again.', code: 'unauthorized' },
    });
    await second.http().get(`/api/v1/users/${inFirst.user.id}`).set(bearer(inFirst.token)).expect(401);
  });
});
