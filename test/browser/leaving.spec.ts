import { expect, signIn, test } from './fixtures.js';
import { apiAs, daysFromNow, paidApplicant, pendingApplicationOf, register, seedEvent } from './seed.js';

/**
 * Leaving a booking (issue 25): an accepted fan sees, before confirming, what the event's
 * cancellation policy gives back; confirms; and finds the refund and its credit note in Transactions.
 */
test('an accepted fan cancels their booking and sees the refund and its credit note', async ({ page }) => {
  test.setTimeout(90_000);
  const host = await register('influencer', 'Leela Host');
  const fan = await register('fan', 'Arjun Fan');
  const event = await seedEvent(host, {
    title: 'Rooftop salsa',
    date: daysFromNow(5),
    min_bid: 800,
    capacity: 5,
    cancellation_policy: 'half_refund_24h',
  });
  await paidApplicant(fan, event.id, 800);
  const applicationId = await pendingApplicationOf(host, fan);
  await apiAs(host, 'POST', `/applications/${applicationId}/accept`);
  await expect
    .poll(async () => (await apiAs<Array<{ state: string }>>(fan, 'GET', '/payments/transactions'))[0]?.state, { timeout: 30_000 })
    .toBe('captured');

  await signIn(page, fan, `/event/${event.id}`);
  await expect(page.getByTestId('cancellation-policy')).toContainText('50% refund up to 24 hours before');
  await page.getByTestId('my-application').getByRole('link', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('heading', { name: 'Cancel booking' })).toBeVisible();
  await expect(page.getByTestId('cancellation-policy')).toContainText('50% refund up to 24 hours before');
  await expect(page.getByTestId('leaving-money')).toHaveText('You get ₹400 of the ₹800 you paid back.');
  await page.getByRole('button', { name: 'Cancel booking' }).click();

  await expect(page).toHaveURL(/\/my-bookings$/);
  await expect(page.getByText('Booking cancelled. ₹400 is on its way back to you')).toBeVisible();
  await expect(page.getByTestId('booking').getByText('Cancelled by you')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cancel booking: Rooftop salsa' })).toHaveCount(0);

  // The workers refund through the provider; its credit note then shows under the payment.
  await expect
    .poll(
      async () => {
        await page.goto('/transactions');
        return page.getByTestId('credit-note').count();
      },
      { timeout: 45_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(page.getByText('Refunded ₹400')).toBeVisible();
  await expect(page.getByTestId('credit-note')).toContainText('₹400');
});
