/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { eventCards } from './event-cards.js';
import { expect, logInThroughScreen, signIn, test, untilHydrated } from './fixtures.js';
import { daysFromNow, png, register, seedEvent, uploadImage } from './seed.js';

test.describe('the layout shell', () => {
  test('a guest tapping Create sees the Login Required prompt, and Maybe Later closes it', async ({ page }) => {
    await page.goto('/public');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Create' }).click();

    const prompt = page.getByRole('dialog', { name: 'Login Required' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('create an event');
    await expect(prompt.getByRole('link', { name: 'Login to Continue' })).toHaveAttribute('href', '/login?returnTo=%2Fcreate-event');
    // Create Account goes to /signup, carrying the page the guest wanted so they land there afterwards.
    await expect(prompt.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/signup?returnTo=%2Fcreate-event');
    // The prompt takes the keyboard focus, on its first action.
    await expect(prompt.getByRole('link', { name: 'Login to Continue' })).toBeFocused();
    await prompt.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(prompt).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/public');

    // Chat and Profile ask the same, with their own action text; Login to Continue goes to login.
    await nav.getByRole('link', { name: 'Chat' }).click();
    await expect(page.getByRole('dialog', { name: 'Login Required' })).toContainText('access your chats');
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Login Required' })).toContainText('access your profile');
    await page.getByRole('link', { name: 'Login to Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/profile-v2');
  });

  test('the active tab follows the path, and nested pages get a back button', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/profile-v2');
    await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveCount(0);

    // A nested path opened directly has a back button; with no history inside the app it falls back to /home.
    await page.goto(`/host-past-events/${account.id}`);
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    // Reached from inside the app, it goes back to where the person came from, not to the fallback.
    await page.goto('/settings');
    await untilHydrated(page);
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings/password');
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
  });

  test('pages, scripts and styles reach the browser compressed (brotli or gzip)', async ({ page }) => {
    const encodings = new Map<string, string | undefined>();
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type === 'document' || type === 'script' || type === 'stylesheet')
        encodings.set(type, (await response.allHeaders())['content-encoding']);
    });
    await page.goto('/public');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect.poll(() => [...encodings.keys()].sort()).toEqual(['document', 'script', 'stylesheet']);
    const compressed = expect.stringMatching(/^(br|gzip)$/);
    expect(Object.fromEntries(encodings)).toEqual({ document: compressed, script: compressed, stylesheet: compressed });
  });

  test('a list page asks for its first photo before its scripts, and for the other photos as they near the screen', async ({ page }) => {
    const host = await register('influencer', 'Ibapyntngen Host');
    const photo = await uploadImage(host, png(80, 50, [40, 120, 200]));
    // A town of this test's own: other journeys list events (some without photos) in the same database.
    const town = `Mawlynnong ${randomUUID().slice(0, 8)}`;
    for (const days of [3, 4])
      await seedEvent(host, {
        title: `Living roots walk ${days}`,
        date: daysFromNow(days),
        location: `Riwai, ${town}`,
        images: [photo],
      });
    const html = await (await page.goto(`/public?city=${encodeURIComponent(town)}`))!.text();
    const photos = eventCards(page).locator('.event-card-media > img');
    await expect(photos).toHaveCount(2);
    expect(
      await photos.evaluateAll((images) => images.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')])),
    ).toEqual([
      ['eager', 'high'],
      ['lazy', null],
    ]);
    // The page as the server sent it (hydration takes Remix's preload links out of the document).
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map(([tag]) => tag);
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((tag) => !tag.includes('fetchpriority="low"'))).toEqual([]);
  });

  test('Home brings a person back to the home tab they chose last', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await page.getByTestId('home-tab-plan-together').click();
    await expect(page.getByTestId('home-tab-plan-together')).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Community' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/community');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('tab') === 'plan-together');
    await expect(page.getByTestId('home-tab-plan-together')).toHaveAttribute('aria-current', 'page');

    await page.getByTestId('home-tab-influencer-events').click();
    await expect(page.getByTestId('home-tab-influencer-events')).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Community' }).click();
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByTestId('home-tab-influencer-events')).toHaveAttribute('aria-current', 'page');
  });

  test('unknown paths show the not-found page with a 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the legal routes all show the legal page, led by their own policy', async ({ page }) => {
    for (const [path, title] of [
      ['/terms', 'Terms and Conditions'],
      ['/privacy', 'Privacy Policy'],
      ['/refund', 'Cancellation and Refund Policy'],
      ['/cancellation', 'Cancellation and Refund Policy'],
      ['/refund-cancellation', 'Cancellation and Refund Policy'],
      ['/shipping', 'Shipping and Delivery Policy'],
      ['/support', 'Contact and Support'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('navigation', { name: 'Policies' })).toBeVisible();
    }
  });

  for (const width of [375, 640, 768, 1024]) {
    test(`at ${width} px the bottom navigation is visible and nothing overflows sideways`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/public');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav).toBeVisible();
      const box = await nav.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(800);
      for (const label of ['Home', 'Create', 'Community', 'Chat', 'Profile']) {
        const tab = await nav.getByRole('link', { name: label }).boundingBox();
        expect(tab, label).not.toBeNull();
        expect(tab!.x + tab!.width, label).toBeLessThanOrEqual(width);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.goto('/login');
      const loginOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(loginOverflow).toBeLessThanOrEqual(0);
    });
  }
});

test.describe('the layout shell, as QA found it', () => {
  test('sheets slide in, and appear at once for a person whose system asks for reduced motion', async ({ page }) => {
    const sheetAnimation = async (reducedMotion: 'no-preference' | 'reduce') => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/public');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
      const prompt = page.getByRole('dialog', { name: 'Login Required' });
      await expect(prompt).toBeVisible();
      return prompt.evaluate((element) => {
        const style = getComputedStyle(element);
        return { name: style.animationName, seconds: parseFloat(style.animationDuration) };
      });
    };
    expect(await sheetAnimation('no-preference')).toEqual({ name: 'sheet-in', seconds: 0.22 });
    expect((await sheetAnimation('reduce')).seconds).toBeLessThanOrEqual(0.001);
  });

  test('a guest tapping Community reads the feed: only Create, Chat and Profile ask for login (issue 22)', async ({ page }) => {
    await page.goto('/public');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/community');
    await expect(page.getByRole('heading', { name: 'Community', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Login Required' })).toHaveCount(0);
  });

  test('from 1024 px the navigation is a rail down the left beside the content; below it stays a bottom bar', async ({
    page,
    accounts,
  }) => {
    const account = await accounts.create();
    await signIn(page, account, '/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const tabs = ['Home', 'Create', 'Community', 'Chat', 'Profile'].map((label) => nav.getByRole('link', { name: label, exact: true }));

    await page.setViewportSize({ width: 1280, height: 800 });
    const rail = (await nav.boundingBox())!;
    expect(rail.x).toBe(0);
    expect(rail.y).toBe(0);
    expect(rail.height).toBe(800);
    expect(rail.width).toBeLessThanOrEqual(280);
    // The tabs stand one under the other, in order, each labelled beside its icon.
    const boxes = await Promise.all(tabs.map(async (tab) => (await tab.boundingBox())!));
    for (let index = 1; index < boxes.length; index += 1) {
      expect(boxes[index]!.x).toBe(boxes[0]!.x);
      expect(boxes[index]!.y).toBeGreaterThanOrEqual(boxes[index - 1]!.y + boxes[index - 1]!.height);
    }
    // Nothing of the page hides under the rail.
    for (const part of [page.getByRole('heading', { name: 'Settings', level: 1 }), page.getByRole('button', { name: 'Log out' })]) {
      expect((await part.boundingBox())!.x).toBeGreaterThanOrEqual(rail.x + rail.width);
    }

    await page.setViewportSize({ width: 1023, height: 800 });
    const bar = (await nav.boundingBox())!;
    expect(bar.width).toBe(1023);
    expect(bar.y + bar.height).toBe(800);
    const [home, profile] = [(await tabs[0]!.boundingBox())!, (await tabs[4]!.boundingBox())!];
    expect(profile.y).toBe(home.y);
    expect(profile.x).toBeGreaterThan(home.x);
  });

  test('the welcome toast leaves the back button free', async ({ page, accounts }) => {
    const account = await accounts.create({ name: 'Naina Verma' });
    await page.setViewportSize({ width: 390, height: 844 });
    await logInThroughScreen(page, account, `/login?returnTo=${encodeURIComponent(`/host-past-events/${account.id}`)}`);
    await expect(page).toHaveURL((url) => url.pathname === `/host-past-events/${account.id}`);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Welcome back, Naina!');
    const back = page.getByRole('link', { name: 'Go back' });
    const [toastBox, backBox] = [(await toast.boundingBox())!, (await back.boundingBox())!];
    const overlaps =
      toastBox.x < backBox.x + backBox.width &&
      backBox.x < toastBox.x + toastBox.width &&
      toastBox.y < backBox.y + backBox.height &&
      backBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBe(false);
    await back.click({ trial: true }); // nothing intercepts the tap
    await expect(toast).toBeVisible();
  });

  test('at 320 px no signed-in main page scrolls sideways, the profile’s Settings button shows whole, and titles are read once', async ({
    page,
    accounts,
  }) => {
    const account = await accounts.create({ name: 'Naina Verma' });
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, account, '/profile-v2');
    const settings = page.getByRole('link', { name: 'Settings' });
    await expect(settings).toBeVisible();
    const box = (await settings.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    for (const path of [
      '/profile-v2',
      '/home',
      '/my-bookings',
      '/application-status',
      '/transactions',
      '/notifications',
      '/chat',
      '/settings',
      '/create-event',
    ]) {
      if (path !== '/profile-v2') await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect([path, sideways]).toEqual([path, 0]);
    }
    // The top bar repeats a page's own heading for the eye only: a screen reader hears the title once.
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'Transactions' })).toHaveCount(1);
    await expect(page.getByRole('banner').getByText('Transactions')).toBeVisible();
    expect(await page.getByRole('banner').ariaSnapshot()).not.toContain('Transactions');
  });

  test("a host's past events page prints its title once", async ({ page, accounts }) => {
    const account = await accounts.create({ name: 'Ishita Bose' });
    await signIn(page, account, `/host-past-events/${account.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Past Events by Ishita Bose');
    await expect(page.getByText('Past Events by Ishita Bose')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Go back' })).toBeVisible();
  });

  test('the legal chips all show at 1024 px, and on a phone the row scrolls to the page’s own chip', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/terms');
    const chips = page.getByRole('navigation', { name: 'Policies' }).getByRole('link');
    await expect(chips).toHaveCount(5);
    const row = (await page.getByRole('navigation', { name: 'Policies' }).boundingBox())!;
    for (const chip of await chips.all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x, await chip.innerText()).toBeGreaterThanOrEqual(row.x);
      expect(box.x + box.width, await chip.innerText()).toBeLessThanOrEqual(Math.min(row.x + row.width, 1024));
    }

    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/shipping');
    const current = page.getByRole('navigation', { name: 'Policies' }).getByRole('link', { name: 'Shipping and Delivery Policy' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect
      .poll(async () => {
        const box = (await current.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= 320;
      })
      .toBe(true);
  });
});
