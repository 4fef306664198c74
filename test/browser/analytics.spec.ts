import type { DashboardView } from '../../api/src/contracts/analytics.contract.js';
import { expect, setTabHidden, signIn, test } from './fixtures.js';
import { apiAs, daysFromNow, register, seedEvent } from './seed.js';

/**
 * A fan walks the join funnel in the browser — an event page, its join sheet, the event page of an
 * application the host accepted — and the admin's /admin funnel counts each step. The checkout is
 * the payments journeys' subject: its step is sent through the web's analytics route as the
 * recorder would after a verified payment.
 */
test('a walk through the join funnel shows up on the admin dashboard', async ({ page, browser, accounts }) => {
  const [admin, host, fan] = await Promise.all([
    register('fan', 'Asha Admin'),
    register('influencer', 'Kabir Host'),
    register('fan', 'Meera Fan'),
  ]);
  await accounts.makeAdmin({ ...admin, id: admin.id });
  const [paidEvent, freeEvent] = await Promise.all([
    seedEvent(host, { title: 'Rooftop jazz', date: daysFromNow(5), location: 'Bandra', min_bid: 300, capacity: 10 }),
    seedEvent(host, { title: 'Sunday run', date: daysFromNow(6), location: 'Juhu', min_bid: 0, capacity: 10 }),
  ]);
  const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${freeEvent.id}/bid`, { amount: 0 });
  await apiAs(host, 'POST', `/applications/${application.id}/accept`);
  const before = (await apiAs<DashboardView>(admin, 'GET', '/admin/dashboard')).funnel.map(({ sessions }) => sessions);

  await signIn(page, fan, `/event/${paidEvent.id}`);
  await page.getByTestId('join-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goto(`/event/${freeEvent.id}`);
  await expect(page.getByTestId('my-application')).toContainText('Accepted');
  const sessionId = await page.evaluate(() => (JSON.parse(localStorage.getItem('tribe.analytics.session') ?? '{}') as { id?: string }).id);
  expect(sessionId).toBeTruthy();
  const paid = { page: 'event_detail', eventType: 'payment', action: 'succeeded', payload: { eventId: paidEvent.id } };
  const sent = await page.request.post('/resources/analytics', {
    data: { events: [{ ...paid, timestamp: new Date().toISOString(), sessionId, device: 'desktop' }] },
  });
  expect(sent.status()).toBe(204);
  // The tab going to the background sends what the recorder gathered.
  await setTabHidden(page, true);

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, admin, '/admin');
  const expected = { viewed: before[0]! + 1, apply_opened: before[1]! + 1, paid: before[2]! + 1, accepted: before[3]! + 1 };
  await expect(async () => {
    await adminPage.goto('/admin');
    for (const [step, sessions] of Object.entries(expected)) {
      await expect(adminPage.getByTestId(`funnel-${step}`)).toHaveText(String(sessions), { timeout: 1_000 });
    }
  }).toPass({ timeout: 15_000 });
  await expect(adminPage.getByRole('img', { name: /^Sign-ups, last 30 days/ })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: /Event review/ })).toHaveAttribute('href', '/admin/events');
});
