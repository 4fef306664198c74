/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures.js';
import { apiUrl, daysFromNow, dbQuery, png, register, seedEvent, uploadImage } from './seed.js';

const cardTitled = (page: Page, title: string) => page.getByTestId('event-card').filter({ hasText: title });

test.describe('event pages, as QA found them', () => {
  test('guests are not invited to apply to a cancelled event', async ({ page }) => {
    const host = await register('influencer', 'Leela Menon');
    const open = await seedEvent(host, { title: `Book swap ${randomBytes(3).toString('hex')}`, date: daysFromNow(3), location: 'Fort Kochi' });
    const cancelled = await seedEvent(host, { title: `Cancelled swap ${randomBytes(3).toString('hex')}`, date: daysFromNow(3), location: 'Fort Kochi' });
    const response = await fetch(`${apiUrl()}/api/v1/events/${cancelled.id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${host.token}` } });
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
    await dbQuery(`UPDATE event SET images = $2::jsonb WHERE id = $1`, [event.id, JSON.stringify([missing])]);

    await page.goto(`/event/${event.id}`);
    const gallery = page.getByRole('group', { name: 'Event photos' });
    await expect(gallery.getByTestId('image-placeholder')).toBeVisible();
    await expect(gallery.getByTestId('image-placeholder')).toHaveText('V');
    await expect(gallery.locator('img')).toHaveCount(0);
    // Still named for screen readers, as the photo was.
    await expect(gallery.getByRole('img', { name: title })).toBeVisible();

    await page.goto('/public');
    const card = cardTitled(page, title);
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId('image-placeholder')).toBeVisible();
    await expect(card.locator('img')).toHaveCount(0);
  });
});
