import { test as base, expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { useStackOf } from './stack-env.js';

/**
 * Shared fixtures: `workerStack` points the worker at the stack the global setup started for it,
 * `baseURL` at that stack's web server, and `accounts` creates people straight through the API when
 * a journey does not need to sign up through the screens.
 */
export interface Account {
  id: string;
  email: string;
  password: string;
  name: string;
}

interface Accounts {
  /** A new email address no one has used. */
  uniqueEmail: (label?: string) => string;
  /** Registers through the API; `complete` also fills in age, gender and mobile number. */
  create: (options?: { complete?: boolean; name?: string }) => Promise<Account>;
  /** Makes the account an admin, as `npm run admin:create` does. */
  makeAdmin: (account: Account) => Promise<void>;
}

function apiUrl(): string {
  const url = process.env.TRIBE_API_URL;
  if (!url) throw new Error('TRIBE_API_URL is not set: the browser tests run through playwright.config.ts (global setup).');
  return url;
}

/** A valid Indian mobile number, different each call. */
export function uniqueMobile(): string {
  return `9${String(Number.parseInt(randomBytes(4).toString('hex'), 16) % 1_000_000_000).padStart(9, '0')}`;
}

export const test = base.extend<{ accounts: Accounts; closeOwnContexts: void }, { workerStack: void }>({
  // Before anything of the worker runs (its beforeAll hooks too): the addresses of its own stack.
  workerStack: [
    async ({}, use, workerInfo) => {
      useStackOf(workerInfo.parallelIndex);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  // Browser contexts a journey opened itself (`browser.newContext()`, `signedIn`) close when it ends,
  // as its own `page` does: left open, their pages (chat sockets, timers) would keep the worker's
  // browser busy for the rest of the run. A failed journey keeps them for its screenshots; its
  // worker's browser is replaced anyway. It also keeps each open page's HTML as it was when the
  // journey failed (the traces carry no DOM snapshots: taking them at every step cost a fifth of the tier).
  closeOwnContexts: [
    async ({ browser }, use, testInfo) => {
      const before = new Set(browser.contexts());
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        await attachPagesHtml(browser, testInfo);
        return;
      }
      await Promise.all(browser.contexts().flatMap((context) => (before.has(context) ? [] : [context.close()])));
    },
    { auto: true },
  ],
  baseURL: async ({}, use) => {
    const url = process.env.TRIBE_WEB_URL;
    if (!url) throw new Error('TRIBE_WEB_URL is not set: the browser tests run through playwright.config.ts (global setup).');
    await use(url);
  },
  accounts: async ({}, use) => {
    const uniqueEmail = (label = 'member') => `${label}.${Date.now()}.${randomBytes(3).toString('hex')}@example.in`;
    await use({
      uniqueEmail,
      create: async ({ complete = true, name = 'Aarav Mehta' } = {}) => {
        const credentials = { email: uniqueEmail(), password: 'tribe-password-1', name };
        const profile = complete ? { age: 27, gender: 'male', mobile_number: uniqueMobile() } : {};
        const response = await fetch(`${apiUrl()}/api/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...credentials, ...profile }),
        });
        if (response.status !== 201) throw new Error(`register failed: ${response.status} ${await response.text()}`);
        const { user } = (await response.json()) as { user: { id: string } };
        return { ...credentials, id: user.id };
      },
      makeAdmin: async (account) => {
        const client = new pg.Client({ connectionString: process.env.TRIBE_DATABASE_URL });
        await client.connect();
        try {
          await client.query(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [account.id]);
        } finally {
          await client.end();
        }
      },
    });
  },
});

export { expect };

/** Every open page's URL and HTML, attached to a failed journey's report. */
async function attachPagesHtml(browser: Browser, testInfo: TestInfo): Promise<void> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  for (const [index, page] of pages.entries()) {
    const html = await page.content().catch((error: Error) => `<!-- the page's HTML could not be read: ${error.message} -->`);
    const path = testInfo.outputPath(`page-${index + 1}.html`);
    await writeFile(path, `<!-- ${page.url()} -->\n${html}`);
    await testInfo.attach(`page-${index + 1}.html`, { path, contentType: 'text/html' });
  }
}

/**
 * Waits until the page's app has hydrated. The splash covers only a tab's first page, so on later
 * pages a click can land before the JavaScript does and take the no-JavaScript path (a plain link).
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('splash-done'));
}

/** Logs in through the /login screen (the app must be hydrated; Playwright waits for the splash to clear). */
export async function logInThroughScreen(page: Page, account: Pick<Account, 'email' | 'password'>, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * Signs the page's browser in without the screen: one POST of the login form to the web's own
 * action (the cookie lands in the page's context, as the form's would), then opens `path`. For
 * journeys that start signed in; the sign-in journeys themselves go through the form.
 */
export async function signIn(page: Page, person: Pick<Account, 'email' | 'password'>, path = '/home'): Promise<void> {
  const response = await page.context().request.post('/login', {
    form: { email: person.email, password: person.password, terms: 'on' },
    maxRedirects: 0,
  });
  expect(response.status(), `signing ${person.email} in: ${await response.text()}`).toBe(302);
  await page.goto(path);
}

/** A person's own session in a browser context of its own (so two people can act side by side), at /home. */
export async function signedIn(browser: Browser, person: Pick<Account, 'email' | 'password'>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, person);
  await expect(page).toHaveURL(/\/home/);
  return page;
}

/** Makes the page believe its tab was hidden (or shown again), as switching tabs would. */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (isHidden ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
