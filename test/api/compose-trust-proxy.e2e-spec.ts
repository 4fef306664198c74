import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { uniqueEmail } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * docker-compose.yml publishes the API's port, so anyone who can reach it (another container, the
 * host, a neighbour on the network) talks to the API directly. Only the web container may tell the
 * API who the visitor is; anyone else is counted by their own address, whatever X-Forwarded-For says.
 */
interface Compose {
  services: Record<string, { environment?: Record<string, string>; networks?: Record<string, { ipv4_address?: string }> }>;
  networks?: Record<string, { ipam?: { config?: { subnet?: string }[] } }>;
}

const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as Compose;

describe('docker compose: whose X-Forwarded-For the API believes', () => {
  const trustProxy = compose.services.api?.environment?.TRUST_PROXY ?? '';
  const webAddress = compose.services.web?.networks?.default?.ipv4_address;

  it('trusts the web container’s fixed address and nothing else', () => {
    expect(webAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(compose.networks?.default?.ipam?.config?.[0]?.subnet).toBeDefined();
    expect(trustProxy.split(',').map((entry) => entry.trim())).toEqual([webAddress]);
  });

  describe('a client that is not the web', () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi({ TRUST_PROXY: trustProxy, LOGIN_MAX_FAILURES_PER_IP: '3' });
    });
    afterAll(async () => {
      await api.close();
    });

    it('cannot sidestep the per-address login limit by making up X-Forwarded-For', async () => {
      const guess = (n: number) =>
        api
          .http()
          .post('/api/v1/auth/login')
          .set('X-Forwarded-For', `203.0.113.${n}`)
          .send({ email: uniqueEmail('guess'), password: 'wrong-password' });
      for (let attempt = 1; attempt <= 3; attempt += 1) expect((await guess(attempt)).status).toBe(401);
      expect((await guess(4)).status).toBe(429);
    });
  });
});
