import { expect, logInThroughScreen, signIn, test } from './fixtures.js';

test.describe('settings and account deletion', () => {
  test('a fan switches to the influencer view and back in settings', async ({ page, accounts }) => {
    const account = await accounts.create();
    await signIn(page, account, '/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    const views = page.getByRole('radiogroup', { name: 'Active view' });
    await expect(views.getByRole('radio', { name: 'Fan' })).toHaveAttribute('aria-checked', 'true');

    await views.getByRole('radio', { name: 'Influencer' }).click();
    await expect(page.getByTestId('toast')).toContainText("You're now in host view.");
    await page.reload();
    await expect(views.getByRole('radio', { name: 'Influencer' })).toHaveAttribute('aria-checked', 'true');
    await page.goto('/profile-v2');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Host');

    await page.goto('/settings');
    await views.getByRole('radio', { name: 'Fan' }).click();
    await expect(views.getByRole('radio', { name: 'Fan' })).toHaveAttribute('aria-checked', 'true');
  });

  test('changing the password from settings: the old one stops working, the new one logs in, other devices are signed out', async ({
    page,
    browser,
    accounts,
  }) => {
    const account = await accounts.create();
    // The same person signed in on another device.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await signIn(otherPage, account, `${process.env.TRIBE_WEB_URL}/settings`);
    await expect(otherPage).toHaveURL((url) => url.pathname === '/settings');

    await signIn(page, account, '/settings');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings/password');

    await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await expect(page.getByLabel('Current password', { exact: true })).toBeFocused();

    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-different-one');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The new passwords do not match')).toBeVisible();

    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
    await page.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByTestId('toast')).toContainText('Password changed');

    // The other device is signed out; this one is not.
    await otherPage.reload();
    await expect(otherPage).toHaveURL((url) => url.pathname === '/login');
    await otherDevice.close();
    await page.reload();
    await expect(page).toHaveURL((url) => url.pathname === '/settings');

    await page.getByRole('button', { name: 'Log out' }).click();
    // Logging out ends on /login; going there sooner would race the logout and find the session still open.
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await logInThroughScreen(page, account);
    await expect(page.getByRole('alert')).toBeVisible();
    await logInThroughScreen(page, { email: account.email, password: 'a-brand-new-secret' });
    await expect(page).toHaveURL((url) => url.pathname === '/home');
  });

  test('a session ended elsewhere (password changed on another device) says so, instead of a silent trip to /login', async ({
    page,
    accounts,
  }) => {
    const account = await accounts.create();
    await signIn(page, account, '/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await page.getByRole('button', { name: 'Dismiss notification' }).click(); // the welcome toast

    // Another device changes the password: every other session, this one included, ends.
    const changePassword = async (current: string, next: string) => {
      const login = await fetch(`${process.env.TRIBE_API_URL}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: current }),
      });
      const { token } = (await login.json()) as { token: string };
      const changed = await fetch(`${process.env.TRIBE_API_URL}/api/v1/users/me/password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ current_password: current, new_password: next }),
      });
      expect(changed.status).toBe(200);
    };
    await changePassword(account.password, 'changed-elsewhere-1');

    // A page that needs the session: to /login, told why.
    await page.getByRole('link', { name: 'Your profile' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/profile-v2');
    await expect(page.getByTestId('toast')).toHaveText('Session expired. Please login again.');

    // A page anyone may see: it stays, signed out, and says so too.
    await logInThroughScreen(page, { email: account.email, password: 'changed-elsewhere-1' });
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await changePassword('changed-elsewhere-1', 'changed-elsewhere-2');
    await page.goto('/terms');
    await expect(page.getByTestId('toast')).toHaveText('Session expired. Please login again.');
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('deleting the account needs DELETE typed, signs out, and the login stops working', async ({ page, accounts }) => {
    const account = await accounts.create();
    await page.goto('/delete-account');
    await expect(page.getByRole('link', { name: 'Log in to delete your account' })).toBeVisible();

    await logInThroughScreen(page, account, '/login?returnTo=/delete-account');
    await expect(page).toHaveURL((url) => url.pathname === '/delete-account');
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Type DELETE to confirm');

    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();

    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await logInThroughScreen(page, account);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('admins land on /admin with the queue dashboard link; others get 403', async ({ page, accounts }) => {
    const account = await accounts.create();
    await logInThroughScreen(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    const response = await page.goto('/admin');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();

    const admin = await accounts.create({ name: 'Ops Admin' });
    await accounts.makeAdmin(admin);
    await page.context().clearCookies();
    await logInThroughScreen(page, admin, '/login?returnTo=/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    const dashboard = page.getByRole('link', { name: /Queue dashboard/ });
    await expect(dashboard).toHaveAttribute('href', '/api/v1/admin/queues');
    // The web server proxies the dashboard with the admin's token from the session cookie.
    const queues = await page.request.get('/api/v1/admin/queues');
    expect(queues.status()).toBe(200);
  });

  test('an admin made by admin:create (no age or gender) can still use the app beyond /admin', async ({ page, accounts }) => {
    const admin = await accounts.create({ complete: false, name: 'Night Shift Admin' });
    await accounts.makeAdmin(admin);
    await logInThroughScreen(page, admin);
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: 'Open the app' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByRole('link', { name: 'Admin dashboard' })).toBeVisible();
  });
});
