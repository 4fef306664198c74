/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { cardParts, eventCardTitled } from './event-cards.js';
import { expect, signIn, test } from './fixtures.js';
import { apiUrl, changeEventsInDatabase, daysFromNow, png, register, seedEvent, uploadImage } from './seed.js';

/** A date ten days out as the datetime-local input wants it (India wall clock), at `time`. */
function inTenDays(time: string): string {
  const day = new Date(Date.now() + 10 * 86_400_000 + 19_800_000);
  return `${day.toISOString().slice(0, 10)}T${time}`;
}

test.describe('event pages, as QA found them', () => {
  test('guests are not invited to apply to a cancelled event', async ({ page }) => {
    const host = await register('influencer', 'Leela Menon');
    const open = await seedEvent(host, {
      title: `Book swap ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(3),
      location: 'Fort Kochi',
    });
    const cancelled = await seedEvent(host, {
      title: `Cancelled swap ${randomBytes(3).toString('hex')}`,
      date: daysFromNow(3),
      location: 'Fort Kochi',
    });
    const response = await fetch(`${apiUrl()}/api/v1/events/${cancelled.id}/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(response.status).toBe(200);

    await page.goto(`/event/${open.id}`);
    await expect(page.getByText('Log in or create an account to apply for this event.')).toBeVisible();

    await page.goto(`/event/${cancelled.id}`);
    await expect(page.getByText('This event has been cancelled.')).toBeVisible();
    await expect(page.getByText('Want to join?')).toHaveCount(0);
    await expect(page.getByText(/create an account to apply/)).toHaveCount(0);
  });

  test('a photo that cannot be loaded gives way to the gradient, on the card and on the page', async ({ page }) => {
    const host = await register('influencer', 'Omkar Patil');
    const photo = await uploadImage(host, png(80, 45, [90, 140, 60]));
    const title = `Vada pav crawl ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, { title, date: daysFromNow(2), location: 'Dadar, Mumbai', images: [photo] });
    // The file went missing after the event was published (a storage mishap, a purge).
    const missing = photo.replace(/\/([0-9a-f-]{36})\.(\w+)$/, '/00000000-0000-4000-8000-000000000000.$2');
    expect(missing).not.toBe(photo);
    await changeEventsInDatabase(`UPDATE event SET images = $2::jsonb WHERE id = $1`, [event.id, JSON.stringify([missing])]);

    await page.goto(`/event/${event.id}`);
    const gallery = page.getByRole('group', { name: 'Event photos' });
    await expect(gallery.getByTestId('image-placeholder')).toBeVisible();
    await expect(gallery.getByTestId('image-placeholder')).toHaveText('V');
    await expect(gallery.locator('img')).toHaveCount(0);
    // Still named for screen readers, as the photo was.
    await expect(gallery.getByRole('img', { name: title })).toBeVisible();

    await page.goto('/public');
    const card = eventCardTitled(page, title);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('image-placeholder')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
  });

  test('converting an event whose date is still to be decided asks for the date in the same step', async ({ page }) => {
    const host = await register('influencer', 'Sana Mirza');
    const title = `Secret supper ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, {
      title,
      date: '2099-12-31 23:59:59',
      location: 'Jubilee Hills, Hyderabad',
      meetup_type: 'curation',
    });
    await signIn(page, host, '/my-events');
    await expect(page).toHaveURL((url) => url.pathname === '/my-events');

    const card = eventCardTitled(page, title);
    await expect(cardParts(card).date).toHaveText('Date to be decided');
    await card.getByRole('link', { name: 'Convert to confirmed' }).click();
    const step = card.getByRole('form', { name: 'Convert to confirmed' });
    await expect(step).toContainText('A confirmed event needs a date.');
    const date = step.getByLabel('Date and time');
    await expect(date).toBeFocused();

    // A date in the past is refused beside the field, and nothing changes.
    await date.fill('2020-01-01T19:00');
    await step.getByRole('button', { name: 'Convert to confirmed' }).click();
    await expect(step.getByLabel('Date and time')).toHaveAccessibleDescription('The start must be in the future India time'); // the refusal, then the hint it keeps
    await expect(cardParts(card).date).toHaveText('Date to be decided');

    await step.getByLabel('Date and time').fill(inTenDays('20:30'));
    await step.getByRole('button', { name: 'Convert to confirmed' }).click();
    await expect(page.getByTestId('toast')).toContainText('Event converted to confirmed');
    await expect(cardParts(card).date).toContainText('8:30 PM');
    await expect(card.getByRole('link', { name: 'Convert to confirmed' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Convert to confirmed' })).toHaveCount(0);

    const stored = (await (
      await fetch(`${apiUrl()}/api/v1/events/${event.id}`, { headers: { authorization: `Bearer ${host.token}` } })
    ).json()) as {
      meetup_type: string;
      is_date_to_be_decided: boolean;
    };
    expect(stored).toMatchObject({ meetup_type: 'confirmed', is_date_to_be_decided: false });
  });
});
