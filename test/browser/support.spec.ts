import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { expect, logInThroughScreen, test } from './fixtures.js';
import { daysFromNow, dbQuery, register, seedEvent } from './seed.js';

/**
 * A job the real workers refuse at once: its data does not fit the job (as when one is added by
 * hand or by an older release), so it fails with no retries left.
 */
async function failedJobAbout(eventId: string): Promise<string> {
  const queue = new Queue('payments', { connection: { url: process.env.TRIBE_REDIS_URL }, prefix: process.env.TRIBE_QUEUE_PREFIX });
  try {
    const jobId = `payment.capture@${randomUUID()}`;
    await queue.add('payment.capture', { transactionId: 'lost', eventId, outboxId: randomUUID() }, { jobId, attempts: 1 });
    await expect.poll(async () => (await queue.getJob(jobId))?.failedReason ?? '', { timeout: 30_000 }).toContain('schema');
    return jobId;
  } finally {
    await queue.close();
  }
}

test.describe('support staff and the job queues', () => {
  test('find the jobs of an event, read why one failed, and retry it after confirming', async ({ page }) => {
    const host = await register('influencer', 'Meera Host');
    const event = await seedEvent(host, { title: `Pottery evening ${randomUUID().slice(0, 6)}`, date: daysFromNow(9), min_bid: 400 });
    const jobId = await failedJobAbout(event.id);
    const staff = await register('fan', 'Sana Support');
    await dbQuery(`UPDATE users SET admin_permissions = '{"support": true}' WHERE id = $1`, [staff.id]);

    // Logging in takes support staff to the admin area, where their tools are.
    await logInThroughScreen(page, staff);
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await expect(page.getByRole('heading', { name: /Hello/ })).toBeVisible();
    // Support staff see the queue pages and nothing else of the admin area.
    await expect(page.getByRole('link', { name: /Payouts/ })).toHaveCount(0);
    await page.goto('/admin/payouts');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();

    await page.goto('/admin');
    await page.getByRole('link', { name: /Job support/ }).click();
    await page.getByLabel('Application, payment, event or person id').fill(event.id);
    await page.getByRole('button', { name: 'Find jobs' }).click();
    // The failed capture, and the chat's opening of the event's room (started by its creation).
    await expect(page.getByRole('heading', { name: '2 jobs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'chat.open_room', exact: true })).toBeVisible();
    // Each hit opens its job in the queue dashboard (Bull Board), served through the web.
    const dashboardLink = page.getByRole('link', { name: 'Open in the queue dashboard: payment.capture' });
    await expect(dashboardLink).toHaveAttribute('href', `/api/v1/admin/queues/queue/payments/${encodeURIComponent(jobId)}`);
    const dashboard = await page.context().request.get((await dashboardLink.getAttribute('href'))!);
    expect(dashboard.status()).toBe(200);
    await page.getByRole('link', { name: 'payment.capture', exact: true }).click();

    const detail = page.getByRole('region', { name: 'payment.capture' });
    await expect(detail.getByText(/data does not fit what the job expects/)).toBeVisible();
    await expect(detail.getByText(event.title)).toBeVisible();

    await detail.getByRole('link', { name: 'Retry…' }).click();
    const confirm = page.getByRole('form', { name: 'Confirm retry' });
    await confirm.getByRole('button', { name: 'Yes, retry this job' }).click();
    await expect(confirm.getByText(/Say in a few words why/)).toBeVisible();
    await confirm.getByLabel('Why (kept in the audit record)').fill('Checking the fix from ticket 4411');
    await confirm.getByRole('button', { name: 'Yes, retry this job' }).click();

    await expect(page.getByText('Job sent back to its queue')).toBeVisible();
    // The workers refuse the same data again: it is failed once more, and the history names who retried it and why.
    await expect(async () => {
      await page.reload();
      await expect(detail.getByText(/retry by .* “Checking the fix from ticket 4411”/)).toBeVisible({ timeout: 1_000 });
      await expect(detail.getByText('failed', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    expect(page.url()).toContain(encodeURIComponent(jobId));
  });

  test('the web answers its liveness probe without asking the API', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
