/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { eventCardTitled } from './event-cards.js';
import { expect, logInThroughScreen, signIn, test, uniqueMobile } from './fixtures.js';
import { apiAs, apiUrl, changeEventsInDatabase, daysFromNow, dbQuery, png, register, seedEvent } from './seed.js';

interface OwnProfile {
  id: string;
  avatar_url: string | null;
  media_gallery: string[];
  profile_photos: string[];
  bio: string | null;
  location: string | null;
  interests: string[];
  work: string | null;
  drinking: string | null;
  height: string | null;
  instagram_handle: string | null;
  role: string;
  needs_profile: boolean;
}

const RED = png(40, 40, [220, 30, 30]);
const BLUE = png(40, 40, [30, 60, 220]);

test.describe('profiles', () => {
  test('a person with an incomplete profile completes it with two photos and lands on home; the first photo is the avatar', async ({
    page,
    accounts,
  }) => {
    const person = await accounts.create({ complete: false, name: 'Asha Rao' });
    await logInThroughScreen(page, person);
    await expect(page).toHaveURL(/\/signup\?/);
    // The name and email of the sign-in come prefilled from the query string.
    await expect(page.getByLabel('Full name')).toHaveValue('Asha Rao');
    await expect(page.getByText(`Signed in as ${person.email}`)).toBeVisible();

    await page.getByLabel('Profile photos').setInputFiles([
      { name: 'first.png', mimeType: 'image/png', buffer: RED },
      { name: 'second.png', mimeType: 'image/png', buffer: BLUE },
    ]);
    await expect(page.locator('input[type=hidden][name=photos]')).toHaveCount(2);
    await page.getByLabel('Age').fill('28');
    await page.getByText('Female', { exact: true }).click();
    await page.getByLabel('Mobile number').fill(uniqueMobile());
    await page.getByLabel('Location').fill('Bengaluru');
    await page.getByLabel('Bio').fill('Board games and filter coffee');
    await page.getByText('Music', { exact: true }).click();
    await page.getByLabel('Other interests').fill('Chess, trekking');
    await page.getByLabel('Work').fill('Product designer');
    await page.getByLabel('Drinking').selectOption('Socially');
    await page.getByLabel('Height').fill('165 cm');
    // A wrong handle is named in words and nothing is saved; the photos stay.
    await page.getByLabel('Instagram').fill('not a handle!');
    await page.getByText('Host events').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter an Instagram handle like @yourname')).toBeVisible();
    await expect(page.locator('input[type=hidden][name=photos]')).toHaveCount(2);
    await page.getByLabel('Instagram').fill('@asha.rao');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    const saved = await apiAs<OwnProfile>({ ...person, token: await tokenOf(person) }, 'GET', `/users/${person.id}`);
    expect(saved).toMatchObject({
      needs_profile: false,
      role: 'influencer',
      location: 'Bengaluru',
      bio: 'Board games and filter coffee',
      interests: ['Music', 'Chess', 'trekking'],
      work: 'Product designer',
      drinking: 'Socially',
      height: '165 cm',
      instagram_handle: 'asha.rao',
    });
    expect(saved.media_gallery).toHaveLength(1);
    expect(saved.profile_photos).toEqual([saved.avatar_url, saved.media_gallery[0]]);
    // The avatar is the first photo picked, byte for byte.
    const avatar = Buffer.from(await (await fetch(saved.avatar_url!)).arrayBuffer());
    expect(avatar.equals(RED)).toBe(true);
  });

  test('a person edits their profile on /profile-v2: details, interests, a photo, and a clear message for a bad link', async ({ page }) => {
    const person = await register('fan', 'Kabir Sethi');
    await signIn(page, person, '/profile-v2');
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('src', '/avatars/default-female.svg');
    await expect(page.getByTestId('rating')).toHaveText('No ratings yet');
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.getByLabel('Profile photos').setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: BLUE }]);
    await expect(page.locator('input[type=hidden][name=photos]')).toHaveCount(1);
    await page.getByLabel('Bio').fill('Weekend cyclist');
    await page.getByLabel('Work').fill('Chef');
    await page.getByText('Travel', { exact: true }).click();
    await page.getByLabel('Facebook').fill('facebook.com/kabir');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Please enter the full https:// address of your Facebook page')).toBeVisible();
    await page.getByLabel('Facebook').fill('https://facebook.com/kabir');
    await page.getByRole('button', { name: 'Save profile' }).click();

    await expect(page.getByTestId('toast')).toContainText('Your profile is saved.');
    await expect(page).toHaveURL((url) => url.pathname === '/profile-v2' && !url.search);
    await expect(page.getByText('Weekend cyclist')).toBeVisible();
    await expect(page.getByText('Chef')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Interests' })).toContainText('Travel');
    await expect(page.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/kabir');
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('src', /\/upload\/files\//);

    // Without JavaScript a refused edit comes back as it was filled in, with why.
    const plain = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plainPage = await plain.newPage();
    await plainPage.goto(new URL('/profile-v2?edit=1', page.url()).toString());
    await plainPage.getByLabel('Bio').fill('Weekend cyclist and baker');
    await plainPage.getByLabel('Facebook').fill('facebook.com/kabir.bakes');
    await plainPage.getByRole('button', { name: 'Save profile' }).click();
    await expect(plainPage.getByText('Please enter the full https:// address of your Facebook page')).toBeVisible();
    await expect(plainPage.getByLabel('Bio')).toHaveValue('Weekend cyclist and baker');
    await expect(plainPage.getByLabel('Facebook')).toHaveValue('facebook.com/kabir.bakes');
    await plain.close();
  });

  test('a person reports someone from their profile, opened from an event; a second report is refused in words', async ({ page }) => {
    const reporter = await register('fan', 'Nisha Iyer');
    const host = await register('influencer', 'Rohan Das');
    const event = await seedEvent(host, {
      title: `Chai walk ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(6),
      location: 'Fort, Mumbai',
    });
    await signIn(page, reporter);
    await expect(page).toHaveURL(/\/home/);
    await page.goto(`/event/${event.id}`);
    await page.getByTestId('event-host').getByRole('link', { name: 'Rohan Das' }).click();
    await expect(page).toHaveURL(new RegExp(`/profile-preview/${host.id}\\?from=`));
    await expect(page.getByRole('heading', { name: /Rohan Das/ })).toBeVisible();
    // Full screen: no bottom navigation; and never the person's email.
    await expect(page.getByRole('navigation', { name: /main|primary|tabs/i })).toHaveCount(0);
    await expect(page.getByText(host.email)).toHaveCount(0);

    await page.getByRole('link', { name: 'Report' }).click();
    await page.getByRole('button', { name: 'Submit report' }).click();
    await expect(page.getByText('Please choose a reason.')).toBeVisible();
    await page.getByText('Spam or scam').click();
    await page.getByLabel('Details').fill('Sends the same message to everyone');
    await page.getByRole('button', { name: 'Submit report' }).click();
    await expect(page.getByTestId('toast')).toContainText('Thanks for telling us. Our team will review this report.');
    await expect(page).toHaveURL(new RegExp(`/profile-preview/${host.id}\\?from=`));

    await page.getByRole('link', { name: 'Report' }).click();
    await page.getByText('Harassment or bullying').click();
    await page.getByRole('button', { name: 'Submit report' }).click();
    await expect(page.getByText('You have already reported this person. Our team is looking into it.')).toBeVisible();
    // Without JavaScript the refused report comes back as it was written.
    const plain = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plainPage = await plain.newPage();
    await plainPage.goto(page.url());
    await plainPage.getByText('Harassment or bullying').click();
    await plainPage.getByLabel('Details').fill('Keeps messaging after being asked to stop');
    await plainPage.getByRole('button', { name: 'Submit report' }).click();
    await expect(plainPage.getByText('You have already reported this person. Our team is looking into it.')).toBeVisible();
    await expect(plainPage.getByRole('radio', { name: 'Harassment or bullying' })).toBeChecked();
    await expect(plainPage.getByLabel('Details')).toHaveValue('Keeps messaging after being asked to stop');
    await plain.close();

    // Back on the profile, the back button returns to the event it was opened from.
    await page.getByRole('link', { name: 'Back to the profile' }).click();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/event/${event.id}`);
  });

  test('the verified badge shows on the event card and the host block once an admin verifies the host', async ({ page, accounts }) => {
    const host = await register('influencer', 'Verified Vikram', { verified: false });
    const fan = await register('fan', 'Card Reader');
    const admin = await accounts.create();
    await accounts.makeAdmin(admin);
    await dbQuery(`UPDATE users SET admin_permissions = '{"verify_influencers": true}' WHERE id = $1`, [admin.id]);
    const event = await seedEvent(host, {
      title: `Sunset cycling ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(5),
      location: 'Marine Drive, Mumbai',
      min_bid: 4100,
    });
    // An unverified host's event waits for review: an admin approved it (event-moderation.spec.ts shows how).
    await changeEventsInDatabase(`UPDATE event SET moderation_status = 'published', review_requested_at = NULL WHERE id = $1`, [event.id]);
    // Its own price, so it is on the first page however many events the run has made before it.
    await signIn(page, fan, '/home?minPrice=4100&maxPrice=4100');
    await expect(page).toHaveURL(/\/home/);
    const card = eventCardTitled(page, event.title);
    await expect(card).toBeVisible();
    await expect(card.getByRole('img', { name: 'Verified host' })).toHaveCount(0);

    await apiAs({ ...admin, token: await tokenOf(admin) }, 'POST', `/admin/users/${host.id}/verify`);
    await page.reload();
    await expect(card.getByRole('img', { name: 'Verified host' })).toBeVisible();
    await card.click();
    await expect(page.getByTestId('event-host').getByRole('img', { name: 'Verified host' })).toBeVisible();
    await page.goto(`/profile-preview/${host.id}`);
    await expect(page.getByTestId('verified-badge')).toHaveText('Verified');
  });
});

/** What the app's web view sends: the platform's user agent with the app's mark appended. */
const APP_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36 TribeApp/2.3.0';

test.describe('mobile web view', () => {
  test('/login in the app’s web view (its user agent carries TribeApp/) opens the app’s login; an ordinary browser is never trapped', async ({
    baseURL,
  }) => {
    const inApp = await fetch(`${baseURL}/login?returnTo=%2Fmy-events`, { redirect: 'manual', headers: { 'user-agent': APP_USER_AGENT } });
    expect(inApp.status).toBe(302);
    expect(inApp.headers.get('location')).toBe('tribe://login?returnTo=%2Fmy-events');

    // A stray ?webview=1 in an ordinary browser changes nothing, now or later.
    const flagged = await fetch(`${baseURL}/login?webview=1`, { redirect: 'manual' });
    expect(flagged.status).toBe(200);
    expect(flagged.headers.getSetCookie().filter((cookie) => cookie.startsWith('tribe_webview=1'))).toEqual([]);
    // A browser an earlier release trapped with its cookie gets the login page, and is told to forget the cookie.
    const trapped = await fetch(`${baseURL}/login`, { redirect: 'manual', headers: { cookie: 'tribe_webview=1' } });
    expect(trapped.status).toBe(200);
    expect(trapped.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^tribe_webview=; Max-Age=0/));
  });

  test('/flutter-auth signs the web view in with the session the app hands over, and refuses when someone is signed in', async ({
    baseURL,
  }) => {
    const person = await register('fan', 'App Person');
    const handedOver = await fetch(`${baseURL}/flutter-auth?returnTo=%2Fmy-events`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${person.token}`, 'user-agent': APP_USER_AGENT },
    });
    expect(handedOver.status).toBe(302);
    expect(handedOver.headers.get('location')).toBe('/my-events');
    const session = handedOver.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .join('; ');
    const page = await fetch(`${baseURL}/my-events`, { redirect: 'manual', headers: { cookie: session } });
    expect(page.status).toBe(200);

    const again = await fetch(`${baseURL}/flutter-auth?returnTo=%2Fmy-events`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${person.token}`, cookie: session, 'user-agent': APP_USER_AGENT },
    });
    expect(again.headers.get('location')).toBe('/home');

    const forged = await fetch(`${baseURL}/flutter-auth?returnTo=%2Fmy-events`, {
      redirect: 'manual',
      headers: { authorization: 'Bearer forged', 'user-agent': APP_USER_AGENT },
    });
    expect(forged.headers.get('location')).toBe('tribe://login?returnTo=%2Fmy-events');
    // Opened in an ordinary browser, it leads to the login page, not to a deep link the browser cannot open.
    const inBrowser = await fetch(`${baseURL}/flutter-auth?returnTo=%2Fmy-events`, { redirect: 'manual' });
    expect(inBrowser.headers.get('location')).toBe('/login?returnTo=%2Fmy-events');
  });

  test('a crash shows "Reloading app..." and tells the host app through its bridge (type, message, timestamp)', async ({
    page,
    accounts,
  }) => {
    const reports: Array<{ handler: string; report: { type: string; message: string; timestamp: string } }> = [];
    await page.exposeFunction('__recordBridgeCall', (handler: string, report: (typeof reports)[number]['report']) => {
      reports.push({ handler, report });
    });
    await page.addInitScript(() => {
      const record = (window as unknown as { __recordBridgeCall: (handler: string, report: unknown) => void }).__recordBridgeCall;
      (window as unknown as { flutter_inappwebview: unknown }).flutter_inappwebview = {
        callHandler: (handler: string, report: unknown) => record(handler, report),
      };
    });
    const person = await accounts.create();
    await signIn(page, person, '/profile-v2');
    await expect(page).toHaveURL(/\/profile-v2/);
    await page.goto('/profile-v2?webview=1');
    // The page's data arrives broken (what a misbehaving proxy could send): the app cannot render it.
    await page.route('**/*.data*', (route) => route.fulfill({ status: 200, contentType: 'text/x-script', body: '{"broken' }));
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByText('Reloading app...')).toBeVisible();
    await expect.poll(() => reports.length).toBeGreaterThan(0);
    expect(reports[0]).toEqual({
      handler: 'renderError',
      report: { type: 'render_error', message: expect.any(String), timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
  });
});

/** A fresh API token for an account created through the fixtures (which keep only the password). */
async function tokenOf(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${apiUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
