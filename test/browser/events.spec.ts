/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { cardParts, eventCards, eventCardTitled } from './event-cards.js';
import { expect, signIn, test } from './fixtures.js';
import { apiUrl, changeEventsInDatabase, daysFromNow, dbQuery, type Person, png, register, seedEvent } from './seed.js';

/* --------------------------------------------------------------- helpers ---- */

/** The start of an MP4 file (an ftyp box and a small mdat box): what the upload checks the content against. */
function mp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + body.length);
    return Buffer.concat([size, Buffer.from(type, 'ascii'), body]);
  };
  const minor = Buffer.alloc(4);
  minor.writeUInt32BE(512);
  return Buffer.concat([
    box('ftyp', Buffer.concat([Buffer.from('isom'), minor, Buffer.from('isommp41')])),
    box('mdat', Buffer.alloc(4096, 7)),
  ]);
}

async function logIn(page: Page, person: Person) {
  await signIn(page, person);
  await expect(page).toHaveURL((url) => url.pathname === '/home');
}

/** Sets a range input the way a person dragging it would (React listens for input events). */
async function setRange(page: Page, label: string, value: number) {
  await page.getByLabel(label, { exact: true }).evaluate((element, next) => {
    const input = element as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, String(next));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

/* -------------------------------------------------------------- journeys ---- */

test.describe('events', () => {
  test('the public feed comes 20 events at a time: more as the list ends, or a Load more link without JavaScript', async ({
    browser,
    page,
  }) => {
    const host = await register('influencer', 'Zara Host');
    const tag = randomBytes(3).toString('hex');
    await Promise.all(
      Array.from({ length: 21 }, (_, index) =>
        seedEvent(host, { title: `Paged ${tag} ${index}`, date: daysFromNow(30 + index), location: 'Pune', min_bid: 100 }),
      ),
    );

    const withoutScript = await (await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })).newPage();
    await withoutScript.goto('/public');
    await expect(eventCards(withoutScript)).toHaveCount(20);
    await withoutScript.getByRole('link', { name: 'Load more' }).click();
    await expect(withoutScript).toHaveURL(/[?&]page=2\b/);
    await expect(eventCards(withoutScript).first()).toBeVisible();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/public');
    await expect(eventCards(page)).toHaveCount(20);
    await page.getByTestId('feed-end').scrollIntoViewIfNeeded();
    await expect.poll(() => eventCards(page).count()).toBeGreaterThan(20);
  });

  test('at 1024 px a card in the three-column feed shows its host’s name whole', async ({ page }) => {
    const host = await register('influencer', 'Arjun Malhotra');
    await seedEvent(host, { title: `Card ${randomBytes(3).toString('hex')}`, date: daysFromNow(6), location: 'Alibaug', min_bid: 4300 });
    await page.setViewportSize({ width: 1024, height: 800 });
    // Its own price, so it is on the first page however many events the run has made.
    await page.goto('/public?minPrice=4300&maxPrice=4300');
    const name = cardParts(eventCardTitled(page, 'Arjun Malhotra').first()).hostName;
    await expect(name).toBeVisible();
    expect(await name.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('on /public a rated host’s card shows a guest the stars alone, and links a signed-in visitor to the reviews', async ({ page }) => {
    const [host, fan] = await Promise.all([register('influencer', 'Ishaan Bose'), register('fan', 'Nila Raman')]);
    const title = `Rated host ${randomBytes(3).toString('hex')}`;
    await seedEvent(host, { title, date: daysFromNow(6), location: 'Panaji', min_bid: 4700 });
    await changeEventsInDatabase('UPDATE users SET rating = 4.5, rating_count = 2 WHERE id = $1', [host.id]);
    // Its own price, so it is on the first page however many events the run has made.
    const listed = '/public?minPrice=4700&maxPrice=4700';

    await page.goto(listed);
    const card = eventCardTitled(page, title);
    await expect(card.locator('.host-stars')).toHaveText('4.5(2)');
    await expect(card.getByRole('link', { name: /See reviews/ })).toHaveCount(0);

    await signIn(page, fan, listed);
    const reviews = card.getByRole('link', { name: 'Rated 4.5 out of 5 from 2 ratings. See reviews' });
    await expect(reviews).toHaveAttribute('href', `/profile-preview/${host.id}/reviews`);
    await reviews.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews of Ishaan Bose');
  });

  test('a host creates an event with two photos, sees it on /my-events, and can cancel it there', async ({ page }) => {
    const host = await register('influencer', 'Meera Kapoor');
    await logIn(page, host);
    let title = `Rooftop jam ${randomBytes(3).toString('hex')}`;

    await page.goto('/create-event');
    // Sending the empty form names each missing field in words and takes the keyboard to the first one.
    await page.getByRole('button', { name: 'Publish event' }).click();
    await expect(page.getByText('Please enter a title')).toBeVisible();
    await expect(page.getByText('Pick a date and time, or choose "Date to be decided"')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Bring an instrument, or just your voice.');
    await page.getByLabel('Category').selectOption('music');
    const start = new Date(Date.now() + 10 * 86_400_000 + 19_800_000); // India wall-clock, ten days out
    await page.getByLabel('Starts').fill(`${start.toISOString().slice(0, 10)}T19:30`);
    await page.getByLabel('Location', { exact: true }).fill('Carter Road, Bandra West, Mumbai');
    await page.getByTestId('photo-input').setInputFiles([
      { name: 'stage.png', mimeType: 'image/png', buffer: png(64, 40, [200, 60, 90]) },
      { name: 'crowd.png', mimeType: 'image/png', buffer: png(64, 40, [40, 90, 200]) },
    ]);
    // Both photos are uploaded (with progress) before the event is sent.
    await expect(page.locator('input[type="hidden"][name="images"]')).toHaveCount(2);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await page.getByTestId('video-input').setInputFiles({ name: 'teaser.mp4', mimeType: 'video/mp4', buffer: mp4() });
    await expect(page.locator('input[type="hidden"][name="video"]')).toHaveValue(/^https?:\/\//);
    await page.getByLabel('Minimum bid (₹)').fill('1500');
    await page.getByText('18-30', { exact: true }).click();
    await expect(page.getByRole('checkbox', { name: '18-30' })).toBeChecked();
    await page.getByRole('button', { name: 'Publish event' }).click();

    await expect(page).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    const eventId = new URL(page.url()).pathname.split('/')[2]!;
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-gallery').locator('img')).toHaveCount(2);
    // The photos can be stepped through with buttons (mouse and keyboard), not only swiped.
    await expect(page.getByTestId('gallery-count')).toHaveText('1 / 2');
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect(page.getByTestId('gallery-count')).toHaveText('2 / 2');
    await expect.poll(() => page.getByTestId('event-gallery').evaluate((strip) => strip.scrollLeft)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Previous photo' }).click();
    await expect(page.getByTestId('gallery-count')).toHaveText('1 / 2');
    await expect(page.getByTestId('event-price')).toHaveText('₹1,500');
    await expect(page.getByTestId('event-age')).toHaveText('18-30');
    await expect(page.getByTestId('event-category')).toHaveText('Music');
    await expect(page.locator('video')).toHaveAttribute('src', /^https?:\/\//);
    // The uploaded photos are really served.
    const loaded = await page
      .getByTestId('event-gallery')
      .locator('img')
      .first()
      .evaluate(async (img) => {
        const image = img as HTMLImageElement;
        if (!image.complete) await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
        return image.naturalWidth;
      });
    expect(loaded).toBeGreaterThan(0);
    // The host sees their own actions, not the report menu.
    await expect(page.getByTestId('host-actions').getByRole('link', { name: 'Edit event' })).toBeVisible();
    await expect(page.getByTestId('event-menu')).toHaveCount(0);

    // Editing starts from the stored values (photos included) and saves the change.
    await page.getByTestId('host-actions').getByRole('link', { name: 'Edit event' }).click();
    await expect(page).toHaveURL(`/event/${eventId}/edit`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Minimum bid (₹)')).toHaveValue('1500');
    await expect(page.getByTestId('photo-item')).toHaveCount(2);
    title = `${title} (acoustic)`;
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(`/event/${eventId}`);
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-gallery').locator('img')).toHaveCount(2);
    await expect(page.getByTestId('event-date')).toContainText('7:30 PM');
    // Once the workers have made the WebP variants, the browser picks one instead of the original.
    const firstPhoto = page.getByTestId('event-gallery').locator('img').first();
    await expect
      .poll(
        async () => {
          await page.reload();
          return firstPhoto.evaluate(async (img) => {
            const image = img as HTMLImageElement;
            if (!image.complete) await new Promise((resolve) => image.addEventListener('load', resolve, { once: true }));
            return image.currentSrc;
          });
        },
        { timeout: 15_000 },
      )
      .toMatch(/-w\d+\.webp$/);

    // The profile counts the event as hosted.
    await page.goto('/profile-v2');
    await expect(page.locator('dt', { hasText: 'Hosted' }).locator('xpath=following-sibling::dd')).toHaveText('1');

    await page.goto('/my-events');
    const upcoming = page.getByTestId('my-events-upcoming');
    await expect(eventCardTitled(page, title)).toBeVisible();
    await expect(upcoming.getByText(title)).toBeVisible();

    // A confirmation opened through its link (as without JavaScript) also starts on the safe choice.
    await page.goto(`/my-events?confirm=cancel-${eventId}`);
    await expect(eventCardTitled(page, title).getByRole('link', { name: 'Keep event' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL((url) => url.pathname === '/my-events' && !url.searchParams.has('confirm'));
    await expect(eventCardTitled(page, title).getByRole('link', { name: 'Cancel', exact: true })).toBeFocused();

    // Cancelling asks first, then moves the event to Cancelled.
    const card = eventCardTitled(page, title);
    await card.getByRole('link', { name: 'Cancel', exact: true }).click();
    const confirmation = card.getByRole('alertdialog', { name: 'Cancel this event?' });
    await expect(confirmation).toBeVisible();
    // The safe choice has the focus (Enter keeps the event), and Escape closes without cancelling.
    await expect(card.getByRole('link', { name: 'Keep event' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirmation).toBeHidden();
    await expect(card.getByRole('link', { name: 'Cancel', exact: true })).toBeFocused();
    await card.getByRole('link', { name: 'Cancel', exact: true }).click();
    await card.getByRole('button', { name: 'Yes, cancel event' }).click();
    await expect(page.getByTestId('my-events-cancelled').getByText(title)).toBeVisible();
    await expect(page.getByTestId('toast')).toContainText('Event cancelled');

    const stored = await fetch(`${apiUrl()}/api/v1/events/${eventId}`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(((await stored.json()) as { status: string }).status).toBe('cancelled');

    // A curation meetup can be converted to confirmed from the same list.
    const curated = await seedEvent(host, {
      title: `Curated supper ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(4),
      location: 'Colaba, Mumbai',
      meetup_type: 'curation',
    });
    await page.goto('/my-events');
    const curatedCard = eventCardTitled(page, curated.title);
    await curatedCard.getByRole('button', { name: 'Convert to confirmed' }).click();
    await expect(page.getByTestId('toast')).toContainText('Event converted to confirmed');
    await expect(curatedCard.getByRole('button', { name: 'Convert to confirmed' })).toHaveCount(0);
    const converted = await fetch(`${apiUrl()}/api/v1/events/${curated.id}`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(((await converted.json()) as { meetup_type: string }).meetup_type).toBe('confirmed');
  });

  test('a guest opens an event from /public without logging in, with no navigation, and share tags', async ({ page }) => {
    const host = await register('influencer', 'Kabir Rao');
    const title = `Sunrise trek ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, {
      title,
      description: 'A gentle trek to watch the sun come up over the valley.',
      date: daysFromNow(2, 6),
      location: 'Nandi Hills, Bengaluru',
      category: 'travel',
      pricing_type: 'gender_based',
      male_price: 1200,
      female_price: 900,
      age_groups: ['custom'],
      custom_age_range: [25, 40],
    });

    await page.goto('/public');
    const card = eventCardTitled(page, title);
    await expect(card).toBeVisible();
    await expect(cardParts(card).price).toHaveText('₹1,200 / ₹900');
    await expect(cardParts(card).ages).toHaveText('Ages 25 - 40');
    // The link covers the whole card, so the card itself shows the keyboard focus.
    await page.keyboard.press('Tab');
    await card.getByRole('link', { name: title }).focus();
    await expect(card).toHaveCSS('outline-style', 'solid');
    await card.getByRole('link', { name: title }).click();

    await expect(page).toHaveURL(`/event/${event.id}`);
    await expect(page.getByTestId('event-title')).toHaveText(title);
    await expect(page.getByTestId('event-category')).toHaveText('Travel');
    await expect(page.getByTestId('event-countdown')).toHaveText(/^\d+d \d+h \d+m$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveCount(0);
    await expect(page.getByTestId('event-menu')).toHaveCount(0);
    await expect(page.getByTestId('guest-header').getByRole('link', { name: 'Log in' })).toBeVisible();
    // Both ways in bring the guest back to this event afterwards.
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/signup?returnTo=${encodeURIComponent(`/event/${event.id}`)}`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /gentle trek/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');

    // The plain HTML (what a link preview reads) carries the tags too.
    const html = await (await fetch(new URL(`/event/${event.id}`, page.url()))).text();
    expect(html).toContain(`<meta property="og:title" content="${title}"/>`);
  });

  test('a signed-in fan on an event priced by gender is quoted the price for their own gender', async ({ page, accounts }) => {
    const host = await register('influencer', 'Kabir Rao');
    const event = await seedEvent(host, {
      title: `Gender-priced trek ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(3),
      location: 'Nandi Hills, Bengaluru',
      pricing_type: 'gender_based',
      male_price: 1200,
      female_price: 900,
    });
    // The fixture's accounts are male; the page's loader reads it (no page carries it in the root's data).
    await signIn(page, await accounts.create());
    await page.goto(`/event/${event.id}`);
    await expect(page.getByText('This event is priced by gender')).toHaveCount(0);
    await page.getByRole('link', { name: 'Apply' }).click();
    await expect(page.getByLabel('Amount (₹)')).toHaveValue('1200');
  });

  test('a page past the end of the list offers the first page instead of saying there are no events', async ({ page }) => {
    const host = await register('influencer', 'Meera Pillai');
    // At least one listed event, so the list is not empty, only this page of it.
    await seedEvent(host, { title: `Past the end ${randomBytes(3).toString('hex')}`, date: daysFromNow(6), location: 'Kochi' });
    await page.goto('/public?page=999');
    await expect(page.getByTestId('feed-past-end')).toContainText('No more events on this page');
    await page.getByRole('link', { name: 'Back to the first page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/public' && !url.searchParams.has('page'));
    await expect(eventCards(page).first()).toBeVisible();
  });

  test('an admin sees an event’s Edit only with approve_events and its Cancel only with delete_events', async ({ page }) => {
    const [host, admin] = await Promise.all([register('influencer', 'Ravi Menon'), register('fan', 'Asha Admin')]);
    const event = await seedEvent(host, { title: `Moderated ${randomBytes(3).toString('hex')}`, date: daysFromNow(5), location: 'Pune' });
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true, admin_permissions = '{"approve_events": true}' WHERE id = $1`, [
      admin.id,
    ]);

    await signIn(page, admin, `/event/${event.id}`);
    const actions = page.getByTestId('host-actions');
    await expect(actions.getByRole('link', { name: 'Applications' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'Edit event' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Cancel event' })).toHaveCount(0);
  });

  test('a signed-in fan reports an event from its menu', async ({ page }) => {
    const host = await register('influencer', 'Ishaan Sen');
    const fan = await register('fan', 'Tara Iyer');
    const title = `Board game night ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, { title, date: daysFromNow(3), location: 'Indiranagar, Bengaluru', category: 'gamenights' });

    await logIn(page, fan);
    await page.goto(`/event/${event.id}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByTestId('host-actions')).toHaveCount(0);
    await page.getByLabel('More options').click();
    await page.getByRole('link', { name: 'Report Event' }).click();
    await expect(page).toHaveURL(`/event/${event.id}/report`);
    await page.getByRole('button', { name: 'Submit report' }).click();
    // The browser insists on a reason before anything is sent.
    await expect(page).toHaveURL(`/event/${event.id}/report`);
    await page.getByLabel('Scam or fraud').check();
    await page.getByLabel('Details (optional)').fill('Asked me to pay outside the app.');
    await page.getByRole('button', { name: 'Submit report' }).click();
    await expect(page).toHaveURL(`/event/${event.id}`);
    await expect(page.getByTestId('toast')).toContainText('Thanks for letting us know');

    // A second report of the same event is refused with the API's message.
    await page.goto(`/event/${event.id}/report`);
    await page.getByLabel('Spam or misleading').check();
    await page.getByRole('button', { name: 'Submit report' }).click();
    await expect(page.getByText('You have already reported this event.')).toBeVisible();

    // The host card leads to the host's past events, titled with the host's name.
    await page.goto(`/event/${event.id}`);
    await page.getByTestId('event-host').getByRole('link', { name: 'Past events by this host' }).click();
    await expect(page).toHaveURL(`/host-past-events/${host.id}`);
    await expect(page.getByTestId('past-events-title')).toHaveText('Past Events by Ishaan Sen');
    await expect(page.getByText('View all past events by this host')).toBeVisible();
    await expect(page.getByTestId('past-events-empty')).toBeVisible();
  });

  test('a fan filters by city, category, age and price and the list updates', async ({ page }) => {
    const host = await register('influencer', 'Nisha Bhat');
    const fan = await register('fan', 'Rohan Das');
    const tag = randomBytes(3).toString('hex');
    const seed = (name: string, fields: Record<string, unknown>) =>
      seedEvent(host, { title: `${name} ${tag}`, date: daysFromNow(2), category: 'music', age_groups: ['18-30'], min_bid: 500, ...fields });
    await seed('Shillong music young cheap', { location: 'Police Bazar, Shillong' });
    await seed('Leh music young cheap', { location: 'Main Bazaar, Leh' });
    await seed('Shillong food young cheap', { location: 'Laitumkhrah, Shillong', category: 'food' });
    await seed('Shillong music older cheap', { location: 'Police Bazar, Shillong', age_groups: ['41-50'] });
    await seed('Shillong music young pricey', { location: 'Police Bazar, Shillong', min_bid: 50_000 });
    const all = [
      'Shillong music young cheap',
      'Leh music young cheap',
      'Shillong food young cheap',
      'Shillong music older cheap',
      'Shillong music young pricey',
    ];
    const expectList = async (visible: string[]) => {
      for (const name of all) {
        if (visible.includes(name)) await expect(eventCardTitled(page, `${name} ${tag}`)).toBeVisible();
        else await expect(eventCardTitled(page, `${name} ${tag}`)).toHaveCount(0);
      }
    };

    await logIn(page, fan);
    await expect(page.getByTestId('home-tab-influencer-events')).toHaveAttribute('aria-current', 'page');

    // City: chosen on /city-filter, shown on /home and kept in the URL.
    await page.getByTestId('city-link').click();
    await expect(page).toHaveURL((url) => url.pathname === '/city-filter');
    await page.getByLabel('Search cities').fill('shill');
    await expect(page.getByTestId('city-list').getByRole('button', { name: 'Leh' })).toHaveCount(0);
    await page.getByTestId('city-list').getByRole('button', { name: 'Shillong' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home' && url.searchParams.get('city') === 'Shillong');
    await expect(page.getByTestId('current-city')).toHaveText('Shillong');
    await expectList([
      'Shillong music young cheap',
      'Shillong food young cheap',
      'Shillong music older cheap',
      'Shillong music young pricey',
    ]);

    // Category.
    await page.getByTestId('filter-button').click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByText('Music', { exact: true }).click();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('category') === 'music');
    await expectList(['Shillong music young cheap', 'Shillong music older cheap', 'Shillong music young pricey']);

    // Age group: Open and Custom Range give way to a fixed range.
    await page.getByTestId('filter-button').click();
    await sheet.getByText('Open', { exact: true }).click();
    await expect(sheet.getByRole('checkbox', { name: 'Open' })).toBeChecked();
    await sheet.getByText('18-30', { exact: true }).click();
    await expect(sheet.getByRole('checkbox', { name: 'Open' })).not.toBeChecked();
    await expect(sheet.getByRole('checkbox', { name: '18-30' })).toBeChecked();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('age') === '18-30');
    await expectList(['Shillong music young cheap', 'Shillong music young pricey']);

    // Price: the top of the slider reads in lakhs; the maximum handle cannot pass the minimum.
    await page.getByTestId('filter-button').click();
    await expect(sheet.getByTestId('maxPrice-label')).toHaveText('₹1L');
    await setRange(page, 'Minimum price', 2000);
    await setRange(page, 'Maximum price', 1000);
    await expect(sheet.getByLabel('Maximum price', { exact: true })).toHaveValue('2000');
    await setRange(page, 'Minimum price', 0);
    await setRange(page, 'Maximum price', 10_000);
    await expect(sheet.getByTestId('maxPrice-label')).toHaveText('₹10,000');
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('maxPrice') === '10000');
    await expectList(['Shillong music young cheap']);
    await expect(page.getByTestId('filter-button')).toHaveAccessibleName('Filters (3 active)');

    // Clear resets category, price and age (the city stays).
    await page.getByTestId('filter-button').click();
    await sheet.getByRole('button', { name: 'Clear' }).click();
    await expect(sheet.getByRole('radio', { name: 'All' })).toBeChecked();
    await expect(sheet.getByTestId('maxPrice-label')).toHaveText('₹1L');
    await expect(sheet.getByRole('checkbox', { name: '18-30' })).not.toBeChecked();
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL((url) => !url.searchParams.has('category') && url.searchParams.get('city') === 'Shillong');
    await expectList([
      'Shillong music young cheap',
      'Shillong food young cheap',
      'Shillong music older cheap',
      'Shillong music young pricey',
    ]);
  });

  test('the open filter sheet keeps the keyboard focus while the countdowns tick', async ({ page }) => {
    const fan = await register('fan', 'Kavya Menon');
    await page.clock.install();
    await logIn(page, fan);
    await page.getByTestId('filter-button').click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    // Opening moves the focus into the sheet.
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeFocused();
    await sheet.getByRole('button', { name: 'Apply' }).focus();
    // The home page re-renders every 30 s for its countdowns; the sheet must not grab the focus back.
    await page.clock.fastForward(31_000);
    await page.clock.fastForward(31_000);
    await expect(sheet.getByRole('button', { name: 'Apply' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('filter-button')).toBeFocused();
  });

  test('without JavaScript a host still creates an event with a photo and filters the home list', async ({ page, browser, baseURL }) => {
    const host = await register('influencer', 'Aditi Nair');
    await logIn(page, host);
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    const title = `Pottery evening ${randomBytes(3).toString('hex')}`;

    await plain.goto('/create-event');
    await plain.getByLabel('Title').fill(title);
    await plain.getByLabel('Category').selectOption('arts');
    const start = new Date(Date.now() + 6 * 86_400_000 + 19_800_000);
    await plain.getByLabel('Starts').fill(`${start.toISOString().slice(0, 10)}T18:00`);
    await plain.getByLabel('Location', { exact: true }).fill('Jubilee Hills, Hyderabad');
    // Without JavaScript the picker itself is sent and the server uploads the file.
    await plain
      .locator('input[name="photo_files"]')
      .setInputFiles([{ name: 'clay.png', mimeType: 'image/png', buffer: png(48, 48, [180, 120, 60]) }]);
    await plain.getByLabel('Minimum bid (₹)').fill('900');
    await plain.getByRole('button', { name: 'Publish event' }).click();
    await expect(plain).toHaveURL(/\/event\/[0-9a-f-]{36}$/);
    await expect(plain.getByTestId('event-title')).toHaveText(title);
    await expect(plain.getByTestId('event-gallery').locator('img')).toHaveCount(1);

    // The influencer's home lists their own events; the filter sheet is a plain GET form.
    await plain.goto('/home');
    await expect(eventCardTitled(plain, title)).toBeVisible();
    await plain.getByTestId('filter-button').click();
    await expect(plain).toHaveURL((url) => url.searchParams.get('sheet') === 'filters');
    await plain.getByRole('dialog', { name: 'Filters' }).getByText('Food', { exact: true }).click();
    await plain.getByRole('button', { name: 'Apply' }).click();
    await expect(plain).toHaveURL(
      (url) => url.searchParams.get('category') === 'food' && !url.searchParams.has('sheet') && !url.searchParams.has('minPrice'),
    );
    await expect(eventCardTitled(plain, title)).toHaveCount(0);
    await expect(plain.getByTestId('feed-empty')).toContainText('No events match your filters');

    await plain.getByTestId('filter-button').click();
    await plain.getByRole('button', { name: 'Clear' }).click();
    await expect(plain).toHaveURL((url) => !url.searchParams.has('category') && url.searchParams.get('sheet') === 'filters');
    await plain.getByRole('button', { name: 'Apply' }).click();
    await expect(eventCardTitled(plain, title)).toBeVisible();
    await context.close();
  });

  test('the home list comes back at the same scroll position after visiting an event', async ({ page }) => {
    const host = await register('influencer', 'Dev Malhotra');
    const fan = await register('fan', 'Anaya Shah');
    const tag = randomBytes(3).toString('hex');
    for (let index = 0; index < 24; index += 1) {
      const title = `Srinagar shikara ride ${String(index + 1).padStart(2, '0')} ${tag}`;
      await seedEvent(host, { title, date: daysFromNow(5 + index), location: 'Dal Lake, Srinagar', category: 'travel', min_bid: 700 });
    }

    await logIn(page, fan);
    await page.goto('/city-filter?returnTo=%2Fhome');
    await page.getByTestId('city-list').getByRole('button', { name: 'Srinagar' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await expect(eventCards(page)).toHaveCount(20);

    // Infinite scroll brings the rest; a page that fails to load says so and can be retried.
    await page.route('**/resources/events?*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await eventCards(page).last().scrollIntoViewIfNeeded();
    await expect(page.getByTestId('toast')).toContainText('Failed to load more events');
    await expect(page.getByTestId('feed-end').getByRole('alert')).toHaveText('Failed to load more events');
    await expect(eventCards(page)).toHaveCount(20);
    await page.unroute('**/resources/events?*');
    await page.getByTestId('feed-end').getByRole('button', { name: 'Retry' }).click();
    await expect(eventCards(page)).toHaveCount(24);
    await expect(page.getByTestId('feed-end').getByRole('alert')).toHaveCount(0);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, 900));
    // Saved after the 150 ms debounce, per path and home tab.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('tribe:scroll:/home?tab=influencer-events'))).toBe('900');

    // Open an event that is fully on screen (so clicking it scrolls nothing), then come back through the Home tab.
    const visibleTitles = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('article.event-card'))
          .filter((card) => {
            const box = card.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight - 100;
          })
          .map((card) => card.querySelector('h3')?.textContent ?? ''),
      );
    const [first, second] = await visibleTitles();
    expect(first && second).toBeTruthy();
    await eventCardTitled(page, first!).getByRole('link').click();
    await expect(page).toHaveURL(/\/event\//);
    await expect(page.getByTestId('event-title')).toHaveText(first!);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);

    // The event shows in Recently viewed.
    await expect(page.getByTestId('recently-viewed').getByText(first!)).toBeVisible();

    // And with the browser's back button.
    await eventCardTitled(page, second!).getByRole('link').click();
    await expect(page.getByTestId('event-title')).toHaveText(second!);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  });
});
