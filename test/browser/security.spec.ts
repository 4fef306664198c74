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
