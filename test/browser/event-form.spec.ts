/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, signIn, test, type Account } from './fixtures.js';

/* --------------------------------------------------------------- helpers ---- */

/** A one-pixel PNG: small enough to spell out, real enough for the upload to accept. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A date ten days out as the datetime-local input wants it (India wall clock), at `time`. */
function inTenDays(time: string): string {
  const day = new Date(Date.now() + 10 * 86_400_000 + 19_800_000);
  return `${day.toISOString().slice(0, 10)}T${time}`;
}

async function openCreateForm(page: Page, account: Account) {
  await signIn(page, account, '/create-event');
  await expect(page).toHaveURL((url) => url.pathname === '/create-event');
}

/** True when the element shows all of its text (nothing cut off by its box). */
const showsAllText = (element: HTMLElement) =>
  element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1;

/* -------------------------------------------------------------- journeys ---- */

test.describe('event form', () => {
  test('every problem is named beside its field on the first submit, and nothing is created', async ({ page, accounts }) => {
    const host = await accounts.create({ name: 'Ishaan Rao' });
    await openCreateForm(page, host);

    await page.getByLabel('Title').fill('Salsa night');
    await page.getByLabel('Category').selectOption('music');
    await page.getByLabel('Starts').fill(inTenDays('20:00'));
    await page.getByLabel('Ends (optional)').fill(inTenDays('18:00'));
    await page.getByLabel('Latitude (optional)').fill('123');
    await page.getByText('By gender', { exact: true }).click();
    await page.getByRole('button', { name: 'Publish event' }).click();

    // The web's own check answers (no API banner): each field says what is wrong, all at once.
    await expect(page.getByRole('alert').first()).toHaveText('Please fix the highlighted fields.');
    await expect(page.getByLabel('Male price (₹)', { exact: true })).toHaveAccessibleDescription(
      'Enter both prices for gender-based pricing',
    );
    await expect(page.getByLabel('Female price (₹)')).toHaveAccessibleDescription('Enter both prices for gender-based pricing');
    await expect(page.getByLabel('Ends (optional)')).toHaveAccessibleDescription('The end must be after the start');
    await expect(page.getByLabel('Latitude (optional)')).toHaveAccessibleDescription('Must be between -90 and 90');
    await expect(page.getByText('Gender-based pricing needs both male_price and female_price.')).toHaveCount(0);
    await expect(page.getByText('The end date must be after the start date.')).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/create-event');

    await page.goto('/my-events');
    await expect(page.getByTestId('my-events-empty')).toBeVisible();
  });

  test('a refused photo shows its whole message, can be removed, and is never sent', async ({ page, accounts }) => {
    const host = await accounts.create({ name: 'Tara Pillai' });
    await openCreateForm(page, host);
    const title = `Clay studio ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('arts');
    await page.getByLabel('Starts').fill(inTenDays('17:00'));
    await page.getByLabel('Minimum bid (₹)').fill('600');

    // A text file named like a picture: the upload refuses it.
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('shopping list, not a photo') });
    const failed = page.getByTestId('photo-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('notes.png was not uploaded');
    await expect(failed.getByRole('alert')).toContainText(/image/i);
    // No broken picture and no cut-off text: the message shows whole, and nothing of it is sent.
    await expect(failed.locator('img')).toHaveCount(0);
    await expect(page.getByTestId('photo-item')).toHaveCount(0);
    await expect(page.getByText('Photo 1')).toHaveCount(0);
    for (const line of await failed.locator('p').all()) expect(await line.evaluate(showsAllText)).toBe(true);
    await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(0);

    await failed.getByRole('button', { name: 'Remove notes.png' }).click();
    await expect(failed).toHaveCount(0);

    // A refusal goes away with the next pick too; a real photo then uploads with its progress.
    await page
      .getByTestId('photo-input')
      .setInputFiles({ name: 'draft.png', mimeType: 'image/png', buffer: Buffer.from('also not a photo') });
    await expect(failed).toHaveCount(1);
    await page.getByTestId('photo-input').setInputFiles({ name: 'wheel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(1);
    await expect(failed).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByTestId('photo-item')).toHaveCount(1);
    await expect(page.getByTestId('photo-item').getByText('Cover')).toBeVisible();

    await page.getByRole('button', { name: 'Publish event' }).click();
    await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-gallery').locator('img')).toHaveCount(1);
  });
});
