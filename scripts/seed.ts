import { randomBytes } from 'node:crypto';
import { createApiApp } from '../api/src/bootstrap.js';
import { ConfigError, parseConfig } from '../api/src/platform/config/config.schema.js';
import { migrateDatabase } from '../api/src/platform/database/migrate.js';
import { checkServices, PreflightError } from './preflight.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, EVENTS, FANS, HOSTS, type DemoEvent, type DemoPerson } from './seed/demo-data.js';
import { avatarImage, eventImage } from './seed/demo-images.js';

/**
 * `npm run seed`: a living demo. Everything goes through the API's own HTTP pipeline (in-process),
 * so demo data passes the same validation as real users' data. Running it twice changes nothing.
 */
type Inject = (options: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }) => Promise<{
  statusCode: number;
  body: string;
}>;

const DAY_MS = 86_400_000;

function multipart(field: string, filename: string, data: Buffer) {
  const boundary = `tribe${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function eventDate(daysFromNow: number, seed: number): Date {
  const date = new Date(Date.now() + daysFromNow * DAY_MS);
  date.setUTCHours(12 + (seed % 4), seed % 2 ? 30 : 0, 0, 0); // 17:30–21:00 IST
  return date;
}

async function main() {
  const config = parseConfig();
  await checkServices(config);
  await migrateDatabase(config);
  const app = await createApiApp({ ...config, LOG_LEVEL: 'warn' });
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  const inject = fastify.inject.bind(fastify) as unknown as Inject;

  const call = async <T>(method: string, url: string, body?: unknown, token?: string): Promise<T> => {
    const response = await inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body}`);
    return JSON.parse(response.body) as T;
  };
  const upload = async (image: Buffer, token: string): Promise<string> => {
    const form = multipart('image', 'photo.jpg', image);
    const response = await inject({
      method: 'POST',
      url: '/api/v1/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    if (response.statusCode >= 400) throw new Error(`upload → ${response.statusCode} ${response.body}`);
    return (JSON.parse(response.body) as { url: string }).url;
  };

  try {
    const email = (person: DemoPerson) => `${person.key}@${DEMO_EMAIL_DOMAIN}`;
    const existing = await inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: email(HOSTS[0]!), password: DEMO_PASSWORD }),
    });
    if (existing.statusCode === 200) {
      console.log('The demo is already loaded. Sign in as ananya@demo.tribe.example (host) or priya@demo.tribe.example (fan).');
      return;
    }

    const tokens = new Map<string, string>();
    const people = [
      ...HOSTS.map((person) => ({ person, role: 'influencer' as const })),
      ...FANS.map((person) => ({ person, role: 'fan' as const })),
    ];
    for (const [index, { person, role }] of people.entries()) {
      const { token } = await call<{ token: string }>('POST', '/auth/register', {
        email: email(person),
        password: DEMO_PASSWORD,
        name: person.name,
        age: person.age,
        gender: person.gender,
        mobile_number: `98${String(45_000_000 + index * 7919).padStart(8, '0')}`,
        role,
      });
      const avatar = await upload(await avatarImage(person.name), token);
      const cover = role === 'influencer' ? await upload(await eventImage(person.name, index), token) : null;
      await call(
        'PUT',
        '/users/me',
        {
          avatar_url: avatar,
          profile_photos: [avatar],
          cover_photo_url: cover,
          bio: person.bio,
          location: person.city,
          interests: person.interests,
          work: person.work ?? null,
          instagram_handle: person.instagram ?? null,
          instagram_url: person.instagram ? `https://instagram.com/${person.instagram}` : null,
        },
        token,
      );
      tokens.set(person.key, token);
    }

    // The demo hosts are verified (as an admin would after checking their id), so their events are
    // listed at once instead of waiting for review.
    const { DataSource } = await import('typeorm');
    const dataSource = app.get(DataSource);
    for (const [index, host] of HOSTS.entries()) {
      await dataSource.query('UPDATE users SET follower_count = $2, verified = true, verified_at = now() WHERE email = $1', [
        email(host),
        1200 + index * 2350,
      ]);
    }

    const pastEvents: Array<{ id: string; daysFromNow: number; price: number }> = [];
    for (const [index, event] of EVENTS.entries()) {
      const token = tokens.get(event.host)!;
      const images = [await upload(await eventImage(event.title, 0), token), await upload(await eventImage(event.title, 1), token)];
      const created = await call<{ id: string }>('POST', '/events', eventBody(event, index, images), token);
      if (typeof event.daysFromNow === 'number' && event.daysFromNow < 0)
        pastEvents.push({ id: created.id, daysFromNow: event.daysFromNow, price: event.price ?? 0 });
    }

    // Past events (for "Past Events by" pages) and their attendees cannot be made through the API:
    // there is no way to create an event in the past, nor to pay for one. Ratings then go through it.
    for (const [index, past] of pastEvents.entries()) {
      const start = eventDate(past.daysFromNow, index);
      await dataSource.query('UPDATE event SET date = $2, end_date = $3 WHERE id = $1', [
        past.id,
        start,
        new Date(start.getTime() + 3 * 3_600_000),
      ]);
      const attendees = FANS.filter((_, fan) => (fan + index) % 4 !== 0);
      for (const fan of attendees) {
        await dataSource.query(
          `INSERT INTO application (event_id, fan_id, bid_amount, status, decided_at, created_at)
           SELECT $1, id, $3, 'accepted', $4::timestamptz - interval '2 days', $4::timestamptz - interval '3 days' FROM users WHERE email = $2`,
          [past.id, email(fan), past.price, start],
        );
      }
      await dataSource.query('UPDATE event SET attendees_count = $2 WHERE id = $1', [past.id, attendees.length]);
      // Priya (the demo fan) has one event left to rate: her bookings and home page ask her about it.
      for (const [order, fan] of attendees.entries()) {
        if (fan.key === 'priya' && index === pastEvents.length - 1) continue;
        await call('POST', '/ratings', { eventId: past.id, ...demoRating(index + order) }, tokens.get(fan.key));
      }
    }

    console.log(`Loaded ${HOSTS.length} hosts, ${FANS.length} fans and ${EVENTS.length} events.`);
    console.log(`Sign in as ananya@${DEMO_EMAIL_DOMAIN} (host) or priya@${DEMO_EMAIL_DOMAIN} (fan); password: ${DEMO_PASSWORD}`);
  } finally {
    await app.close();
  }
}

const DEMO_REVIEWS: Array<{ hostRating: number; eventRating: number; hostReview: string | null; eventReview: string | null }> = [
  { hostRating: 5, eventRating: 5, hostReview: 'Welcoming and knew everyone by name.', eventReview: 'Best evening I have had in months.' },
  { hostRating: 5, eventRating: 4, hostReview: 'Kept the group together without fuss.', eventReview: 'Great, if a little crowded.' },
  { hostRating: 4, eventRating: 4, hostReview: null, eventReview: 'Good value, would go again.' },
  { hostRating: 5, eventRating: 5, hostReview: 'Made a shy first-timer feel at home.', eventReview: null },
  { hostRating: 4, eventRating: 3, hostReview: 'Friendly, started a bit late.', eventReview: 'The venue was too loud to talk.' },
  { hostRating: 5, eventRating: 4, hostReview: null, eventReview: null },
];

/** The stars and words of the `index`th demo rating. */
function demoRating(index: number) {
  return DEMO_REVIEWS[index % DEMO_REVIEWS.length]!;
}

function eventBody(event: DemoEvent, index: number, images: string[]) {
  const start = event.daysFromNow === 'tbd' ? null : eventDate(Math.max(event.daysFromNow, 1), index);
  return {
    title: event.title,
    description: event.description,
    date: start ? start.toISOString() : '2099-12-31T23:59:59.000Z',
    end_date: start ? new Date(start.getTime() + event.hours * 3_600_000).toISOString() : undefined,
    location: `${event.venue}, ${event.city}`,
    category: event.category,
    images,
    capacity: event.capacity,
    meetup_type: event.meetupType ?? 'confirmed',
    pricing_type: event.genderPrices ? 'gender_based' : 'standard',
    min_bid: event.price,
    male_price: event.genderPrices?.[0],
    female_price: event.genderPrices?.[1],
    enable_bidding: event.bidding ?? false,
    age_groups: event.customAge ? ['custom'] : (event.ageGroups ?? []),
    custom_age_range: event.customAge,
    event_type: event.eventType ?? 'in-person',
    estimated_location: `Near ${event.venue.split(',').pop()!.trim()}, ${event.city}`,
  };
}

main().catch((error: unknown) => {
  if (error instanceof PreflightError || error instanceof ConfigError) console.error(`[tribe] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
