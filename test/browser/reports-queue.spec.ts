import { randomUUID } from 'node:crypto';
import { expect, signIn, test } from './fixtures.js';
import { apiAs, dbQuery, register } from './seed.js';

test.describe('reports queue', () => {
  test('an admin removes a reported post from the queue, and the reporter reads the outcome in their inbox', async ({ browser, page }) => {
    const [author, reporter, admin] = await Promise.all([
      register('fan', 'Kiran Author'),
      register('fan', 'Meera Reporter'),
      register('fan', 'Asha Admin'),
    ]);
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [admin.id]);
    const text = `Cheap tickets, DM me ${randomUUID().slice(0, 6)}`;
    const post = await apiAs<{ id: string }>(author, 'POST', '/community/posts', { text, photos: [] });
    await apiAs(reporter, 'POST', `/community/posts/${post.id}/report`, { reason: 'other', details: 'Sells fake tickets' });

    await signIn(page, admin, '/admin/reports?kind=post');
    const item = page.getByTestId('report-item').filter({ hasText: text });
    await expect(item.getByText('1 report', { exact: true })).toBeVisible();
    await expect(item.getByText('“Sells fake tickets”')).toBeVisible();
    await item.getByRole('link', { name: 'Remove post…' }).click();
    const confirm = item.getByRole('form', { name: 'Remove post' });
    await confirm.getByLabel('Why (kept in the audit log)').fill('Ticket scam');
    await confirm.getByRole('button', { name: 'Yes, remove post' }).click();
    await expect(page.getByText('Remove post: done, 1 reporter told')).toBeVisible();
    await expect(page.getByTestId('report-item').filter({ hasText: text })).toHaveCount(0);

    // Another admin dismisses a report while this one writes their reason: the refusal is said, not lost with the item.
    const second = `Follow for follow ${randomUUID().slice(0, 6)}`;
    const other = await apiAs<{ id: string }>(author, 'POST', '/community/posts', { text: second, photos: [] });
    await apiAs(reporter, 'POST', `/community/posts/${other.id}/report`, { reason: 'spam' });
    await page.reload();
    const pending = page.getByTestId('report-item').filter({ hasText: second });
    await pending.getByRole('link', { name: 'Remove post…' }).click();
    const late = pending.getByRole('form', { name: 'Remove post' });
    await late.getByLabel('Why (kept in the audit log)').fill('Spam');
    await apiAs(admin, 'POST', `/admin/reports/post/${other.id}/dismiss`, { reason: 'Harmless' });
    await late.getByRole('button', { name: 'Yes, remove post' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'These reports were already closed, perhaps by another admin.' })).toBeVisible();
    await expect(page.getByTestId('report-item').filter({ hasText: second })).toHaveCount(0);

    const reporterPage = await (await browser.newContext()).newPage();
    await signIn(reporterPage, reporter, '/notifications');
    await expect(reporterPage.getByText('We removed the post you reported. Thank you for helping keep Tribe safe.')).toBeVisible();
  });
});
