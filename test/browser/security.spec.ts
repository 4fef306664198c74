import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, logInThroughScreen, test } from './fixtures.js';

test.describe('what the web server refuses and sends', () => {
  test('pages cannot be framed by other sites and carry the security headers', async ({ page }) => {
    const response = await page.goto('/public');
    const headers = await response!.allHeaders();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('a form another site submits is refused, so nobody is signed in behind their back', async ({ request, accounts }) => {
    const account = await accounts.create();
    const form = { email: account.email, password: account.password, terms: 'on', returnTo: '/home' };
    const crossSite = await request.post('/login', { form, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, maxRedirects: 0 });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()['set-cookie']).toBeUndefined();
    // The same form from the site itself signs in.
    const sameSite = await request.post('/login', { form, headers: { 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 });
    expect(sameSite.status()).toBe(302);
    expect(sameSite.headers()['set-cookie']).toBeDefined();
  });

  test('a body far larger than any form is refused before it is read', async ({ request }) => {
    const response = await request.post('/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: `email=${'a'.repeat(2 * 1_048_576)}`,
    });
    expect(response.status()).toBe(413);
  });

  test('an event form refused half-way leaves no staged files behind', async ({ page, accounts }) => {
    // Every file under the web server's staging folders (it runs on this machine, with this temp dir).
    const staged = async () => {
      const folders = (await readdir(tmpdir())).filter((name) => name.startsWith('tribe-form-'));
      const files = await Promise.all(folders.map(async (folder) => (await readdir(join(tmpdir(), folder))).map((file) => join(folder, file))));
      return files.flat().sort();
    };
    const before = await staged();
    const account = await accounts.create();
    await logInThroughScreen(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    // A photo is staged first; the oversized text field after it makes the parse fail.
    const response = await page.request.post('/create-event', {
      headers: { 'sec-fetch-site': 'same-origin' },
      multipart: {
        photo_files: { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.alloc(5_000, 7) },
        description: 'x'.repeat(300 * 1024),
      },
    });
    expect(response.status()).toBe(400);
    expect(await staged()).toEqual(before);
  });
});

test.describe('bad input gets a readable refusal, never a server error', () => {
  test('a login form sent as JSON or as garbled multipart is refused with a message', async ({ request }) => {
    const asJson = await request.post('/login', { headers: { 'content-type': 'application/json' }, data: JSON.stringify({ email: 'a@example.in', password: 'x' }) });
    expect(asJson.status()).toBe(415);
    expect(await asJson.text()).toContain('This form could not be read. Reload the page and try again.');

    const garbled = await request.post('/login', { headers: { 'content-type': 'multipart/form-data; boundary=tribe' }, data: '--tribe\r\nnot a part at all' });
    expect(garbled.status()).toBe(400);
    expect(await garbled.text()).toContain('This form could not be read. Reload the page and try again.');
  });

  test('every form a signed-in person can send answers 4xx to an unreadable body', async ({ page, accounts }) => {
    const account = await accounts.create();
    await logInThroughScreen(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const someEvent = '00000000-0000-4000-8000-000000000000';
    const paths = ['/login', '/signup', '/settings', '/settings/password', '/delete-account', '/city-filter', '/my-events', '/create-event'];
    for (const path of [...paths, `/event/${someEvent}`, `/event/${someEvent}/report`, `/event/${someEvent}/edit`]) {
      for (const body of [
        { headers: { 'content-type': 'application/json' }, data: '{"intent":"switch-role"}' },
        { headers: { 'content-type': 'multipart/form-data; boundary=tribe' }, data: '--tribe\r\ngarbage' },
      ]) {
        const response = await page.request.post(path, { ...body, headers: { ...body.headers, 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 });
        expect(response.status(), `${path} with ${body.headers['content-type']}`).toBeLessThan(500);
      }
    }
  });

  test('a page of more events far past the end is a 400 with the list message, not a 502', async ({ request }) => {
    const response = await request.get('/resources/events?source=public&page=99999999');
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ feed: { events: [], error: 'Failed to load more events' } });
  });
});
