/// <reference lib="dom" />
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.js';
import { expect, logInThroughScreen, test } from './fixtures.js';
import {
  apiAs,
  changeEventsInDatabase,
  daysFromNow,
  paidApplicant,
  pendingApplicationOf,
  png,
  register,
  seedEvent,
  type Person,
  uploadImage,
} from './seed.js';

/**
 * axe-core's WCAG 2.x level A and AA rules over every main page, as a guest and signed in, on a
 * phone (320 px) and on a desktop (1280 px): one test per page, role and width. Any violation fails
 * the page's test, with axe's own explanation and the elements concerned in the failure message.
 */

const VIEWPORTS = [
  { label: '320 px', width: 320, height: 720 },
  { label: '1280 px', width: 1280, height: 800 },
] as const;

interface World {
  host: Person;
  otherHost: Person;
  ownEventId: string;
  otherEventId: string;
  /** The chat of the host's own event, with a message from each of its two members. */
  roomId: string;
  /** The other host's post about their event, with a photo, the host's like and comment. */
  postId: string;
  /** The host's own accepted booking of the other host's event (partly refunded). */
  bookingId: string;
  /** The other host's full event, with the host waiting on its list. */
  fullEventId: string;
  /** The host's browser state once signed in, shared by every signed-in page test. */
  signedIn: NonNullable<BrowserContextOptions['storageState']>;
}

type PagePath = (world: World) => string;

const GUEST_PAGES: Record<string, PagePath> = {
  'public home': () => '/public',
  login: () => '/login',
  signup: () => '/signup',
  'legal page': () => '/terms',
  'delete account': () => '/delete-account',
  'event page': (world) => `/event/${world.otherEventId}`,
  community: () => '/community',
  'a post': (world) => `/post/${world.postId}`,
  'not found': () => '/no-such-page',
};

const SIGNED_IN_PAGES: Record<string, PagePath> = {
  home: () => '/home',
  'create event': () => '/create-event',
  community: () => '/community',
  'a post': (world) => `/post/${world.postId}`,
  "a host's reviews": (world) => `/profile-preview/${world.otherHost.id}/reviews`,
  chat: () => '/chat',
  'chat room': (world) => `/chat/${world.roomId}`,
  profile: () => '/profile-v2',
  settings: () => '/settings',
  notifications: () => '/notifications',
  'change password': () => '/settings/password',
  'my events': () => '/my-events',
  'city filter': () => '/city-filter',
  "someone else's event": (world) => `/event/${world.otherEventId}`,
  'own event': (world) => `/event/${world.ownEventId}`,
  'edit event': (world) => `/event/${world.ownEventId}/edit`,
  'report event': (world) => `/event/${world.otherEventId}/report`,
  "host's past events": (world) => `/host-past-events/${world.otherHost.id}`,
  'my bookings': () => '/my-bookings',
  'cancel a booking': (world) => `/booking/${world.bookingId}/leave`,
  'application status': () => '/application-status',
  transactions: () => '/transactions',
  'pending applications': () => '/manage-application',
  "an event's applications": (world) => `/event/${world.ownEventId}/applications`,
  attendees: (world) => `/event/${world.ownEventId}/attendees`,
  'check-in at the door': (world) => `/event/${world.ownEventId}/check-in`,
  waitlist: (world) => `/event/${world.ownEventId}/waitlist`,
  "a full event's waitlist place": (world) => `/event/${world.fullEventId}`,
  'payment profile': () => '/payment-profile',
  'edit payment profile': () => '/payment-profile/edit',
  payouts: () => '/payouts',
  'design showcase': () => '/design-showcase',
};

let world: World | undefined;

/** People, events with photos (a gallery), a past event, and one sign-in whose cookie every test reuses. */
async function makeWorld(browser: Browser): Promise<World> {
  const host = await register('influencer', 'Riya Kulkarni');
  const otherHost = await register('influencer', 'Farhan Qureshi');
  const photos = [await uploadImage(host, png(96, 54, [220, 80, 60])), await uploadImage(host, png(96, 54, [40, 110, 200]))];
  const own = await seedEvent(host, {
    title: 'Sunday supper club',
    description: 'Five courses, one long table, new friends.',
    date: daysFromNow(6),
    location: 'Koramangala, Bengaluru',
    category: 'food',
    images: photos,
    meetup_type: 'curation',
    min_bid: 1200,
    age_groups: ['18-30'],
  });
  const otherPhoto = await uploadImage(otherHost, png(96, 54, [30, 160, 120]));
  const other = await seedEvent(otherHost, {
    title: 'Monsoon trek to Rajmachi',
    description: 'A day hike through the clouds.',
    date: daysFromNow(9),
    location: 'Lonavala, Maharashtra',
    category: 'travel',
    images: [otherPhoto],
    pricing_type: 'gender_based',
    male_price: 900,
    female_price: 800,
  });
  const past = await seedEvent(otherHost, { title: 'Pottery evening', date: daysFromNow(3), location: 'Pune', category: 'arts' });
  await changeEventsInDatabase(`UPDATE event SET date = now() - interval '10 days', end_date = NULL WHERE id = $1`, [past.id]);
  const bookingId = await seedMoney(host, otherHost, other.id);
  const fullEventId = await seedWaitlistPlace(host, otherHost);
  const room = await apiAs<{ id: string }>(host, 'POST', '/chat/rooms', { event_id: own.id, members: [otherHost.id] });
  await apiAs(host, 'POST', `/chat/rooms/${room.id}/members`, { members: [otherHost.id] });
  await apiAs(otherHost, 'POST', `/chat/rooms/${room.id}/messages`, {
    type: 'text',
    clientId: 'a11y-other-1',
    text: 'Is there parking nearby?',
  });
  await apiAs(host, 'POST', `/chat/rooms/${room.id}/messages`, { type: 'text', clientId: 'a11y-host-1', text: 'Yes, behind the cafe.' });
  const post = await apiAs<{ id: string }>(otherHost, 'POST', '/community/posts', {
    text: 'The trail is green again: who is coming to Rajmachi?',
    photos: [otherPhoto],
    eventId: other.id,
  });
  await apiAs(host, 'POST', `/community/posts/${post.id}/like`, { liked: true });
  await apiAs(host, 'POST', `/community/posts/${post.id}/comments`, { text: 'Count me in!' });

  const context = await browser.newContext({ baseURL: process.env.TRIBE_WEB_URL });
  try {
    const page = await context.newPage();
    await logInThroughScreen(page, host);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    // The welcome toast is a one-shot: it has been read by now and will not cover the pages under test.
    return {
      host,
      otherHost,
      ownEventId: own.id,
      otherEventId: other.id,
      roomId: room.id,
      postId: post.id,
      bookingId,
      fullEventId,
      signedIn: await context.storageState(),
    };
  } finally {
    await context.close();
  }
}

/** A free event of the other host whose one seat a fan took, and the host waiting on its list (the event page shows their place). */
async function seedWaitlistPlace(host: Person, otherHost: Person): Promise<string> {
  const full = await seedEvent(otherHost, {
    title: 'Sunrise kayaking',
    date: daysFromNow(8),
    location: 'Goa',
    category: 'sports',
    capacity: 1,
  });
  const fan = await register('fan', 'Kabir Shah');
  const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${full.id}/bid`, {});
  await apiAs(otherHost, 'POST', `/applications/${application.id}/accept`);
  await apiAs(host, 'POST', `/events/${full.id}/waitlist`);
  return full.id;
}

/**
 * Money on the host's pages: a fan paid for one of the host's events and was accepted (/payouts has
 * figures), the host paid for the other host's event, was accepted and then partly refunded
 * (/transactions and /my-bookings offer the invoice, with its credit note), and the host's payment
 * profile is set up (/payment-profile shows it masked). Done before the host signs in, so no
 * new-application sheet opens over the pages.
 */
async function seedMoney(host: Person, otherHost: Person, otherEventId: string): Promise<string> {
  const jazz = await seedEvent(host, {
    title: 'Jazz on the terrace',
    date: daysFromNow(12),
    location: 'Indiranagar, Bengaluru',
    min_bid: 1000,
  });
  const fan = await register('fan', 'Ananya Rao');
  await paidApplicant(fan, jazz.id, 1000);
  await apiAs(host, 'POST', `/applications/${await pendingApplicationOf(host, fan)}/accept`);

  await paidApplicant(host, otherEventId, 800);
  const bookingId = await pendingApplicationOf(otherHost, host);
  await apiAs(otherHost, 'POST', `/applications/${bookingId}/accept`);
  const captured = async () =>
    (await apiAs<Array<{ id: string; eventId: string; state: string }>>(host, 'GET', '/payments/transactions')).find(
      (transaction) => transaction.eventId === otherEventId && transaction.state === 'captured',
    );
  await expect.poll(captured, { timeout: 30_000 }).toBeTruthy();
  await apiAs(otherHost, 'POST', '/payments/refund', { transactionId: (await captured())!.id, amount: 200 });
  await expect
    .poll(
      async () => {
        const { invoices } = await apiAs<{ invoices: Array<{ kind: string }> }>(host, 'GET', `/invoices/user/${host.id}`);
        return invoices.map((document) => document.kind).sort();
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toEqual(['credit_note', 'invoice']);

  await apiAs(host, 'PUT', '/payment-profile', {
    legal_name: 'Riya Kulkarni',
    pan: 'ABCPK1234L',
    state: 'Karnataka',
    account_number: '001234567890',
    ifsc: 'HDFC0001234',
  });
  return bookingId;
}

async function expectPageWithoutAxeViolations(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectNoAxeViolations(page, path);
}

test.describe('accessibility (axe-core, WCAG 2.x A and AA)', () => {
  for (const viewport of VIEWPORTS) {
    for (const role of ['guest', 'signed in'] as const) {
      // One browser tab per role and width, kept across its pages: its cache makes each page load
      // cheap, and the signed-in one reuses the one sign-in made for the whole file.
      test.describe(`${role} at ${viewport.label}`, () => {
        let context: BrowserContext | undefined;
        let page: Page | undefined;
        test.beforeAll(async ({ browser }) => {
          world ??= await makeWorld(browser);
          context = await browser.newContext({
            baseURL: process.env.TRIBE_WEB_URL,
            viewport: { width: viewport.width, height: viewport.height },
            storageState: role === 'signed in' ? world.signedIn : undefined,
          });
          page = await context.newPage();
        });
        test.afterAll(async () => {
          await context?.close();
        });

        for (const [name, path] of Object.entries(role === 'guest' ? GUEST_PAGES : SIGNED_IN_PAGES)) {
          test(name, async () => {
            await expectPageWithoutAxeViolations(page!, path(world!));
          });
        }
      });
    }
  }
});
