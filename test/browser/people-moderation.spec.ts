import { randomBytes } from 'node:crypto';
import { expect, signIn, test } from './fixtures.js';
import { apiAs, dbQuery, register } from './seed.js';

test.describe('admin people', () => {
  test('an admin finds a person, opens their page and suspends them with a reason', async ({ page }) => {
    const name = `Kiran ${randomBytes(3).toString('hex')}`;
    const person = await register('fan', name);
    const admin = await register('fan', 'People Admin');
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [admin.id]);

    await signIn(page, admin, '/admin/users');
    const search = page.getByRole('search', { name: 'Find people' });
    await search.getByLabel('Name, email or phone').fill(name);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('list', { name: 'People found' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/admin/users/${person.id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

    await page.getByRole('link', { name: 'Suspend…' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm suspend' });
    await confirm.getByRole('button', { name: 'Yes, suspend' }).click();
    await expect(confirm.getByText('Please give a reason.')).toBeVisible();
    await confirm.getByLabel('Why (kept in the audit log)').fill('Spam links in every chat');
    await confirm.getByRole('button', { name: 'Yes, suspend' }).click();

    await expect(page.getByText(/Suspended .*: “Spam links in every chat”/)).toBeVisible();
    await expect(page.getByText(/user\.suspended by People Admin: “Spam links in every chat”/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Restore…' })).toBeVisible();
    await expect(apiAs(person, 'GET', '/users/me')).rejects.toThrow(/401/);

    // Another admin restores them while this one is still on the step: the refusal is said, not lost with the step.
    await page.getByRole('link', { name: 'Restore…' }).click();
    const restore = page.getByRole('form', { name: 'Confirm restore' });
    await restore.getByLabel('Why (kept in the audit log)').fill('Second look');
    await apiAs(admin, 'POST', `/admin/users/${person.id}/restore`, { reason: 'Appeal upheld' });
    await restore.getByRole('button', { name: 'Yes, restore' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This person is not suspended.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Suspend…' })).toBeVisible();
  });
});
