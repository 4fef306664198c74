/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, logInThroughScreen, test } from './fixtures.js';
import { daysFromNow, register, seedEvent } from './seed.js';

/** Errors React reports when the server's HTML and the browser's first render disagree (it then throws the HTML away). */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  const isHydrationError = (text: string) => /#(418|423|425)\b|hydrat/i.test(text);
  page.on('console', (message) => {
    if (message.type() === 'error' && isHydrationError(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (isHydrationError(error.message)) errors.push(error.message);
  });
  return errors;
}

/** Opens `path` as a fresh page load (server render, then hydration) and waits until the app has hydrated. */
async function openFresh(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.classList.contains('splash-done'));
}

test.describe("people's text", () => {
  test('a name starting with a mathematical letter and ending in an emoji shows whole initials, with no hydration error', async ({ page, accounts }) => {
    const hydrationErrors = collectHydrationErrors(page);
    const account = await accounts.create({ name: '𝓐nanya 😀' });
    await logInThroughScreen(page, account, '/login?returnTo=/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');

    for (const path of ['/settings', '/profile-v2']) {
      await openFresh(page, path);
      await expect(page.getByText('𝓐😀', { exact: true }), path).toBeVisible();
      await expect(page.getByText('𝓐nanya 😀').first(), path).toBeVisible();
    }
    expect(hydrationErrors).toEqual([]);
  });

  test('an event titled with an emoji shows it whole on its placeholder picture', async ({ page }) => {
    const hydrationErrors = collectHydrationErrors(page);
    const host = await register('influencer', 'Kiran Joshi');
    const event = await seedEvent(host, { title: '🎤 Karaoke night', date: daysFromNow(4), location: 'Bandra, Mumbai' });
    await openFresh(page, `/event/${event.id}`);
    await expect(page.getByTestId('image-placeholder').first()).toHaveText('🎤');
    await openFresh(page, '/public');
    await expect(page.getByTestId('event-card').filter({ hasText: '🎤 Karaoke night' }).getByTestId('image-placeholder')).toHaveText('🎤');
    expect(hydrationErrors).toEqual([]);
  });
});
