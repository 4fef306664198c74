import { randomBytes } from 'node:crypto';
import { eventCardTitled } from './event-cards.js';
import { expect, signedIn, test } from './fixtures.js';
import { dbQuery, register, seedEvent } from './seed.js';

test.describe('event moderation', () => {
  test('a new host’s event waits for review; an admin approves it, the host is told, and it appears on /public', async ({
    browser,
    page,
  }) => {
    const host = await register('influencer', 'Naina New', { verified: false });
    const admin = await register('fan', 'Asha Admin');
    await dbQuery(
      `UPDATE users SET role = 'admin', is_admin = true,
              admin_permissions = '{"approve_events": true, "delete_events": true, "verify_influencers": true}' WHERE id = $1`,
      [admin.id],
    );
    const title = `Moonlight kayaking ${randomBytes(3).toString('hex')}`;
    // Starts in two hours: near the top of the soonest-first public list.
    const event = await seedEvent(host, { title, date: new Date(Date.now() + 2 * 3_600_000).toISOString(), location: 'Powai, Mumbai' });

    const hostPage = await signedIn(browser, host);
    await hostPage.goto(`/event/${event.id}`);
    await expect(hostPage.getByTestId('moderation-notice')).toHaveText('Waiting for review');
    await page.goto('/public');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(eventCardTitled(page, title)).toHaveCount(0);

    const adminPage = await signedIn(browser, admin);
    await adminPage.goto('/admin/events?filter=new');
    const item = adminPage.getByTestId('review-item').filter({ hasText: title });
    await item.getByRole('link', { name: `Review ${title}` }).click();
    await expect(adminPage).toHaveURL(`/admin/events/${event.id}`);
    await expect(adminPage.getByTestId('moderation-status')).toHaveText('Waiting for review');
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByTestId('moderation-status')).toHaveText('Listed');
    await expect(adminPage.getByTestId('moderation-history')).toContainText('event.approved by Asha Admin');

    await hostPage.goto('/notifications');
    await expect(hostPage.getByText('Event approved')).toBeVisible();
    await expect(hostPage.getByText(`${title} is approved and live.`)).toBeVisible();

    await page.goto('/public');
    await expect(eventCardTitled(page, title)).toBeVisible();
  });
});
