import { startFakeApi, type FakeApi } from '../support/fake-api.js';
import { startWebServer, type WebServer } from '../support/web-server.js';
import { expect, logInThroughScreen, test } from './fixtures.js';

/**
 * What a visitor sees when the API is down, too slow, or answers 503 (Redis down during a login,
 * a deploy): a web server of its own in front of a scripted stand-in for the API.
 */
const USER = {
  id: '5f0c1c55-1d8e-4c3b-9d6f-2c4b7a1e9b01',
  role: 'fan',
  name: 'Meera Iyer',
  username: null,
  email: 'meera@example.in',
  avatar_url: null,
  bio: null,
  location: null,
  age: 29,
  gender: 'female',
  mobile_number: '+919812345678',
  instagram_handle: null,
  follower_count: 0,
  events_attended: 0,
  events_hosted: 0,
  rating: null,
  verified: false,
  isAdmin: false,
  needs_profile: false,
};
const ACCOUNT = { email: USER.email, password: 'tribe-password-1' };
const NO_EVENTS = {
  data: [],
  pagination: { page: 1, limit: 20, total: 0, totalExact: true, totalPages: 0, hasNext: false, hasPrev: false },
};
/** The API's timeout in the web under test: short, so a hung API is given up on quickly. */
const TIMEOUT_MS = 1_500;

let api: FakeApi;
let web: WebServer;

test.beforeAll(async () => {
  api = await startFakeApi();
  web = await startWebServer({ API_URL: api.url, API_TIMEOUT_MS: String(TIMEOUT_MS) });
});

test.afterAll(async () => {
  await web?.stop();
  await api?.close();
});

test.beforeEach(() => {
  api.answer('POST /api/v1/auth/login', { status: 200, body: { user: USER, token: 'fake-api-token' } });
  api.answer(`GET /api/v1/users/${USER.id}`, { status: 200, body: USER });
  api.answer('GET /api/v1/events/filter', { status: 200, body: NO_EVENTS });
  api.answer('GET /api/v1/events/public/filter', { status: 200, body: NO_EVENTS });
});

test.describe('when the API cannot answer', () => {
  test('a login the API cannot take now (503) shows its message on the form, with status 503', async ({ page }) => {
    const message = 'Signing in is paused for a moment. Please try again shortly.';
    api.answer('POST /api/v1/auth/login', {
      status: 503,
      body: { error: message, code: 'service_unavailable' },
      headers: { 'Retry-After': '30' },
    });
    const response = await page.request.post(`${web.url}/login`, { form: { ...ACCOUNT, terms: 'on', returnTo: '/home' }, maxRedirects: 0 });
    expect(response.status()).toBe(503);
    expect(response.headers()['retry-after']).toBe('30');

    await logInThroughScreen(page, ACCOUNT, `${web.url}/login`);
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(page.getByLabel('Email')).toHaveValue(ACCOUNT.email);
  });

  test('a sign-up the API cannot take now shows a readable message on the form, even when the 503 is not the product’s', async ({
    page,
  }) => {
    // Fastify's own 503 (during shutdown) names no product code.
    api.answer('POST /api/v1/auth/register', {
      status: 503,
      body: { error: 'Service Unavailable', message: 'Server is shutting down', statusCode: 503 },
    });
    await page.goto(`${web.url}/signup`);
    await page.getByLabel('Full name').fill('Meera Iyer');
    await page.getByLabel('Email').fill('meera.new@example.in');
    await page.getByLabel('Password', { exact: true }).fill('tribe-password-1');
    await page.getByLabel(/I agree to the/).check();
    const answered = page.waitForResponse(
      (response) => new URL(response.url()).pathname.startsWith('/signup') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /create account/i }).click();
    expect((await answered).status()).toBe(503);
    await expect(page.getByRole('alert')).toHaveText('Tribe is not reachable right now. Please try again in a moment.');
  });

  test('a signed-in page whose API hangs gives up within the timeout: a try-again page with status 503', async ({ page }) => {
    await logInThroughScreen(page, ACCOUNT, `${web.url}/login`);
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    api.answer(`GET /api/v1/users/${USER.id}`, 'hang');
    const started = Date.now();
    const response = await page.goto(`${web.url}/settings`);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
    expect(response!.status()).toBe(503);
    expect(response!.headers()['retry-after']).toBeDefined();
    await expect(page.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();
    await expect(page.getByText('Tribe is not reachable right now. Please try again in a moment.')).toBeVisible();

    // Back up: "Try again" opens the page.
    api.answer(`GET /api/v1/users/${USER.id}`, { status: 200, body: USER });
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('radiogroup', { name: 'Active view' })).toBeVisible();
  });

  test('an API that drops the connection, or answers 503, is the same try-again page', async ({ page }) => {
    await logInThroughScreen(page, ACCOUNT, `${web.url}/login`);
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    api.answer(`GET /api/v1/users/${USER.id}`, 'drop');
    const dropped = await page.goto(`${web.url}/settings`);
    expect(dropped!.status()).toBe(503);
    await expect(page.getByRole('heading', { name: 'Temporarily unavailable' })).toBeVisible();

    const message = 'Tribe is busy right now. Please try again in a minute.';
    api.answer(`GET /api/v1/users/${USER.id}`, {
      status: 503,
      body: { error: message, code: 'service_unavailable' },
      headers: { 'Retry-After': '60' },
    });
    const unavailable = await page.goto(`${web.url}/settings`);
    expect(unavailable!.status()).toBe(503);
    expect(unavailable!.headers()['retry-after']).toBe('60');
    await expect(page.getByText(message)).toBeVisible();
  });

  test('more events while the API hangs: 503 with the list’s message, not 502', async ({ request }) => {
    api.answer('GET /api/v1/events/public/filter', 'hang');
    const response = await request.get(`${web.url}/resources/events?source=public&page=2`);
    expect(response.status()).toBe(503);
    expect(response.headers()['retry-after']).toBeDefined();
    expect(await response.json()).toMatchObject({ feed: { error: 'Failed to load more events' } });
  });

  test('the queue dashboard while the API hangs: 503 with a message, within the timeout', async ({ request }) => {
    api.answer('GET /api/v1/admin/queues', 'hang');
    const started = Date.now();
    const response = await request.get(`${web.url}/api/v1/admin/queues`);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
    expect(response.status()).toBe(503);
    expect(await response.json()).toEqual({ error: 'Tribe is not reachable right now. Please try again in a moment.' });
  });
});
