import { expect, logInThroughScreen, test } from './fixtures.js';

test.describe('the login screen', () => {
  test('a bad password shows the API error and stays on /login', async ({ page, accounts }) => {
    const account = await accounts.create();
    await logInThroughScreen(page, { email: account.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    // Still a guest: a protected page sends them back to login.
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('the terms must be accepted, and both fields are required', async ({ page, accounts }) => {
    const account = await accounts.create();
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please accept the Terms and Conditions to continue');
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    await page.getByLabel('Email').fill('');
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter email and password');
  });

  test('the validation works without JavaScript too', async ({ browser, accounts }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.TRIBE_WEB_URL });
    const page = await context.newPage();
    try {
      const account = await accounts.create();
      await page.goto('/login');
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText('Please accept the Terms and Conditions to continue');
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/home');
    } finally {
      await context.close();
    }
  });

  test('returnTo cannot leave the site: //evil.example lands on /home', async ({ page, accounts }) => {
    const account = await accounts.create();
    await logInThroughScreen(page, account, '/login?returnTo=//evil.example');
    await expect(page).toHaveURL((url) => url.origin === new URL(process.env.TRIBE_WEB_URL!).origin && url.pathname === '/home');
  });

  test('shows the password on request, and the company footer', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    const footer = page.getByTestId('company-footer');
    await expect(footer).toContainText('Tribe Social Technologies Private Limited');
    await expect(footer).toContainText('Registered office:');
    await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });
});
