/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { KycProblems } from '../../api/src/contracts/kyc.js';
import type { ApplicationInvoicesView } from '../../api/src/contracts/invoices.contract.js';
import { Messages } from '../../api/src/contracts/messages.js';
import type { PayoutsSummaryView } from '../../api/src/contracts/payouts.contract.js';
import { expect, signedIn, signIn, test, untilHydrated } from './fixtures.js';
import { apiAs, apiUrl, daysFromNow, dbQuery, paidApplicant, pendingApplicationOf, register, seedEvent, type Person } from './seed.js';

/**
 * Invoices and host money (issue 9): after the accept of the payments journey the fan downloads the
 * invoice from /transactions (a PDF whose text holds its number); the host fills the payment
 * profile (a bad IFSC shows its error on the field, and nothing is saved) and sees the event's
 * amount on /payouts; an admin records a payout and marks it paid.
 */

const rupees = (amount: number) => `₹${amount.toLocaleString('en-IN')}`;
const capitalised = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

async function pdfText(path: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(path)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A paid fan accepted by the host through the API; answers the application once the workers have captured the money. */
async function acceptedAndCaptured(host: Person, fan: Person, applicationId: string): Promise<void> {
  await apiAs(host, 'POST', `/applications/${applicationId}/accept`);
  await expect
    .poll(
      async () => (await apiAs<Array<{ applicationId: string | null; status: string }>>(fan, 'GET', '/payments/transactions'))[0]?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('captured');
}

/** The invoice the workers issue after the capture (GET /invoices/application/{id} answers 404 until then). */
async function issuedInvoice(fan: Person, applicationId: string): Promise<ApplicationInvoicesView['invoice']> {
  let invoice: ApplicationInvoicesView['invoice'] | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${apiUrl()}/api/v1/invoices/application/${applicationId}`, {
          headers: { authorization: `Bearer ${fan.token}` },
        });
        if (response.status === 200) invoice = ((await response.json()) as ApplicationInvoicesView).invoice;
        return response.status;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(200);
  return invoice!;
}

/** The fee the API takes of an amount at `percent`, rounded to the rupee with halves up (docs/decisions.md, "Payouts"). */
const feeOf = (amount: number, percent: number) => Math.floor((amount * percent) / 100 + 0.5);

async function fillProfile(page: Page, fields: { ifsc: string }) {
  await page.getByLabel('Legal name').fill('Kavya Iyer');
  await page.getByLabel('PAN').fill('ABCPE1234F');
  await page.getByRole('radio', { name: 'Bank account' }).check();
  await page.getByLabel('Bank account number').fill('1234 5678 9012');
  await page.getByLabel('IFSC').fill(fields.ifsc);
  await page.getByLabel('State').selectOption('Maharashtra');
}

/** The IFSC field's hint, which stays under its error. */
const IFSC_HINT = '11 characters, on your cheque book or passbook.';

test.describe('invoices, payment profile and payouts', () => {
  test('the fan downloads the invoice; the host sets up the payment profile and sees what the event owes', async ({ browser }) => {
    // Four people and a PDF in one journey: on a slow, loaded machine it needs more than the default minute.
    test.slow();
    const host = await register('influencer', 'Kavya Host');
    const title = `Sunset kayaking ${randomBytes(3).toString('hex')}`;
    const amount = 1500;
    const event = await seedEvent(host, { title, date: daysFromNow(6), location: 'Alibaug, Maharashtra', min_bid: amount, capacity: 10 });
    const fan = await register('fan', 'Ishaan Fan');
    await paidApplicant(fan, event.id, amount);
    const applicationId = await pendingApplicationOf(host, fan);

    // Before the capture there is no invoice: the download route says when there will be one.
    const fanPage = await signedIn(browser, fan);
    const early = await fanPage.request.get(`/resources/invoices/application/${applicationId}?returnTo=/my-bookings`, {
      headers: { accept: 'application/json' },
    });
    expect(early.status()).toBe(404);
    expect(await early.json()).toMatchObject({ error: Messages.invoices.notYetIssued });
    // A link followed without JavaScript comes back to the page with the message.
    await fanPage.goto(`/resources/invoices/application/${applicationId}?returnTo=/my-bookings`);
    await expect(fanPage).toHaveURL((url) => url.pathname === '/my-bookings');
    await expect(fanPage.getByTestId('toast')).toContainText(Messages.invoices.notYetIssued);

    await acceptedAndCaptured(host, fan, applicationId);
    const invoice = await issuedInvoice(fan, applicationId);

    await fanPage.goto('/transactions');
    const row = fanPage.getByTestId('transaction-row').filter({ hasText: title });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(invoice.invoice_no);
    // The toast is the script's: without it the link is a plain download.
    await untilHydrated(fanPage);
    const downloading = fanPage.waitForEvent('download');
    await row.getByRole('link', { name: /^Download invoice/ }).click();
    const download = await downloading;
    // The toast first: it goes by itself after a few seconds, and reading the PDF takes a while.
    await expect(fanPage.getByTestId('toast')).toContainText(Messages.invoices.downloaded);
    expect(download.suggestedFilename()).toBe(invoice.file_name);
    const text = await pdfText((await download.path())!);
    expect(text).toContain(invoice.invoice_no);
    expect(text).toContain('Ishaan Fan');

    // Someone else asking the web for it learns nothing but that it failed.
    const strangerPage = await signedIn(browser, await register('fan', 'Dev Stranger'));
    const refused = await strangerPage.request.get(`/resources/invoices/${invoice.id}`, { headers: { accept: 'application/json' } });
    expect(refused.status()).toBe(404);
    expect(await refused.json()).toMatchObject({ error: Messages.invoices.downloadFailed });
    await strangerPage.context().close();

    // /my-bookings offers the same invoice.
    await fanPage.goto('/my-bookings');
    await expect(
      fanPage
        .getByTestId('booking')
        .filter({ hasText: 'Accepted' })
        .getByRole('link', { name: /^Download invoice/ }),
    ).toBeVisible();

    // The host: no profile yet, then a bad IFSC, then a good one.
    const hostPage = await signedIn(browser, host);
    await hostPage.goto('/payment-profile');
    await expect(hostPage.getByText('Set up your payment profile', { exact: true })).toBeVisible();
    await hostPage.getByRole('link', { name: 'Set up payment profile' }).click();
    await expect(hostPage).toHaveURL((url) => url.pathname === '/payment-profile/edit');
    // Each payout method shows its own fields.
    await expect(hostPage.getByLabel('UPI id', { exact: true })).toBeHidden();
    await hostPage.getByRole('radio', { name: 'UPI', exact: true }).check();
    await expect(hostPage.getByLabel('UPI id', { exact: true })).toBeVisible();
    await expect(hostPage.getByLabel('Bank account number')).toBeHidden();
    await fillProfile(hostPage, { ifsc: 'SBIN1001234' });
    await expect(hostPage.getByLabel('UPI id', { exact: true })).toBeHidden();
    await hostPage.getByRole('button', { name: 'Save payment profile' }).click();
    const ifsc = hostPage.getByLabel('IFSC');
    await expect(ifsc).toHaveAttribute('aria-invalid', 'true');
    await expect(ifsc).toHaveAccessibleDescription(`${capitalised(KycProblems.ifsc.fifthZero)} ${IFSC_HINT}`);
    await expect(hostPage).toHaveURL((url) => url.pathname === '/payment-profile/edit');

    // The server checks the same without JavaScript, and saves nothing.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await hostPage.context().storageState() });
    try {
      const noScript = await plain.newPage();
      await noScript.goto('/payment-profile/edit');
      await fillProfile(noScript, { ifsc: 'SBIN1001234' });
      await noScript.getByRole('button', { name: 'Save payment profile' }).click();
      await expect(noScript.getByLabel('IFSC')).toHaveAccessibleDescription(`${capitalised(KycProblems.ifsc.fifthZero)} ${IFSC_HINT}`);
      await expect(noScript.getByLabel('PAN')).toHaveValue('ABCPE1234F');
    } finally {
      await plain.close();
    }
    const unsaved = await fetch(`${apiUrl()}/api/v1/payment-profile`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(unsaved.status).toBe(404);

    await ifsc.fill('SBIN0001234');
    await hostPage.getByRole('button', { name: 'Save payment profile' }).click();
    await expect(hostPage).toHaveURL((url) => url.pathname === '/payment-profile');
    await expect(hostPage.getByTestId('toast')).toContainText(Messages.payouts.profileSaved);
    const profile = hostPage.getByTestId('payment-profile');
    await expect(profile.getByTestId('profile-legal-name')).toHaveText('Kavya Iyer');
    await expect(profile.getByTestId('profile-pan')).toHaveText('XXXXXX234F');
    await expect(profile.getByTestId('profile-account')).toHaveText('XXXX9012');
    await expect(profile.getByTestId('profile-ifsc')).toHaveText('SBIN0001234');
    await expect(profile.getByTestId('profile-state')).toHaveText('Maharashtra');
    const html = await hostPage.content();
    expect(html).not.toContain('ABCPE1234F');
    expect(html).not.toContain('123456789012');

    // What the event owes the host: the captured money less the platform fee.
    const summary = await apiAs<PayoutsSummaryView>(host, 'GET', '/payouts');
    const owed = amount - feeOf(amount, summary.platformFeePercent);
    await hostPage.goto('/payouts');
    const card = hostPage.getByTestId('event-payout').filter({ hasText: title });
    await expect(card).toContainText(rupees(amount));
    await expect(card.getByTestId('event-owed')).toHaveText(rupees(owed));
    await expect(card).toContainText('No payouts recorded yet.');
  });

  test('an admin records a payout for an event and marks it paid; the host sees it paid', async ({ browser, page }) => {
    const host = await register('influencer', 'Neel Host');
    const title = `Rooftop jam ${randomBytes(3).toString('hex')}`;
    const event = await seedEvent(host, { title, date: daysFromNow(7), location: 'Pune', min_bid: 800, capacity: 5 });
    const fan = await register('fan', 'Zoya Fan');
    await paidApplicant(fan, event.id, 800);
    await acceptedAndCaptured(host, fan, await pendingApplicationOf(host, fan));
    await apiAs(host, 'PUT', '/payment-profile', {
      legal_name: 'Neel Shah',
      pan: 'ABCPS1234K',
      state: 'Maharashtra',
      upi_id: 'neel.shah@okicici',
    });
    const owed = (await apiAs<PayoutsSummaryView>(host, 'GET', '/payouts')).events.find((item) => item.eventId === event.id)!.owed;

    const admin = await register('fan', 'Ops Admin');
    await dbQuery(`UPDATE users SET role = 'admin', is_admin = true WHERE id = $1`, [admin.id]);
    await signIn(page, admin, '/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin');
    await page.getByRole('link', { name: /Payouts/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/admin/payouts');

    const eventRow = page.getByTestId('admin-event-payouts').filter({ hasText: title });
    const record = eventRow.getByRole('form', { name: `Record a payout for ${title}` });
    await expect(record.getByLabel('Amount (₹)')).toHaveValue(String(owed));
    // More than is owed is the API's refusal, shown with the form.
    await record.getByLabel('Amount (₹)').fill(String(owed + 1));
    await record.getByRole('button', { name: 'Record payout' }).click();
    await expect(eventRow.getByRole('alert')).toContainText(Messages.payouts.exceedsOwed);
    await eventRow.getByLabel('Amount (₹)').fill(String(owed));
    await eventRow.getByRole('button', { name: 'Record payout' }).click();
    await expect(page.getByTestId('toast')).toContainText(`Payout of ${rupees(owed)} recorded`);

    const payout = page.getByTestId('admin-event-payouts').filter({ hasText: title }).getByTestId('payout-row');
    await expect(payout).toContainText('Pending');
    // Without JavaScript a refused reference comes back as it was typed, with why.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plainPage = await plain.newPage();
    await plainPage.goto(page.url());
    const plainPayout = plainPage.getByTestId('admin-event-payouts').filter({ hasText: title }).getByTestId('payout-row');
    await plainPayout.getByLabel('Reference (UTR)').fill('UTR 42!');
    await plainPayout.getByRole('button', { name: 'Mark paid' }).click();
    const typed = plainPage
      .getByTestId('admin-event-payouts')
      .filter({ hasText: title })
      .getByTestId('payout-row')
      .getByLabel('Reference (UTR)');
    await expect(typed).toHaveAccessibleDescription(/letters, digits/);
    await expect(typed).toHaveValue('UTR 42!');
    await plain.close();
    await payout.getByLabel('Reference (UTR)').fill('UTR 42');
    await payout.getByRole('button', { name: 'Mark paid' }).click();
    await expect(payout.getByLabel('Reference (UTR)')).toHaveAccessibleDescription(/letters, digits/);
    await payout.getByLabel('Reference (UTR)').fill('HDFCN52026050112345');
    await payout.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByTestId('toast')).toContainText('Payout marked paid');
    await expect(page.getByTestId('admin-event-payouts').filter({ hasText: title }).getByTestId('payout-row')).toContainText(
      'Reference HDFCN52026050112345',
    );

    const hostPage = await signedIn(browser, host);
    await hostPage.goto('/payouts');
    const card = hostPage.getByTestId('event-payout').filter({ hasText: title });
    await expect(card.getByTestId('payout-row')).toContainText('Paid');
    await expect(card.getByTestId('payout-row')).toContainText('Reference HDFCN52026050112345');
    await expect(card.getByTestId('event-owed')).toHaveText('₹0');
  });

  test('a fan is told payouts are for hosts', async ({ browser }) => {
    const fanPage = await signedIn(browser, await register('fan', 'Mira Fan'));
    for (const path of ['/payment-profile', '/payment-profile/edit', '/payouts']) {
      await fanPage.goto(path);
      await expect(fanPage.getByTestId('hosts-only')).toContainText(Messages.payouts.hostsOnly);
    }
  });
});
