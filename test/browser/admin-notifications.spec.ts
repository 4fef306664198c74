/// <reference lib="dom" />
import { createECDH, randomBytes } from 'node:crypto';
import { expect, signIn, test } from './fixtures.js';
import { apiAs, dbQuery, register, type Person } from './seed.js';

interface InboxItem {
  title: string;
  body: string;
  type: string;
}

const inboxTitles = async (person: Person) =>
  (await apiAs<{ notifications: InboxItem[] }>(person, 'GET', '/notifications')).notifications.map(({ title }) => title);

/** Registers a browser for the person's pushes, as the app's service worker would. */
async function withBrowserDevice(person: Person): Promise<void> {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  await apiAs(person, 'POST', '/notifications/devices', {
    kind: 'webpush',
    subscription: {
      endpoint: `https://push.example.net/send/${randomBytes(12).toString('hex')}`,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    },
  });
}

async function livingIn(name: string, location: string): Promise<Person> {
  const person = await register('fan', name);
  await apiAs(person, 'PUT', '/users/me', { location });
  return person;
}

test.describe('admin notifications', () => {
  test('an admin announces to a city: audience size and preview first, then sent; the city’s fans have it', async ({ page, browser }) => {
    // A city of this run's own, so the audience is exactly the people made here.
    const city = `Tawang${randomBytes(3).toString('hex')}`;
    const fans = [await livingIn('Pema Fan', `Old Market, ${city}, Arunachal Pradesh`), await livingIn('Dorjee Fan', city)];
    const elsewhere = await livingIn('Mumbai Fan', 'Bandra West, Mumbai');
    await withBrowserDevice(fans[0]!);
    const title = `Snowfall meetups ${randomBytes(2).toString('hex')}`;

    const admin = await register('fan', 'Ops Admin');
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [admin.id]);
    await signIn(page, admin, '/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: /Notifications/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/notifications');

    const composer = page.getByRole('form', { name: 'Compose an announcement' });
    await composer.getByLabel('Title').fill(title);
    await composer.getByLabel('Message').fill('Hot chocolate and a walk to the monastery this Saturday.');
    await composer.getByLabel('Type').selectOption({ label: 'City news' });
    await composer.getByLabel('Link (optional)').fill('/home');

    // Everyone needs a confirmation; nothing goes out without it.
    await composer.getByRole('radio', { name: 'Everyone' }).check();
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Tick the box to confirm this goes to everyone')).toBeVisible();

    await page.getByRole('form', { name: 'Compose an announcement' }).getByRole('radio', { name: 'A city' }).check();
    await page.getByLabel('City', { exact: true }).fill(city.toLowerCase());
    await expect(page.getByTestId('audience-size')).toHaveText('Goes to 2 people');
    const preview = page.getByTestId('notification-preview');
    await expect(preview).toContainText(title);
    await expect(preview).toContainText('Hot chocolate and a walk to the monastery this Saturday.');
    await expect(preview).toContainText('City news');

    await page.getByRole('button', { name: 'Send test to my devices' }).click();
    await expect(page.getByTestId('toast')).toContainText('Test sent to your inbox and 0 devices');
    expect(await inboxTitles(admin)).toContain(title);
    for (const fan of fans) expect(await inboxTitles(fan)).not.toContain(title);
    // The form keeps what was written, for the real send.
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(city.toLowerCase());

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Announcement on its way');
    const sent = page.getByTestId('announcement').filter({ hasText: title });
    await expect(sent).toContainText(`People in ${city.toLowerCase()}`);
    // The page follows the fan-out in the workers by itself.
    await expect(sent.getByTestId('announcement-status')).toHaveText('Sent', { timeout: 30_000 });
    await expect(sent.getByTestId('announcement-figures')).toContainText('Recipients2');
    await expect(sent.getByTestId('announcement-figures')).toContainText('Delivered1');

    for (const fan of fans) expect(await inboxTitles(fan)).toContain(title);
    expect(await inboxTitles(elsewhere)).not.toContain(title);
    // A fan of the city finds it in their inbox, unread, leading to the link the admin gave.
    const fanPage = await (await browser.newContext()).newPage();
    try {
      await signIn(fanPage, fans[1]!, '/notifications');
      const item = fanPage.getByRole('main').getByRole('listitem').filter({ hasText: title });
      await expect(item).toContainText('Hot chocolate and a walk to the monastery this Saturday.');
      await expect(item).toContainText('Unread');
      await item.getByRole('link').first().click();
      await expect(fanPage).toHaveURL((url) => url.pathname === '/home');
    } finally {
      await fanPage.context().close();
    }

    // The push to the fan's browser failed for good: the admin retries it.
    await dbQuery(
      `UPDATE push_delivery d SET status = 'failed', last_error = 'provider unavailable'
         FROM notification n WHERE n.id = d.notification_id AND n.user_id = $1`,
      [fans[0]!.id],
    );
    await page.reload();
    await sent.getByRole('button', { name: 'Retry 1 failed' }).click();
    await expect(page.getByTestId('toast')).toContainText('1 failed delivery queued again');
    await expect(async () => {
      await page.reload();
      await expect(sent.getByTestId('announcement-figures')).toContainText('Failed0', { timeout: 1_000 });
      await expect(sent.getByTestId('announcement-figures')).toContainText('Delivered1', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  });

  test('without JavaScript an admin checks the size of a list of people and sends to them', async ({ page, browser }) => {
    const [listed, bystander] = [await register('fan', 'Listed Fan'), await register('fan', 'Other Fan')];
    const admin = await register('fan', 'Night Admin');
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [admin.id]);
    await signIn(page, admin, '/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    const noScript = await (
      await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
    ).newPage();
    const title = `Payout day ${randomBytes(2).toString('hex')}`;

    await noScript.goto('/admin/notifications');
    await noScript.getByLabel('Title').fill(title);
    await noScript.getByLabel('Message').fill('Your earnings are on their way.');
    await noScript.getByRole('radio', { name: 'Listed people' }).check();
    await noScript.getByLabel('User ids').fill(listed.id);
    await noScript.getByRole('button', { name: 'Check audience size' }).click();
    await expect(noScript.getByTestId('audience-size')).toHaveText('Goes to 1 person');
    await expect(noScript.getByLabel('Title')).toHaveValue(title);

    await noScript.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(noScript).toHaveURL((url) => url.pathname === '/admin/notifications');
    await expect(async () => {
      await noScript.reload();
      await expect(noScript.getByTestId('announcement').filter({ hasText: title }).getByTestId('announcement-status')).toHaveText('Sent', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 30_000 });
    expect(await inboxTitles(listed)).toContain(title);
    expect(await inboxTitles(bystander)).not.toContain(title);
  });

  test('anyone but an admin is refused the page', async ({ page }) => {
    const fan = await register('fan', 'Curious Fan');
    await signIn(page, fan);
    await expect(page).toHaveURL(/\/home/);
    const response = await page.goto('/admin/notifications');
    expect(response?.status()).toBe(403);
  });
});
