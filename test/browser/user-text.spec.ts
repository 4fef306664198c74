/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { cardParts, eventCardTitled } from './event-cards.js';
import { expect, signIn, test, untilHydrated } from './fixtures.js';
import { daysFromNow, dbQuery, register, seedEvent } from './seed.js';

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
  await untilHydrated(page);
}

const RLO = '\u202E'; // RIGHT-TO-LEFT OVERRIDE: what follows it is drawn backwards

/**
 * Where the "✓ Verified host" mark is drawn relative to the host's name: a name left unisolated
 * lets a bidi override in it carry the mark over to its left.
 */
async function verifiedMarkPlacement(hostName: ReturnType<Page['getByTestId']>) {
  return hostName.evaluate((line) => {
    const mark = line.querySelector('[aria-label="Verified host"]')!;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    let nameRight = -Infinity;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (mark.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) nameRight = Math.max(nameRight, rect.right);
    }
    return { nameRight, markLeft: mark.getBoundingClientRect().left };
  });
}

test.describe("people's text", () => {
  test('a name starting with a mathematical letter and ending in an emoji shows whole initials, with no hydration error', async ({
    page,
    accounts,
  }) => {
    const hydrationErrors = collectHydrationErrors(page);
    const account = await accounts.create({ name: '𝓐nanya 😀' });
    await signIn(page, account, '/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');

    await openFresh(page, '/settings');
    await expect(page.getByText('𝓐😀', { exact: true })).toBeVisible();
    await expect(page.getByText('𝓐nanya 😀').first()).toBeVisible();
    // The profile shows a photo (the default avatar for the gender when there is none), never initials.
    await openFresh(page, '/profile-v2');
    await expect(page.getByRole('heading', { name: '𝓐nanya 😀' })).toBeVisible();
    await expect(page.getByRole('img', { name: "𝓐nanya 😀's profile photo" })).toBeVisible();
    expect(hydrationErrors).toEqual([]);
  });

  test('an event titled with an emoji shows it whole on its placeholder picture', async ({ page }) => {
    const hydrationErrors = collectHydrationErrors(page);
    const host = await register('influencer', 'Kiran Joshi');
    const event = await seedEvent(host, { title: '🎤 Karaoke night', date: daysFromNow(4), location: 'Bandra, Mumbai' });
    await openFresh(page, `/event/${event.id}`);
    await expect(page.getByTestId('image-placeholder').first()).toHaveText('🎤');
    await openFresh(page, '/public');
    await expect(eventCardTitled(page, '🎤 Karaoke night').getByTestId('image-placeholder')).toHaveText('🎤');
    expect(hydrationErrors).toEqual([]);
  });

  test('bidi controls are dropped from what people type, and names stored with them cannot flip the text beside them', async ({
    page,
    accounts,
  }) => {
    // Typed into the event form: the title comes back without the override, reading as typed.
    const account = await accounts.create({ name: 'Meher Sandhu' });
    await signIn(page, account, '/create-event');
    await expect(page).toHaveURL((url) => url.pathname === '/create-event');
    await page.getByLabel('Title').fill(`Open mic ${RLO}RTL`);
    await page.getByLabel('Category').selectOption('music');
    await page.getByText('Date to be decided', { exact: true }).click();
    await page.getByLabel('Location', { exact: true }).fill('Hauz Khas, Delhi');
    await page.getByRole('button', { name: 'Publish event' }).click();
    await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('event-title')).toHaveText('Open mic RTL');

    // A verified host whose name was stored with an override before the API dropped them.
    const host = await register('influencer', 'Dev Arora');
    await dbQuery(`UPDATE users SET name = $2, verified = true WHERE id = $1`, [host.id, `Dev ${RLO}Arora`]);
    // Tomorrow, so it sorts onto the public list's first page however many events the other journeys made.
    const event = await seedEvent(host, { title: 'Chai and chess', date: daysFromNow(1), location: 'Connaught Place, Delhi' });

    await page.goto(`/event/${event.id}`);
    const hostLine = page.getByTestId('event-host').getByTestId('host-name');
    await expect(hostLine.getByLabel('Verified host')).toBeVisible();
    const onPage = await verifiedMarkPlacement(hostLine);
    expect(onPage.markLeft).toBeGreaterThanOrEqual(onPage.nameRight - 0.5);

    await page.goto('/public');
    const cardHost = cardParts(eventCardTitled(page, 'Chai and chess')).hostName;
    await expect(cardHost.getByLabel('Verified host')).toBeVisible();
    const onCard = await verifiedMarkPlacement(cardHost);
    expect(onCard.markLeft).toBeGreaterThanOrEqual(onCard.nameRight - 0.5);
  });
});
