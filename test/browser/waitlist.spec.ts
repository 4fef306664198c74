/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, signedIn, test } from './fixtures.js';
import { apiAs as api, daysFromNow, paidApplicant, pendingApplicationOf, register, seedEvent } from './seed.js';

/** Presses a button of the sandbox checkout once its script enabled it (see payments.spec.ts for why by event). */
async function pressInCheckout(page: Page, name: string) {
  const button = page.frameLocator('iframe[title="Tribe checkout"]').getByRole('button', { name });
  await expect(button).toBeEnabled();
  await button.dispatchEvent('click');
}

/** Reloads the page until the locator shows: the work behind it happens in the workers. */
async function reloadUntilVisible(page: Page, path: string, find: (page: Page) => ReturnType<Page['getByTestId']>) {
  await expect(async () => {
    await page.goto(path);
    await expect(find(page)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('the waitlist of a full event', () => {
  test('a fan joins the waitlist of a full event, is offered the freed seat, pays and is in', async ({ browser }) => {
    test.slow();
    const host = await register('influencer', 'Tara Host');
    const title = `Rooftop jazz ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, { title, date: daysFromNow(4), location: 'Mumbai', min_bid: 600, capacity: 1 });
    const booked = await register('fan', 'Dev Booked');
    await paidApplicant(booked, event.id, 600);
    await api(host, 'POST', `/applications/${await pendingApplicationOf(host, booked)}/accept`);

    const fan = await register('fan', 'Neha Waiting');
    const page = await signedIn(browser, fan);
    await page.goto(`/event/${event.id}`);
    await expect(page.getByTestId('join-button')).toHaveCount(0);
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    const standing = page.getByTestId('waitlist-standing');
    await expect(standing).toContainText("You're #1 on the waitlist");

    // The host raises the capacity: the offers job gives the new seat to the first in line.
    await api(host, 'PUT', `/events/${event.id}`, { capacity: 2 });
    await reloadUntilVisible(page, `/event/${event.id}`, (p) => p.getByTestId('waitlist-offer'));
    await expect(page.getByTestId('waitlist-offer')).toContainText(/A seat is yours until \d{1,2}:\d{2} [AP]M/);

    await page.getByTestId('join-button').click();
    const form = page.getByRole('dialog', { name: /Place your bid|Apply to join/ });
    await form.getByRole('button', { name: 'Pay ₹600' }).click();
    await pressInCheckout(page, 'Pay ₹600');
    await expect(page.getByText(/Payment Received/)).toBeVisible();
    await reloadUntilVisible(page, `/event/${event.id}`, (p) => p.getByTestId('my-application').filter({ hasText: 'Accepted' }));

    // Now in, the fan adds it to their calendar: an invite their calendar app reads as this event.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
    const invite = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
    const [entry] = invite.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(entry?.summary).toBe(title);
    expect(entry?.startDate.toJSDate().toISOString()).toBe(new Date(daysFromNow(4)).toISOString());

    await page.goto('/notifications');
    await expect(page.locator('main').getByText('A seat is yours').first()).toBeVisible();
  });
});
