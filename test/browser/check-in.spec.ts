/// <reference lib="dom" />
import type { Route } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { CHROMIUM_PATH } from './chromium.js';
import { expect, signIn, test } from './fixtures.js';
import { apiAs, register, seedEvent, type Person } from './seed.js';
import type { TicketView } from '../../api/src/contracts/tickets.contract.js';

const suffix = () => randomBytes(3).toString('hex');

/** What Chromium's fake camera shows: a Y4M file of this worker's own, written before each scan. */
const cameraFile = join(tmpdir(), `tribe-check-in-camera-${process.pid}.y4m`);
const WIDTH = 640;
const HEIGHT = 480;

/** A few identical frames (YUV4MPEG2, 4:2:0) of `text` as a QR code, black on white in the middle. */
function writeCamera(text: string | null): void {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (text) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const scale = Math.floor(400 / modules.size);
    const left = Math.floor((WIDTH - modules.size * scale) / 2);
    const top = Math.floor((HEIGHT - modules.size * scale) / 2);
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (!modules.get(row, col)) continue;
        for (let y = 0; y < scale; y++)
          luma.fill(16, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(cameraFile, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]));
}
writeCamera(null);

/** A host's free event with these fans accepted; each fan's ticket as the API gives it. */
async function eventWithTickets(host: Person, fans: Person[]) {
  // In three hours: the door opens a day before the start.
  const date = new Date(Date.now() + 3 * 3_600_000).toISOString();
  const event = await seedEvent(host, { title: `Terrace jazz ${suffix()}`, date, location: 'Indiranagar, Bengaluru' });
  const tickets: TicketView[] = [];
  for (const fan of fans) {
    const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${event.id}/bid`, { amount: 0 });
    await apiAs(host, 'POST', `/applications/${application.id}/accept`);
    tickets.push(await apiAs<TicketView>(fan, 'GET', `/applications/${application.id}/ticket`));
  }
  return { event, tickets };
}

/** This file's browser has a fake camera showing cameraFile (a browser launch of its own: a top-level use). */
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ],
  },
});

test.describe('check-in at the door', () => {
  test('the fan sees their ticket; the host checks them in by short code, again says when, and offline the check-in waits and is sent once back online', async ({
    page,
    browser,
  }) => {
    const [host, fan, late, later] = await Promise.all([
      register('influencer', 'Nisha Rao'),
      register('fan', 'Vikram Shah'),
      register('fan', 'Leela Menon'),
      register('fan', 'Arjun Pillai'),
    ]);
    const { event, tickets } = await eventWithTickets(host, [fan, late, later]);

    const fanPage = await (await browser.newContext()).newPage();
    await signIn(fanPage, fan, '/my-bookings');
    const ticket = fanPage.getByRole('region', { name: `Ticket for ${event.title}` });
    await expect(ticket.getByTestId('ticket-code')).toHaveText(tickets[0]!.code);
    await expect(ticket.getByRole('img', { name: `QR code of your ticket for ${event.title}` })).toBeVisible();

    await signIn(page, host, `/event/${event.id}/check-in`);
    const code = page.getByRole('textbox', { name: 'Short code' });
    const result = page.getByTestId('check-in-result');
    await code.fill(tickets[0]!.code.toLowerCase());
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Vikram Shah');
    await expect(result).toContainText(/Vikram ShahChecked in$/);
    await code.fill(tickets[0]!.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText(/Already checked in at \d{1,2}:\d{2} [AP]M/);
    // The fan's ticket says so, and their booking is no longer offered to cancel.
    await expect(fanPage.getByRole('link', { name: `Cancel booking: ${event.title}` })).toBeVisible();
    await fanPage.reload();
    await expect(ticket.getByTestId('ticket-checked-in')).toHaveText(/^Checked in at \d{1,2}:\d{2} [AP]M$/);
    await expect(fanPage.getByRole('link', { name: `Cancel booking: ${event.title}` })).toHaveCount(0);
    await code.fill('ZZZ-ZZZ');
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toHaveText('Not a ticket for this event');

    // The connection drops: the kept list recognises the second ticket, which waits to be sent.
    await page.context().setOffline(true);
    await code.fill(tickets[1]!.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Leela Menon');
    await expect(result).toContainText('Saved on this device');
    await expect(page.getByTestId('queued-count')).toHaveText(/1 check-in waiting to be sent/);
    await page.context().setOffline(false);
    await expect(page.getByTestId('queued-count')).toHaveCount(0);
    await expect(page.getByTestId('door-counts')).toHaveText('2 of 3 checked in');

    // Online, but the service is unavailable for a while: the check-in waits and is sent again by itself.
    const unavailable = (route: Route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, body: 'unavailable' }) : route.continue();
    await page.route('**/resources/check-in', unavailable);
    await code.fill(tickets[2]!.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Saved on this device');
    await expect(page.getByTestId('queued-count')).toHaveText(/1 check-in waiting to be sent/);
    await page.unroute('**/resources/check-in', unavailable);
    await expect(page.getByTestId('queued-count')).toHaveCount(0);
    await expect(page.getByTestId('door-counts')).toHaveText('3 of 3 checked in');

    // A booking that ends while the device is offline: let in at the door, refused once back, and the host is told whom.
    const gone = await register('fan', 'Kiran Das');
    const application = await apiAs<{ id: string }>(gone, 'POST', `/events/${event.id}/bid`, { amount: 0 });
    await apiAs(host, 'POST', `/applications/${application.id}/accept`);
    const goneTicket = await apiAs<TicketView>(gone, 'GET', `/applications/${application.id}/ticket`);
    await page.reload();
    await expect(page.getByTestId('door-counts')).toHaveText('3 of 4 checked in');
    await page.context().setOffline(true);
    await code.fill(goneTicket.code);
    await page.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('Saved on this device');
    await apiAs(gone, 'POST', `/applications/${application.id}/leave`);
    await page.context().setOffline(false);
    await expect(page.getByTestId('offline-not-taken')).toContainText(/A check-in made offline was not taken.*Kiran Das/);
    await expect(page.getByTestId('door-counts')).toHaveText('3 of 3 checked in');

    await page.goto(`/event/${event.id}/attendees`);
    await expect(page.getByTestId('checked-in')).toHaveCount(3);

    // Without JavaScript a typed code goes to the page itself, which answers as the API did.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const door = await plain.newPage();
    await door.goto(`${process.env.TRIBE_WEB_URL}/event/${event.id}/check-in`);
    await door.getByRole('textbox', { name: 'Short code' }).fill(tickets[1]!.code);
    await door.getByRole('button', { name: 'Check in' }).click();
    await expect(door.getByTestId('check-in-result')).toContainText(/Leela MenonAlready checked in at \d{1,2}:\d{2} [AP]M/);
    await door.getByRole('textbox', { name: 'Short code' }).fill('ZZZ-ZZZ');
    await door.getByRole('button', { name: 'Check in' }).click();
    await expect(door.getByTestId('check-in-result')).toHaveText('Not a ticket for this event');
    await plain.close();
  });

  test.describe('with a camera', () => {
    test('the host checks an attendee in by holding their QR code to the camera', async ({ page }) => {
      const [host, fan] = await Promise.all([register('influencer', 'Arjun Pillai'), register('fan', 'Sara Dsouza')]);
      const { event, tickets } = await eventWithTickets(host, [fan]);
      writeCamera(tickets[0]!.token);

      await signIn(page, host, `/event/${event.id}/check-in`);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      const result = page.getByTestId('check-in-result');
      await expect(result).toContainText('Sara Dsouza', { timeout: 15_000 });
      await expect(result).toContainText('Checked in');
    });
  });
});
