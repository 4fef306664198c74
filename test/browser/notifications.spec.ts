/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, setTabHidden, signedIn, signIn, test } from './fixtures.js';
import { apiAs, apiUrl, daysFromNow, dbQuery, dbRows, register, seedEvent, type Person } from './seed.js';

const suffix = () => randomBytes(3).toString('hex');

/** A free event of a new host, and the fan's application to it (made by the API at once). */
async function appliedTo(fan: Person, title: string, message = 'Count me in!') {
  const host = await register('influencer', 'Neha Host');
  const event = await seedEvent(host, { title, date: daysFromNow(5), location: 'Pune' });
  const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${event.id}/bid`, { amount: 0, message });
  return { host, event, applicationId: application.id };
}

/** The fan's notification about the event (the newest one). */
async function notificationAbout(fan: Person, eventId: string): Promise<string> {
  const { notifications } = await apiAs<{ notifications: Array<{ id: string; eventId: string | null }> }>(fan, 'GET', '/notifications');
  const found = notifications.find((notification) => notification.eventId === eventId);
  if (!found) throw new Error(`no notification about event ${eventId}`);
  return found.id;
}

const row = (page: Page, text: string) => page.getByTestId('notification').filter({ hasText: text });

test.describe('notifications', () => {
  test('the inbox groups by day, opens a notification on its page and marks it read, marks all read and deletes', async ({ browser }) => {
    const fan = await register('fan', 'Tanvi Fan');
    const accepted = await appliedTo(fan, `Rooftop jazz ${suffix()}`);
    const rejected = await appliedTo(fan, `Pottery class ${suffix()}`);
    const older = await appliedTo(fan, `Book swap ${suffix()}`);
    await apiAs(accepted.host, 'POST', `/applications/${accepted.applicationId}/accept`);
    await apiAs(rejected.host, 'POST', `/applications/${rejected.applicationId}/reject`);
    await apiAs(older.host, 'POST', `/applications/${older.applicationId}/accept`);
    const rejectedId = await notificationAbout(fan, rejected.event.id);
    const olderId = await notificationAbout(fan, older.event.id);
    await dbQuery(`UPDATE notification SET created_at = now() - interval '1 day' WHERE id = $1`, [rejectedId]);
    await dbQuery(`UPDATE notification SET created_at = now() - interval '4 days' WHERE id = $1`, [olderId]);

    const page = await signedIn(browser, fan);
    // The desktop rail's bell carries the count.
    await expect(page.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
    await page.getByRole('link', { name: 'Notifications, 3 unread' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByTestId('unread-summary')).toHaveText('3 unread');

    const today = page.getByRole('region', { name: 'Today' });
    const yesterday = page.getByRole('region', { name: 'Yesterday' });
    await expect(today.getByTestId('notification')).toHaveCount(1);
    await expect(today).toContainText(`Your application to ${accepted.event.title} was accepted.`);
    await expect(yesterday).toContainText('Application not accepted');
    await expect(yesterday).toContainText(rejected.event.title);
    const regions = page.locator('main section');
    await expect(regions).toHaveCount(3);
    // The oldest day is named by its date (en-IN, India time), after Today and Yesterday.
    await expect(regions.nth(2)).toContainText(older.event.title);
    await expect(regions.nth(2).getByRole('heading')).toHaveText(/^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await expect(row(page, accepted.event.title)).toHaveAttribute('data-unread', 'true');
    await expect(row(page, accepted.event.title).getByText('Unread:')).toBeAttached();

    // Opening leads to the event and marks it read.
    await row(page, accepted.event.title).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/event/${accepted.event.id}$`));
    await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    await page.goto('/notifications');
    await expect(row(page, accepted.event.title)).toHaveAttribute('data-unread', 'false');
    await expect(page.getByTestId('unread-summary')).toHaveText('2 unread');

    // The opened-route the browser push opens: marks it opened, then its page.
    await page.goto(`/notifications/${olderId}/open`);
    await expect(page).toHaveURL(new RegExp(`/event/${older.event.id}$`));
    await page.goto('/notifications');
    await expect(page.getByTestId('unread-summary')).toHaveText('1 unread');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByText('1 notification marked as read')).toBeVisible();
    await expect(page.getByTestId('unread-summary')).toHaveText('You are all caught up.');
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

    await row(page, rejected.event.title)
      .getByRole('button', { name: /^Delete notification/ })
      .click();
    await expect(row(page, rejected.event.title)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('notification')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Yesterday' })).toHaveCount(0);
  });

  test('a host gets a live unread badge and the bottom sheet when a fan applies', async ({ browser }) => {
    const host = await register('influencer', 'Ira Host');
    const title = `Salsa social ${suffix()}`;
    const event = await seedEvent(host, { title, date: daysFromNow(7), location: 'Bandra, Mumbai' });
    const fan = await register('fan', 'Kabir Fan');

    const page = await signedIn(browser, host);
    await page.setViewportSize({ width: 375, height: 740 });
    // On a phone the bell sits in the home page's header.
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');
    await page.evaluate(() => ((window as unknown as { stayedHere: boolean }).stayedHere = true));

    await apiAs(fan, 'POST', `/events/${event.id}/bid`, { amount: 0, message: 'Been dancing for years' });

    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 25_000 });
    await expect(page.getByTestId('notification-count').filter({ visible: true })).toHaveText('1');
    const sheet = page.getByRole('dialog', { name: 'New application' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText(title);
    await expect(sheet).toContainText('Kabir Fan');
    await expect(sheet).toContainText('Been dancing for years');
    // Live: the same page, never reloaded.
    expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere)).toBe(true);

    await sheet.getByRole('button', { name: 'Review Later' }).click();
    await expect(sheet).toBeHidden();
    // The inbox names the fan too, as the sheet did.
    await page.goto('/notifications');
    await expect(page.locator('main').getByText(`Kabir Fan applied to ${title}.`)).toBeVisible();
  });

  test('push preferences per type are saved and kept', async ({ browser }) => {
    const fan = await register('fan', 'Zoya Fan');
    const page = await signedIn(browser, fan);
    await page.goto('/settings');
    const form = page.getByRole('form', { name: 'Push notifications by type' });
    await expect(form).toContainText('Muted types still appear in your notifications');
    // What only admins are told is not offered to a fan, and saving leaves it as it was (pushed).
    await expect(form.getByLabel('Refunds that failed and need an admin')).toHaveCount(0);
    await form.getByLabel('Featured events').uncheck();
    await form.getByLabel('New followers').uncheck();
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Featured events')).not.toBeChecked();
    await expect(form.getByLabel('New followers')).not.toBeChecked();
    await expect(form.getByLabel('New applications to your events')).toBeChecked();
    const saved = await apiAs<{ muted: string[] }>(fan, 'GET', '/notifications/preferences');
    expect(saved.muted.sort()).toEqual(['event_promotion', 'new_follower']);

    await form.getByLabel('Featured events').check();
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('Notification preferences saved.')).toBeVisible();
    expect((await apiAs<{ muted: string[] }>(fan, 'GET', '/notifications/preferences')).muted).toEqual(['new_follower']);
  });

  test('a hidden tab shows the unread count in its title; the service worker is served and registers', async ({ browser }) => {
    const fan = await register('fan', 'Dia Fan');
    const { host, applicationId } = await appliedTo(fan, `Chess in the park ${suffix()}`);
    await apiAs(host, 'POST', `/applications/${applicationId}/accept`);

    const page = await signedIn(browser, fan);
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    await expect(page).toHaveTitle('Home · Tribe');
    await setTabHidden(page, true);
    await expect(page).toHaveTitle('(1) Home · Tribe');
    await setTabHidden(page, false);
    await expect(page).toHaveTitle('Home · Tribe');

    // Nothing unread: no prefix even when hidden.
    await apiAs(fan, 'POST', '/notifications/read-all');
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    await setTabHidden(page, true);
    await expect(page).toHaveTitle('Settings · Tribe');
    await setTabHidden(page, false);

    const script = await page.request.get('/sw.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(script.headers()['cache-control']).toBe('no-cache');
    const registered = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: ready.active?.scriptURL ?? null };
    });
    expect(registered.scope).toBe(new URL('/', page.url()).href);
    expect(registered.script).toBe(new URL('/sw.js', page.url()).href);

    // Headless Chromium reaches no push service, so no real subscription is made: the switch says
    // what this server offers (the VAPID key may not be set up), and is usable when it is.
    const config = (await (await fetch(`${apiUrl()}/api/v1/notifications/push-config`)).json()) as { webPushPublicKey: string | null };
    const settings = page.getByTestId('browser-notifications');
    const toggle = settings.getByRole('switch', { name: 'Browser notifications' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    if (config.webPushPublicKey === null) {
      await expect(settings).toContainText('Browser notifications are not set up on this Tribe server yet.');
      await expect(toggle).toBeDisabled();
    } else {
      await expect(toggle).toBeEnabled();
    }
  });

  test('a browser kept subscribed is registered for whoever signs in next, so one person’s pushes never show to the next', async ({
    browser,
  }) => {
    const [first, next] = await Promise.all([register('fan', 'Asha First'), register('fan', 'Ravi Next')]);
    const endpoint = `https://push.example.in/send/${suffix()}`;
    const context = await browser.newContext();
    // Headless Chromium reaches no push service and denies notifications: this browser "holds" a
    // subscription made earlier, with the permission given then.
    await context.addInitScript((kept) => {
      Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
      const subscription = { endpoint: kept, toJSON: () => ({ endpoint: kept, keys: { p256dh: 'BPk3yN0', auth: 'a2V5' } }) };
      const registration = { pushManager: { getSubscription: async () => subscription } };
      ServiceWorkerContainer.prototype.getRegistration = async () => registration as unknown as ServiceWorkerRegistration;
      ServiceWorkerContainer.prototype.register = async () => registration as unknown as ServiceWorkerRegistration;
    }, endpoint);
    const page = await context.newPage();
    const ownerOfDevice = async () =>
      (await dbRows<{ user_id: string }>('SELECT user_id FROM push_device WHERE token = $1', [endpoint]))[0]?.user_id ?? null;

    await signIn(page, first);
    await expect.poll(ownerOfDevice).toBe(first.id);
    // The session ends without a logout (it expired); the next person signs in on the same browser.
    await context.clearCookies();
    await signIn(page, next);
    await expect.poll(ownerOfDevice).toBe(next.id);
    await context.close();
  });
});
