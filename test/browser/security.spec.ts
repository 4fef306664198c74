import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, signIn, test } from './fixtures.js';

test.describe('what the web server refuses and sends', () => {
  test('pages cannot be framed by other sites and carry the security headers', async ({ page }) => {
    const response = await page.goto('/public');
    const headers = await response!.allHeaders();
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('a signed-in page carries who is signed in, not their email, number or account details', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account);
    const html = await (await page.request.get('/home')).text();
    expect(html).toContain('Hi, <bdi>Aarav</bdi>');
    expect(html).toContain(account.id);
    expect(html).not.toContain(account.email);
    for (const field of ['mobile_number', 'wallet_balance', 'government_id_url', 'gender']) expect(html).not.toContain(field);
  });

  test('a form another site submits is refused, so nobody is signed in behind their back', async ({ request, accounts }) => {
    const account = await accounts.create();
    const form = { email: account.email, password: account.password, terms: 'on', returnTo: '/home' };
    const crossSite = await request.post('/login', {
      form,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()['set-cookie']).toBeUndefined();
    // The same form from the site itself signs in.
    const sameSite = await request.post('/login', { form, headers: { 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 });
    expect(sameSite.status()).toBe(302);
    expect(sameSite.headers()['set-cookie']).toBeDefined();
  });

  test('a body far larger than any form is refused before it is read', async ({ baseURL }) => {
    // Announce 2 MiB and send only the first kilobyte: the answer comes without waiting for the rest.
    // (Sending it all raced the server's close: the refusal could arrive as a broken pipe instead.)
    const announced = 2 * 1_048_576;
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(`${baseURL}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(announced) },
      });
      request.on('response', (response) => {
        resolve(response.statusCode);
        response.resume();
        request.destroy();
      });
      request.on('error', reject);
      request.write(`email=${'a'.repeat(1_024)}`);
    });
    expect(status).toBe(413);
  });

  test('an event form refused half-way leaves no staged files behind', async ({ page, accounts }) => {
    // Every file under the web server's staging folders (it runs on this machine, with this temp dir).
    const staged = async () => {
      const folders = (await readdir(tmpdir())).filter((name) => name.startsWith('tribe-form-'));
      const files = await Promise.all(
        folders.map(async (folder) => (await readdir(join(tmpdir(), folder))).map((file) => join(folder, file))),
      );
      return files.flat().sort();
    };
    const before = await staged();
    const account = await accounts.create();
    await signIn(page, account);
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

/** A one-pixel PNG the upload accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('bad input gets a readable refusal, never a server error', () => {
  test('a login form sent as JSON or as garbled multipart is refused with a message', async ({ request }) => {
    const asJson = await request.post('/login', {
      headers: { 'content-type': 'application/json' },
      data: JSON.stringify({ email: 'a@example.in', password: 'x' }),
    });
    expect(asJson.status()).toBe(415);
    expect(await asJson.text()).toContain('This form could not be read. Reload the page and try again.');

    const garbled = await request.post('/login', {
      headers: { 'content-type': 'multipart/form-data; boundary=tribe' },
      data: '--tribe\r\nnot a part at all',
    });
    expect(garbled.status()).toBe(400);
    expect(await garbled.text()).toContain('This form could not be read. Reload the page and try again.');
  });

  test('every form a signed-in person can send answers 4xx to an unreadable body', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const someEvent = '00000000-0000-4000-8000-000000000000';
    const paths = [
      '/login',
      '/signup',
      '/settings',
      '/settings/password',
      '/delete-account',
      '/city-filter',
      '/my-events',
      '/create-event',
      '/notifications',
      '/resources/notifications',
    ];
    for (const path of [...paths, `/event/${someEvent}`, `/event/${someEvent}/report`, `/event/${someEvent}/edit`]) {
      for (const body of [
        { headers: { 'content-type': 'application/json' }, data: '{"intent":"switch-role"}' },
        { headers: { 'content-type': 'multipart/form-data; boundary=tribe' }, data: '--tribe\r\ngarbage' },
      ]) {
        const response = await page.request.post(path, {
          ...body,
          headers: { ...body.headers, 'sec-fetch-site': 'same-origin' },
          maxRedirects: 0,
        });
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

test.describe('writes come only from the web’s own pages', () => {
  /** The same host on another port (same site), a subdomain of localhost on this port, another site. */
  const foreignOrigins = () => {
    const own = new URL(process.env.TRIBE_WEB_URL!);
    return [`${own.protocol}//${own.hostname}:1`, `http://tribe.localhost:${own.port}`, 'https://evil.example'];
  };

  test('settings and account deletion refuse a same-site page on another port with 403 and a message', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account, '/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    const [otherPort] = foreignOrigins();
    const switchRole = await page.request.post('/settings', {
      form: { intent: 'switch-role', role: 'influencer' },
      headers: { origin: otherPort, 'sec-fetch-site': 'same-site' },
      maxRedirects: 0,
    });
    expect(switchRole.status()).toBe(403);
    expect(await switchRole.text()).toContain('This form can only be sent from Tribe’s own pages.');
    const deletion = await page.request.post('/delete-account', {
      form: { confirm: 'DELETE' },
      headers: { origin: otherPort, 'sec-fetch-site': 'same-site' },
      maxRedirects: 0,
    });
    expect(deletion.status()).toBe(403);
    // Nothing changed: still a fan, still signed in.
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Active view' }).getByRole('radio', { name: 'Fan' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('uploads, logout and the queue dashboard refuse other origins, even same-site ones', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    for (const origin of foreignOrigins()) {
      const upload = await page.request.post('/resources/upload?kind=image', {
        headers: { origin, 'sec-fetch-site': 'same-site' },
        multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
      });
      expect(upload.status(), origin).toBe(403);
      const logout = await page.request.post('/logout', { headers: { origin }, maxRedirects: 0 });
      expect(logout.status(), origin).toBe(403);
      const dashboard = await page.request.post('/api/v1/admin/queues/api/queues/pause', { headers: { origin } });
      expect(dashboard.status(), origin).toBe(403);
    }
    // Without Origin, a foreign Referer or a same-site fetch is refused too.
    expect((await page.request.post('/logout', { headers: { referer: 'https://evil.example/page' }, maxRedirects: 0 })).status()).toBe(403);
    expect((await page.request.post('/logout', { headers: { 'sec-fetch-site': 'same-site' }, maxRedirects: 0 })).status()).toBe(403);
    // Still signed in.
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    // The web's own pages may: the upload goes through and logging out works.
    const own = new URL(process.env.TRIBE_WEB_URL!).origin;
    const upload = await page.request.post('/resources/upload?kind=image', {
      headers: { origin: own, 'sec-fetch-site': 'same-origin' },
      multipart: { image: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(upload.status()).toBe(201);
    const logout = await page.request.post('/logout', { headers: { origin: own, 'sec-fetch-site': 'same-origin' }, maxRedirects: 0 });
    expect(logout.status()).toBe(302);
  });
});
