/// <reference lib="dom" />
import { expect, signIn, test } from './fixtures.js';

test.describe('the design showcase', () => {
  test('its live examples work, and it names the breakpoint the window is in', async ({ page, accounts }) => {
    // SPEC §2: a signed-in page; a guest is asked to log in and comes back to it.
    await page.goto('/design-showcase');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/design-showcase');
    await signIn(page, await accounts.create(), '/design-showcase');
    await expect(page.getByRole('heading', { name: 'Design showcase', level: 1 })).toBeVisible();

    // The sheet takes the focus and gives it back to its button on Escape.
    const opener = page.getByRole('button', { name: 'Open a sheet', exact: true });
    await opener.click();
    const sheet = page.getByRole('dialog', { name: 'Review this application' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(opener).toBeFocused();

    await page.getByRole('button', { name: 'Error toast' }).click();
    await expect(page.getByTestId('toast')).toHaveText('Failed to load transaction history');

    // The confirm step opens in place with the safe choice focused; confirming reaches the page's action.
    await page.getByRole('link', { name: 'Delete this example' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete this example?' });
    await expect(question.getByRole('link', { name: 'Keep it' })).toBeFocused();
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('toast')).toHaveText('Confirmed. Nothing was deleted: this is the showcase.');

    // The spec's breakpoints, as the stylesheet applies them.
    const current = page.getByTestId('current-breakpoint');
    for (const [width, band] of [
      [639, 'Phone (below 640 px)'],
      [640, 'sm (640 px and wider)'],
      [768, 'md (768 px and wider)'],
      [1024, 'lg (1024 px and wider)'],
    ] as const) {
      await page.setViewportSize({ width, height: 720 });
      await expect(current).toHaveText(band, { useInnerText: true });
    }
  });
});
