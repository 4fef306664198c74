import { createCookieSessionStorage } from '@remix-run/node';
import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { startWebServer, webServerRefusal, type WebServer } from '../support/web-server.js';
import { expect, logInThroughScreen, test } from './fixtures.js';

/**
 * The session cookie of a web server run as in production (NODE_ENV=production, no COOKIE_SECURE
 * set), in front of a scripted stand-in for the API.
 */
const SESSION_SECRET = 'a-production-like-secret-0123456789abcdef';
const TOKEN = 'fake-api-token-4b1d9e';
const USER = {
  id: '0d7f3a52-8a6b-4f0e-9c55-1b2a3c4d5e6f',
  role: 'fan',
  name: 'Kabir Shah',
  email: 'kabir@example.in',
  age: 31,
  gender: 'male',
  mobile_number: '+919876543210',
  isAdmin: false,
  needs_profile: false,
};
const NO_EVENTS = {
  data: [],
  pagination: { page: 1, limit: 20, total: 0, totalExact: true, totalPages: 0, hasNext: false, hasPrev: false },
};

let api: FakeApi;
let web: WebServer;

test.beforeAll(async () => {
  api = await startFakeApi();
  api.answer('POST /api/v1/auth/login', { status: 200, body: { user: USER, token: TOKEN } });
  api.answer(`GET /api/v1/users/${USER.id}`, { status: 200, body: USER });
  api.answer('GET /api/v1/events/filter', { status: 200, body: NO_EVENTS });
  web = await startWebServer({ API_URL: api.url, NODE_ENV: 'production', SESSION_SECRET, COOKIE_SECURE: '' });
});

test.afterAll(async () => {
  await web?.stop();
  await api?.close();
});

/** Every reading of a cookie value a curious person would try: as sent, URL-decoded, base64-decoded (twice). */
function readings(value: string): string[] {
  const decoded = decodeURIComponent(value);
  const out = [value, decoded];
  for (const part of decoded.split('.')) {
    const once = Buffer.from(part, 'base64').toString('latin1');
    out.push(once);
    for (const inner of once.replace(/^"|"$/g, '').split('.')) out.push(Buffer.from(inner, 'base64').toString('latin1'));
  }
  return out;
}

test.describe('the session cookie in production', () => {
  test('is Secure and httpOnly by default, and its contents cannot be read', async ({ page }) => {
    await logInThroughScreen(page, { email: USER.email, password: 'tribe-password-1' }, `${web.url}/login`);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const cookie = (await page.context().cookies(web.url)).find((candidate) => candidate.name === '__tribe_session');
    expect(cookie).toBeDefined();
    expect(cookie!.secure).toBe(true);
    expect(cookie!.httpOnly).toBe(true);
    for (const reading of readings(cookie!.value)) {
      expect(reading).not.toContain(TOKEN);
      expect(reading).not.toContain(USER.id);
    }
  });

  test('a cookie of the older signed-but-readable format counts as signed out', async ({ page }) => {
    const old = createCookieSessionStorage({
      cookie: { name: '__tribe_session', secrets: [SESSION_SECRET], path: '/', httpOnly: true, sameSite: 'lax' },
    });
    const session = await old.getSession();
    session.set('token', TOKEN);
    session.set('userId', USER.id);
    const value = (await old.commitSession(session)).split(';')[0]!.slice('__tribe_session='.length);
    await page.context().addCookies([{ name: '__tribe_session', value, url: web.url }]);
    await page.goto(`${web.url}/settings`);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('a cookie changed by one character counts as signed out', async ({ page }) => {
    await logInThroughScreen(page, { email: USER.email, password: 'tribe-password-1' }, `${web.url}/login`);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const cookie = (await page.context().cookies(web.url)).find((candidate) => candidate.name === '__tribe_session')!;
    const decoded = Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8');
    const sealed = JSON.parse(decoded) as string;
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    await page.context().addCookies([{ ...cookie, value: encodeURIComponent(Buffer.from(JSON.stringify(flipped)).toString('base64')) }]);
    await page.goto(`${web.url}/settings`);
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });
});

test.describe('starting the web in production', () => {
  test('refuses plain-HTTP origins while the cookie is Secure, and says what to do', async () => {
    const refused = await webServerRefusal({
      NODE_ENV: 'production',
      SESSION_SECRET,
      COOKIE_SECURE: '',
      WEB_ORIGINS: 'http://tribe.example',
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('WEB_ORIGINS lists http://tribe.example over plain HTTP');
    expect(refused.output).toContain('COOKIE_SECURE=false');
  });

  test('runs over plain HTTP when told to (COOKIE_SECURE=false)', async () => {
    const server = await startWebServer({
      API_URL: api.url,
      NODE_ENV: 'production',
      SESSION_SECRET,
      COOKIE_SECURE: 'false',
      WEB_ORIGINS: 'http://tribe.example',
    });
    await server.stop();
  });
});
