import type { Page } from '@playwright/test';
import { EmulatorClient, TEST_FIREBASE_PROJECT } from '../support/auth-emulator.js';
import { startFakeApi } from '../support/fake-api.js';
import { waitUntil } from '../support/poll.js';
import { startWebServer } from '../support/web-server.js';
import { expect, test, uniqueMobile } from './fixtures.js';

/**
 * Google and phone sign-in on the login screen, against the Firebase Auth emulator the global setup
 * started: the browser's Firebase SDK signs in there, the web exchanges the ID token with the API.
 */
function emulatorHost(): string {
  const host = process.env.TRIBE_AUTH_EMULATOR_HOST;
  if (!host) throw new Error('TRIBE_AUTH_EMULATOR_HOST is not set: the browser tests run through playwright.config.ts (global setup).');
  return host;
}

/** The latest code the emulator "sent" to +91<national> (it keeps codes instead of sending SMS). */
async function codeSentTo(national: string): Promise<string> {
  return waitUntil(async () => {
    const response = await fetch(`http://${emulatorHost()}/emulator/v1/projects/${TEST_FIREBASE_PROJECT}/verificationCodes`);
    const { verificationCodes } = (await response.json()) as { verificationCodes: Array<{ code: string; phoneNumber: string }> };
    return verificationCodes.filter((entry) => entry.phoneNumber === `+91${national}`).at(-1)?.code;
  }, `a code for +91${national}`);
}

async function openLogin(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  // The buttons wait for the Firebase client.
  await expect(page.getByRole('button', { name: 'Continue with mobile' })).toBeEnabled();
}

const acceptTerms = (page: Page) => page.getByLabel(/I agree to the/).check();

async function requestCode(page: Page, typed: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue with mobile' }).click();
  const sheet = page.getByRole('dialog', { name: 'Enter your phone number' });
  await expect(sheet).toContainText("We'll send you a verification code");
  await sheet.getByLabel('Mobile number').fill(typed);
  await sheet.getByRole('button', { name: 'Send code' }).click();
}

/** A person who signed up by phone before and finished their profile. */
async function returningPhoneUser(): Promise<{ national: string; name: string }> {
  const national = uniqueMobile();
  const name = 'Ishaan Verma';
  const { idToken } = await new EmulatorClient(emulatorHost()).signInWithPhone(national);
  const api = process.env.TRIBE_API_URL!;
  const signIn = await fetch(`${api}/api/v1/auth/phone-auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ id_token: idToken, mobile_number: national }),
  });
  const { token } = (await signIn.json()) as { token: string };
  const profile = await fetch(`${api}/api/v1/users/me`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, age: 30, gender: 'male' }),
  });
  expect(profile.status).toBe(200);
  return { national, name };
}

test.describe('Google and phone sign-in', () => {
  test('Google: a first sign-in lands on /signup with the Google name and email filled in', async ({ page, accounts }) => {
    const email = accounts.uniqueEmail('google');
    await openLogin(page);
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose a Google test account' });
    await chooser.getByLabel('Email').fill(email);
    await chooser.getByLabel('Name').fill('Zoya Khan');
    await chooser.getByRole('button', { name: 'Sign in with Google' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/signup');
    const query = new URL(page.url()).searchParams;
    expect(query.get('email')).toBe(email);
    expect(query.get('name')).toBe('Zoya Khan');
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Zoya Khan');
  });

  test('phone: a returning member types the code the emulator sent and lands on returnTo', async ({ page }) => {
    const member = await returningPhoneUser();
    await openLogin(page, '/login?returnTo=%2Fmy-bookings');
    await acceptTerms(page);
    await requestCode(page, `+91 ${member.national.slice(0, 5)}-${member.national.slice(5)}`);

    const codeSheet = page.getByRole('dialog', { name: 'Enter verification code' });
    await expect(codeSheet).toContainText(`Sent to +91 ${member.national.slice(0, 5)} ${member.national.slice(5)}`);
    await expect(codeSheet).toContainText('OTP sent successfully');
    await codeSheet.getByLabel('Verification code').fill(await codeSentTo(member.national));
    await codeSheet.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/my-bookings');
    await expect(page.getByText('Phone number verified successfully')).toBeVisible();

    // An account made by phone has no email: the deletion page names it by its name and number.
    await page.goto('/delete-account');
    await expect(
      page.getByText(`You are signed in as ${member.name} (+91 ${member.national.slice(0, 5)} ${member.national.slice(5)}).`),
    ).toBeVisible();
  });

  test('phone: a first sign-in lands on /signup with the number filled in', async ({ page }) => {
    const national = uniqueMobile();
    await openLogin(page);
    await acceptTerms(page);
    await requestCode(page, national);
    const codeSheet = page.getByRole('dialog', { name: 'Enter verification code' });
    await codeSheet.getByLabel('Verification code').fill(await codeSentTo(national));
    await codeSheet.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/signup' && url.searchParams.get('mobileNumber') === national);
  });

  test('phone: a wrong code says "Failed to verify OTP"; an empty one asks for the code', async ({ page }) => {
    const national = uniqueMobile();
    await openLogin(page);
    await acceptTerms(page);
    await requestCode(page, national);
    const codeSheet = page.getByRole('dialog', { name: 'Enter verification code' });
    await codeSheet.getByRole('button', { name: 'Verify' }).click();
    await expect(codeSheet.getByText('Please enter the verification code')).toBeVisible();

    const right = await codeSentTo(national);
    await codeSheet.getByLabel('Verification code').fill(right === '000000' ? '111111' : '000000');
    await codeSheet.getByRole('button', { name: 'Verify' }).click();
    await expect(codeSheet.getByText('Failed to verify OTP')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/login');
  });

  test('phone: "Change number" and "Resend code" go back to the phone number', async ({ page }) => {
    const national = uniqueMobile();
    await openLogin(page);
    await acceptTerms(page);
    await requestCode(page, national);
    for (const link of ['Change number', 'Resend code']) {
      await page.getByRole('dialog', { name: 'Enter verification code' }).getByRole('button', { name: link }).click();
      const phoneSheet = page.getByRole('dialog', { name: 'Enter your phone number' });
      await expect(phoneSheet.getByLabel('Mobile number')).toHaveValue(national);
      await phoneSheet.getByRole('button', { name: 'Send code' }).click();
      await expect(page.getByRole('dialog', { name: 'Enter verification code' })).toBeVisible();
    }
  });

  test('phone: the number is checked by the mobile number rules before any code is sent', async ({ page }) => {
    await openLogin(page);
    await acceptTerms(page);
    await requestCode(page, '5876543210');
    const phoneSheet = page.getByRole('dialog', { name: 'Enter your phone number' });
    await expect(phoneSheet.getByText('Please enter a valid Indian mobile number')).toBeVisible();
    await phoneSheet.getByLabel('Mobile number').fill('98765');
    await phoneSheet.getByRole('button', { name: 'Send code' }).click();
    await expect(phoneSheet.getByText('Please enter a valid 10-digit mobile number')).toBeVisible();
  });

  test('the terms must be accepted before Google or mobile sign-in starts', async ({ page }) => {
    await openLogin(page);
    for (const method of ['Continue with Google', 'Continue with mobile']) {
      await page.getByRole('button', { name: method }).click();
      await expect(page.getByRole('alert')).toHaveText('Please accept the Terms and Conditions to continue');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });
});

test.describe('a session cookie that cannot be read', () => {
  test('signs the visitor out with "Your session data is corrupted. Please log in again."', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: '__tribe_session', value: 'bm90LWEtc2Vzc2lvbg%3D%3D', url: baseURL! }]);
    await page.goto('/settings');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByText('Your session data is corrupted. Please log in again.')).toBeVisible();
    // The unreadable cookie is gone: the next page says nothing more.
    await page.reload();
    await expect(page.getByText('Your session data is corrupted. Please log in again.')).toHaveCount(0);
  });
});

test.describe('without Firebase', () => {
  test('the Google and mobile buttons are off and say why (npm start could not start the emulator)', async ({ page }) => {
    const reason = 'Google and mobile sign-in are off: the local Firebase Auth emulator did not start (the npm start log says why).';
    const api = await startFakeApi();
    const web = await startWebServer({ API_URL: api.url, FIREBASE_AUTH_EMULATOR_HOST: '', FIREBASE_SIGN_IN_UNAVAILABLE: reason });
    try {
      await page.goto(`${web.url}/login`);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Continue with mobile' })).toBeDisabled();
      await expect(page.getByText(reason)).toBeVisible();
      // Email sign-in is untouched.
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
    } finally {
      await web.stop();
      await api.close();
    }
  });
});
