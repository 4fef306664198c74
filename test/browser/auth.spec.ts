import { expect, logInThroughScreen, test, uniqueMobile } from './fixtures.js';

test.describe('signing up, out and in', () => {
  test('sign up and complete the profile, log out, then log in with a returnTo and land there', async ({ page, accounts }) => {
    const email = accounts.uniqueEmail('journey');
    const password = 'a-strong-password';

    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('Full name').fill('Meera Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // The account exists but the profile is incomplete: the same screen asks for it, prefilled.
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/signup' && url.searchParams.get('email') === email && url.searchParams.get('name') === 'Meera Iyer',
    );
    await expect(page.getByLabel('Full name')).toHaveValue('Meera Iyer');

    // SPEC §5 mobile rules, then an under-18 age, are refused with their messages.
    await page.getByLabel('Age').fill('17');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByLabel('Mobile number').fill('12345');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
    await expect(page.getByText('You must be at least 18 to join Tribe')).toBeVisible();

    await page.getByLabel('Age').fill('26');
    await page.getByLabel('Mobile number').fill('5123456789');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter a valid Indian mobile number')).toBeVisible();

    await page.getByLabel('Mobile number').fill(uniqueMobile());
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    // A complete profile arriving at /signup goes to /home.
    await page.goto('/signup');
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/login');

    // Logged out: protected pages send the guest to login with a returnTo.
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('returnTo') === '/settings');

    await logInThroughScreen(page, { email, password }, '/login?returnTo=/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/settings');
    await expect(page.getByText(email)).toBeVisible();
  });

  test('an incomplete profile is sent to /signup with its details, wherever it goes', async ({ page, accounts }) => {
    const account = await accounts.create({ complete: false, name: 'Kabir Shah' });
    await logInThroughScreen(page, account, '/login?returnTo=/settings');
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/signup' &&
        url.searchParams.get('email') === account.email &&
        url.searchParams.get('name') === 'Kabir Shah' &&
        url.searchParams.has('mobileNumber'),
    );
    await page.goto('/profile-v2');
    await expect(page).toHaveURL((url) => url.pathname === '/signup');
    await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  });

  test('a signed-in visitor on /login is sent to returnTo', async ({ page, accounts }) => {
    const account = await accounts.create();
    await logInThroughScreen(page, account);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await page.goto('/login?returnTo=/profile-v2');
    await expect(page).toHaveURL((url) => url.pathname === '/profile-v2');
    await expect(page.getByRole('heading', { name: /Aarav Mehta/ })).toBeVisible();
  });
});
