import ICAL from 'ical.js';
import { expect, signIn, test } from './fixtures.js';
import { daysFromNow, register, seedEvent } from './seed.js';

/**
 * Calendar feed (issue 25): a host makes a feed on /settings, the link it shows once answers on the
 * web's own origin with their event (read by ical.js), and once turned off the same link is gone.
 */
test('a host makes a calendar feed on /settings, subscribes through its link, and turns it off', async ({ page }) => {
  const host = await register('influencer', 'Kabir Feed Host');
  const event = await seedEvent(host, {
    title: 'Sunset sitar',
    date: daysFromNow(5),
    min_bid: 0,
    capacity: 10,
    location: 'Bandra, Mumbai',
  });
  await signIn(page, host, '/settings');

  await page.getByRole('button', { name: 'Create calendar feed' }).click();
  const link = page.getByLabel('Your feed link (shown only now)');
  await expect(link).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const https = await link.inputValue();
  expect(new URL(https).origin).toBe(new URL(page.url()).origin);
  await expect(page.getByRole('link', { name: 'Subscribe in calendar app' })).toHaveAttribute('href', https.replace(/^https?:/, 'webcal:'));

  const feed = await page.request.get(https);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const entries = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  expect(entries.map((entry) => [entry.uid, entry.summary])).toEqual([[`${event.id}@tribe`, 'Sunset sitar']]);

  await page.getByRole('button', { name: 'Turn off feed' }).click();
  await expect(page.getByRole('button', { name: 'Create calendar feed' })).toBeVisible();
  expect((await page.request.get(https)).status()).toBe(404);
});
