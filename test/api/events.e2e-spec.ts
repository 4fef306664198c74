import { jest } from '@jest/globals';
import type { Response } from 'supertest';
import { EventApplicants } from '../../api/src/modules/events/event-applicants.port.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

function expectError(response: Response, status: number, message?: string, code?: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: message ?? expect.any(String), code: code ?? expect.any(String) },
  });
}

const FUTURE = '2031-06-01T19:00:00+05:30';

/** Every key of the event JSON shared with the web (full version). */
const FULL_KEYS = [
  'id',
  'title',
  'description',
  'date',
  'end_date',
  'location',
  'city',
  'latitude',
  'longitude',
  'host_id',
  'category',
  'category_label',
  'images',
  'responsive_images',
  'video',
  'video_duration',
  'video_url_reference',
  'min_bid',
  'male_price',
  'female_price',
  'pricing_type',
  'capacity',
  'status',
  'moderation_status',
  'created_at',
  'updated_at',
  'host',
  'age_groups',
  'custom_age_range',
  'event_type',
  'meeting_link',
  'enable_bidding',
  'show_attendees',
  'cancellation_policy',
  'meetup_type',
  'estimated_location',
  'estimated_latitude',
  'estimated_longitude',
  'host_contact_number',
  'host_social_link',
  'attendees_count',
  'is_date_to_be_decided',
].sort();
const PUBLIC_KEYS = FULL_KEYS.filter((key) => key !== 'meeting_link' && key !== 'host_contact_number');
/** The host's own view also tells them where their event stands in moderation. */
const HOST_KEYS = [...FULL_KEYS, 'moderation'].sort();

const RICH_EVENT = {
  title: 'Rooftop jazz night',
  description: 'Live trio, mocktails, city lights.',
  date: FUTURE,
  end_date: '2031-06-01T23:00:00+05:30',
  location: 'Skyline Terrace, Indiranagar, Bangalore, Karnataka 560038',
  latitude: 12.9719,
  longitude: 77.6412,
  category: 'music',
  images: ['https://cdn.example.in/jazz-1.webp', 'https://cdn.example.in/jazz-2.webp'],
  video: 'https://cdn.example.in/jazz.mp4',
  video_duration: 42.5,
  video_url_reference: 'media/7f3a',
  min_bid: 1500,
  pricing_type: 'standard',
  capacity: 40,
  age_groups: ['18-30', '31-40'],
  event_type: 'In-Person',
  meeting_link: 'https://meet.example.in/jazz',
  enable_bidding: true,
  show_attendees: false,
  meetup_type: 'curation',
  estimated_location: 'Indiranagar',
  estimated_latitude: 12.97,
  estimated_longitude: 77.64,
  host_contact_number: '98765 43210',
  host_social_link: 'https://instagram.com/jazzhost',
};

describe('events API', () => {
  let api: TestApi;
  let host: SignedUp;
  let otherHost: SignedUp;
  let fan: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    api = await startTestApi({ EVENT_LIST_CACHE_TTL_MS: '0', EVENT_TOTAL_CACHE_TTL_MS: '0' });
    host = await signUpHost(api, { name: 'Asha Host', instagram_handle: 'asha.hosts' });
    otherHost = await signUpHost(api, { name: 'Other Host' });
    fan = await signUp(api, { name: 'Fan Person' });
    admin = await signUp(api, { name: 'Admin Person' });
    await makeAdmin(api, admin.user.id);
    await api.db.query(`UPDATE users SET rating = 4.5, verified = true WHERE id = $1`, [host.user.id]);
  });
  afterAll(async () => {
    await api.close();
  });

  const create = async (token: string, body: Record<string, unknown>) =>
    (await api.http().post('/api/v1/events').set(bearer(token)).send(body).expect(201)).body as Record<string, any>;
  const stored = async (id: string) => (await api.db.query('SELECT * FROM event WHERE id = $1', [id])).rows[0] as Record<string, any>;
  const outboxFor = async (eventId: string) =>
    (await api.db.query(`SELECT type, payload FROM outbox_event WHERE payload->>'eventId' = $1 ORDER BY created_at, id`, [eventId])).rows;
  const published = (eventId: string) => ({ type: 'event.published', payload: { eventId } });
  const cancelled = (eventId: string) => ({ type: 'event.cancelled', payload: { eventId } });

  describe('POST /events', () => {
    it('drops bidi control characters from the title, the description and the places', async () => {
      const rlo = '\u202E';
      const event = await create(host.token, {
        title: `Open mic ${rlo}RTL`,
        description: `Bring ${rlo}a song\u202C.`,
        location: `\u2067Hauz Khas, Delhi\u2069`,
        date: FUTURE,
      });
      expect(event).toMatchObject({ title: 'Open mic RTL', description: 'Bring a song.', location: 'Hauz Khas, Delhi' });
      const edited = await api
        .http()
        .put(`/api/v1/events/${event.id}`)
        .set(bearer(host.token))
        .send({ title: `${rlo}Renamed` })
        .expect(200);
      expect(edited.body.title).toBe('Renamed');
      expectError(
        await api
          .http()
          .post('/api/v1/events')
          .set(bearer(host.token))
          .send({ title: `${rlo}\u202C`, date: FUTURE }),
        400,
        'title: is required',
      );
    });

    it('creates an event from only a title and a date, with the spec defaults, hosted by the caller', async () => {
      const event = await create(host.token, { title: 'Morning walk', date: FUTURE });
      expect(Object.keys(event).sort()).toEqual(HOST_KEYS);
      expect(event).toMatchObject({
        title: 'Morning walk',
        date: '2031-06-01T13:30:00.000Z',
        host_id: host.user.id,
        category: 'others',
        category_label: 'Others',
        pricing_type: 'standard',
        enable_bidding: false,
        show_attendees: true,
        cancellation_policy: 'full_refund_24h',
        meetup_type: 'confirmed',
        status: 'active',
        moderation_status: 'published',
        images: [],
        age_groups: [],
        custom_age_range: null,
        attendees_count: 0,
        is_date_to_be_decided: false,
        city: null,
        host: { id: host.user.id, name: 'Asha Host', rating: 4.5, instagram_handle: 'asha.hosts', verified: true, avatar_url: null },
      });
    });

    it('stores every field, derives the city from the location, and keeps prices in whole rupees', async () => {
      const event = await create(host.token, RICH_EVENT);
      expect(event).toMatchObject({
        ...RICH_EVENT,
        date: '2031-06-01T13:30:00.000Z',
        end_date: '2031-06-01T17:30:00.000Z',
        city: 'Bengaluru',
        category_label: 'Music',
        event_type: 'in-person',
        host_contact_number: '+919876543210',
        custom_age_range: null,
      });
      const row = await stored(event.id);
      expect(row.min_bid).toBe(1500);
      expect(row.price_low).toBe(1500);
    });

    it('accepts images, age_groups and custom_age_range as JSON text as well as lists', async () => {
      const fromText = await create(host.token, {
        title: 'Board games',
        date: FUTURE,
        images: JSON.stringify(['https://cdn.example.in/games.webp']),
        age_groups: '["custom"]',
        custom_age_range: '[25, 35]',
      });
      const fromLists = await create(host.token, {
        title: 'Board games',
        date: FUTURE,
        images: ['https://cdn.example.in/games.webp'],
        age_groups: ['custom'],
        custom_age_range: [25, 35],
      });
      for (const event of [fromText, fromLists]) {
        expect(event).toMatchObject({
          images: ['https://cdn.example.in/games.webp'],
          age_groups: ['custom'],
          custom_age_range: [25, 35],
        });
      }
    });

    it('adds the custom group when only a custom range is sent', async () => {
      const event = await create(host.token, { title: 'Trek', date: FUTURE, age_groups: ['18-30'], custom_age_range: [20, 28] });
      expect(event.age_groups).toEqual(['18-30', 'custom']);
    });

    it('reads 2099-12-31 23:59:59 as "date to be decided"', async () => {
      const event = await create(host.token, { title: 'Someday', date: '2099-12-31 23:59:59' });
      expect(event).toMatchObject({ date: '2099-12-31T23:59:59.000Z', is_date_to_be_decided: true });
    });

    it('ignores fields the host may not set (host, moderation, counts)', async () => {
      const event = await create(fan.token, {
        title: 'Mine',
        date: FUTURE,
        host_id: otherHost.user.id,
        moderation_status: 'rejected',
        attendees_count: 99,
        status: 'cancelled',
      });
      // Someone nobody verified: the event waits for review, whatever the request says.
      expect(event).toMatchObject({ host_id: fan.user.id, moderation_status: 'pending_review', attendees_count: 0, status: 'active' });
    });

    it.each([
      [{ date: FUTURE }, 'title: is required', 'validation'],
      [{ title: 'x'.repeat(121), date: FUTURE }, 'title: must be at most 120 characters', 'validation'],
      [{ title: 'A' }, 'date: is required', 'validation'],
      [{ title: 'A', date: 'tomorrow' }, 'date: must be an ISO date and time', 'validation'],
      [{ title: 'A', date: '2020-01-01T10:00:00Z' }, 'date: must be in the future', 'event_start_not_future'],
      [
        { title: 'A', date: FUTURE, end_date: '2031-06-01T10:00:00+05:30' },
        'The end date must be after the start date.',
        'event_end_before_start',
      ],
      [{ title: 'A', date: FUTURE, capacity: 0 }, 'capacity: must be at least 1', 'validation'],
      [{ title: 'A', date: FUTURE, min_bid: 99.5 }, 'min_bid: must be a whole number of rupees', 'validation'],
      [{ title: 'A', date: FUTURE, female_price: -5 }, 'female_price: must be at least 0', 'validation'],
      [
        { title: 'A', date: FUTURE, pricing_type: 'gender_based', male_price: 800 },
        'Gender-based pricing needs both male_price and female_price.',
        'event_gender_prices_required',
      ],
      [{ title: 'A', date: FUTURE, category: 'raves' }, expect.stringMatching(/^category: must be one of pubcrawl, travel/), 'validation'],
      [{ title: 'A', date: FUTURE, latitude: 123 }, 'latitude: must be between -90 and 90', 'validation'],
      [{ title: 'A', date: FUTURE, min_bid: '0x10' }, 'min_bid: must be a number', 'validation'],
      [{ title: 'A', date: FUTURE, capacity: '0x10' }, 'capacity: must be a number', 'validation'],
      [{ title: 'A', date: FUTURE, latitude: '0x10' }, 'latitude: must be a number', 'validation'],
      [{ title: 'A', date: FUTURE, longitude: '1e2' }, 'longitude: must be a number', 'validation'],
      [{ title: 'A', date: FUTURE, meeting_link: 'not a url' }, 'meeting_link: must be a valid URL', 'validation'],
      [{ title: 'A', date: FUTURE, images: ['ftp://files.example.in/a.png'] }, 'images.0: must be a valid URL', 'validation'],
      [
        { title: 'A', date: FUTURE, images: ['https://cdn.example.in/a.webp', 'http://cdn.example.in/b.webp'] },
        'images.1: must be an https URL',
        'media_url_not_https',
      ],
      [{ title: 'A', date: FUTURE, video: 'http://cdn.example.in/teaser.mp4' }, 'video: must be an https URL', 'media_url_not_https'],
      [
        { title: 'A', date: FUTURE, custom_age_range: [30, 20] },
        'custom_age_range: must not have the first age above the second',
        'validation',
      ],
      [{ title: 'A', date: FUTURE, custom_age_range: [10, 20] }, 'custom_age_range.0: must be at least 18', 'validation'],
      [{ title: 'A', date: FUTURE, age_groups: ['60+'] }, expect.stringMatching(/^age_groups.0: must be one of/), 'validation'],
      [
        { title: 'A', date: FUTURE, age_groups: ['open', '18-30'] },
        'The open age group cannot be combined with other age groups or a custom range.',
        'event_open_age_alone',
      ],
      [{ title: 'A', date: FUTURE, host_contact_number: '12345' }, 'Please enter a valid 10-digit mobile number', 'invalid_mobile_number'],
    ])('refuses %j with a clear error and code, and writes nothing', async (body, message, code) => {
      const before = await countRows(api.db, 'event');
      const response = await api.http().post('/api/v1/events').set(bearer(host.token)).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: message, code });
      expect(await countRows(api.db, 'event')).toBe(before);
    });

    it('needs a login', async () => {
      const before = await countRows(api.db, 'event');
      const response = await api.http().post('/api/v1/events').send({ title: 'A', date: FUTURE });
      expectError(response, 401, 'No authentication token found');
      expect(await countRows(api.db, 'event')).toBe(before);
    });
  });

  describe('GET /events/{id} and /events/{id}/public', () => {
    let event: Record<string, any>;
    beforeAll(async () => {
      event = await create(host.token, RICH_EVENT);
    });

    it('gives a guest the public version, without the meeting link and the host phone', async () => {
      const response = await api.http().get(`/api/v1/events/${event.id}`).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(PUBLIC_KEYS);
      expect(JSON.stringify(response.body)).not.toContain('meet.example.in');
      expect(JSON.stringify(response.body)).not.toContain('9876543210');
      expect(response.body).toMatchObject({ id: event.id, title: RICH_EVENT.title, city: 'Bengaluru' });
    });

    it('gives the host the full version, and a signed-in fan who is not an accepted attendee the public one', async () => {
      const own = await api.http().get(`/api/v1/events/${event.id}`).set(bearer(host.token)).expect(200);
      expect(own.body).toEqual(event);
      const response = await api.http().get(`/api/v1/events/${event.id}`).set(bearer(fan.token)).expect(200);
      const { meeting_link: _link, host_contact_number: _phone, moderation: _moderation, ...publicVersion } = event;
      expect(response.body).toEqual(publicVersion);
    });

    it('falls back to the public version for an invalid token', async () => {
      const response = await api.http().get(`/api/v1/events/${event.id}`).set(bearer('not-a-real-token')).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(PUBLIC_KEYS);
    });

    it('always gives the public version on /public, even to the host', async () => {
      const response = await api.http().get(`/api/v1/events/${event.id}/public`).set(bearer(host.token)).expect(200);
      expect(Object.keys(response.body).sort()).toEqual(PUBLIC_KEYS);
    });

    it('answers 404 for an unknown event and 400 for a malformed id', async () => {
      expectError(await api.http().get('/api/v1/events/00000000-0000-4000-8000-000000000000'), 404, 'Event not found.');
      expectError(await api.http().get('/api/v1/events/not-an-id/public'), 400, 'id: must be a valid id');
    });

    it('shows an event waiting for review only to its host and admins', async () => {
      const pending = await create(host.token, { title: 'Under review', date: FUTURE });
      await api.db.query(`UPDATE event SET moderation_status = 'pending_review' WHERE id = $1`, [pending.id]);
      expectError(await api.http().get(`/api/v1/events/${pending.id}`), 404, 'Event not found.');
      expectError(await api.http().get(`/api/v1/events/${pending.id}`).set(bearer(fan.token)), 404, 'Event not found.');
      const own = await api.http().get(`/api/v1/events/${pending.id}`).set(bearer(host.token)).expect(200);
      expect(own.body.moderation_status).toBe('pending_review');
      await api.http().get(`/api/v1/events/${pending.id}`).set(bearer(admin.token)).expect(200);
    });
  });

  describe('PUT /events/{id}', () => {
    let event: Record<string, any>;
    beforeEach(async () => {
      event = await create(host.token, { ...RICH_EVENT, age_groups: ['custom'], custom_age_range: [25, 35] });
    });
    const put = (token: string, id: string, body: Record<string, unknown>) =>
      api.http().put(`/api/v1/events/${id}`).set(bearer(token)).send(body);

    it('changes only the fields sent; null clears; a new location moves the city', async () => {
      const response = await put(host.token, event.id, {
        title: 'Rooftop jazz, second set',
        location: 'Bandra West, Mumbai',
        capacity: null,
        images: '["https://cdn.example.in/new.webp"]',
      }).expect(200);
      expect(response.body).toMatchObject({
        title: 'Rooftop jazz, second set',
        location: 'Bandra West, Mumbai',
        city: 'Mumbai',
        capacity: null,
        images: ['https://cdn.example.in/new.webp'],
        min_bid: 1500,
        meeting_link: RICH_EVENT.meeting_link,
        custom_age_range: [25, 35],
      });
      expect(new Date(response.body.updated_at).getTime()).toBeGreaterThan(new Date(event.updated_at).getTime());
    });

    it('drops the custom range when the age groups no longer include custom', async () => {
      const response = await put(host.token, event.id, { age_groups: '18-30,50+' }).expect(200);
      expect(response.body).toMatchObject({ age_groups: ['18-30', '50+'], custom_age_range: null });
    });

    it('checks the rules against the event as it would become, and changes nothing when refused', async () => {
      expectError(
        await put(host.token, event.id, { end_date: '2031-06-01T18:00:00+05:30' }),
        400,
        'The end date must be after the start date.',
        'event_end_before_start',
      );
      expectError(
        await put(host.token, event.id, { pricing_type: 'gender_based', male_price: 500 }),
        400,
        'Gender-based pricing needs both male_price and female_price.',
        'event_gender_prices_required',
      );
      expectError(
        await put(host.token, event.id, { date: '2021-01-01T10:00:00Z' }),
        400,
        'date: must be in the future',
        'event_start_not_future',
      );
      expectError(await put(host.token, event.id, { title: '' }), 400, 'title: is required', 'validation');
      const unchanged = await api.http().get(`/api/v1/events/${event.id}`).set(bearer(host.token)).expect(200);
      expect(unchanged.body).toEqual(event);
    });

    it('lets gender-based pricing through with both prices', async () => {
      const response = await put(host.token, event.id, { pricing_type: 'gender_based', male_price: 900, female_price: 400 }).expect(200);
      expect(response.body).toMatchObject({ pricing_type: 'gender_based', male_price: 900, female_price: 400 });
      expect((await stored(event.id)).price_low).toBe(400);
    });

    it('refuses anyone but the host with 403 and changes nothing; admins may edit', async () => {
      expectError(await put(fan.token, event.id, { title: 'Hijacked' }), 403, 'Only the host of this event can change it.');
      expectError(await put(otherHost.token, event.id, { title: 'Hijacked' }), 403, 'Only the host of this event can change it.');
      expect((await stored(event.id)).title).toBe(RICH_EVENT.title);
      const response = await put(admin.token, event.id, { title: 'Fixed by admin' }).expect(200);
      expect(response.body.title).toBe('Fixed by admin');
    });

    it('answers 404 for an unknown event and 401 without a token', async () => {
      expectError(await put(host.token, '00000000-0000-4000-8000-000000000000', { title: 'X' }), 404, 'Event not found.');
      expectError(await api.http().put(`/api/v1/events/${event.id}`).send({ title: 'X' }), 401, 'No authentication token found');
    });

    it('cancels through status (either spelling), publishing event.cancelled once', async () => {
      const response = await put(host.token, event.id, { status: 'canceled' }).expect(200);
      expect(response.body.status).toBe('cancelled');
      expect(await outboxFor(event.id)).toEqual([published(event.id), cancelled(event.id)]);
      expectError(await put(host.token, event.id, { status: 'active' }), 409, 'A cancelled event cannot be made active again.');
      expectError(
        await put(host.token, event.id, { title: 'Back on' }),
        409,
        'This event has been cancelled and can no longer be changed.',
      );
      expect(await outboxFor(event.id)).toHaveLength(2);
    });
  });

  describe('events with accepted applicants', () => {
    afterEach(() => {
      jest.restoreAllMocks();
    });

    it('cannot be edited or deleted, only cancelled', async () => {
      const event = await create(host.token, { title: 'Popular', date: FUTURE });
      const applicants = api.app.get(EventApplicants);
      const count = jest.spyOn(applicants, 'acceptedApplicantCount').mockResolvedValue(3);
      const message = 'This event has accepted applicants, so it cannot be edited or deleted. Cancel it instead.';
      expectError(await api.http().put(`/api/v1/events/${event.id}`).set(bearer(host.token)).send({ title: 'Renamed' }), 409, message);
      expectError(await api.http().delete(`/api/v1/events/${event.id}`).set(bearer(host.token)), 409, message);
      expect(count).toHaveBeenCalledWith(event.id, expect.anything());
      expect(await stored(event.id)).toMatchObject({ title: 'Popular', deleted_at: null });
      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
    });
  });

  describe('POST /events/{id}/cancel', () => {
    it('lets the host cancel, publishing exactly one event.cancelled; cancelling again changes nothing', async () => {
      const event = await create(host.token, { title: 'Cancel me', date: FUTURE });
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(fan.token)),
        403,
        'Only the host of this event can change it.',
      );
      expect(await outboxFor(event.id)).toEqual([published(event.id)]);

      const first = await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
      expect(first.body).toMatchObject({ id: event.id, status: 'cancelled' });
      const second = await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
      expect(second.body.status).toBe('cancelled');
      expect(await outboxFor(event.id)).toEqual([published(event.id), cancelled(event.id)]);
      expect((await stored(event.id)).cancelled_at).toBeInstanceOf(Date);
    });

    it('lets an admin cancel any event', async () => {
      const event = await create(host.token, { title: 'Admin cancels', date: FUTURE });
      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(admin.token)).expect(200);
      expect(await outboxFor(event.id)).toEqual([published(event.id), cancelled(event.id)]);
    });

    it('refuses the host once the event has started (it would refund and unbook the people who came); an admin still may', async () => {
      const event = await create(host.token, { title: 'Already on', date: FUTURE });
      await api.db.query(`UPDATE event SET date = now() - interval '1 minute', end_date = NULL WHERE id = $1`, [event.id]);
      const started = 'This event has already started, so it can no longer be cancelled. Contact support if it did not take place.';
      expectError(await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)), 409, started);
      expectError(await api.http().put(`/api/v1/events/${event.id}`).set(bearer(host.token)).send({ status: 'cancelled' }), 409, started);
      expect((await stored(event.id)).status).toBe('active');
      expect(await outboxFor(event.id)).toEqual([published(event.id)]);

      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(admin.token)).expect(200);
      expect(await outboxFor(event.id)).toEqual([published(event.id), cancelled(event.id)]);
    });

    it('answers 404 for an unknown event', async () => {
      expectError(
        await api.http().post('/api/v1/events/00000000-0000-4000-8000-000000000000/cancel').set(bearer(host.token)),
        404,
        'Event not found.',
      );
    });
  });

  describe('DELETE /events/{id}', () => {
    it('lets only the host (or an admin) delete; the event is then gone', async () => {
      const event = await create(host.token, { title: 'Delete me', date: FUTURE });
      expectError(
        await api.http().delete(`/api/v1/events/${event.id}`).set(bearer(fan.token)),
        403,
        'Only the host of this event can change it.',
      );
      expect((await stored(event.id)).deleted_at).toBeNull();

      const response = await api.http().delete(`/api/v1/events/${event.id}`).set(bearer(host.token)).expect(200);
      expect(response.body).toEqual({ ok: true });
      expectError(await api.http().get(`/api/v1/events/${event.id}`).set(bearer(host.token)), 404, 'Event not found.');
      expectError(await api.http().delete(`/api/v1/events/${event.id}`).set(bearer(host.token)), 404, 'Event not found.');

      const another = await create(host.token, { title: 'Admin deletes', date: FUTURE });
      await api.http().delete(`/api/v1/events/${another.id}`).set(bearer(admin.token)).expect(200);
    });
  });

  describe("an admin on the hosts' endpoints", () => {
    const auditOf = async (eventId: string) =>
      (
        await api.db.query(`SELECT admin_id, action, before, after FROM admin_audit WHERE record_id = $1 ORDER BY created_at, id`, [
          eventId,
        ])
      ).rows;

    it('needs approve_events to edit and delete_events to cancel or delete: the role alone changes nothing', async () => {
      const flagless = await signUp(api, { name: 'Admin Without Flags' });
      await makeAdmin(api, flagless.user.id, { approve_events: false, delete_events: false });
      const event = await create(host.token, { title: 'Not yours to change', date: FUTURE, meetup_type: 'curation' });
      const as = (method: 'put' | 'post' | 'delete', path: string, body: Record<string, unknown> = {}) =>
        api.http()[method](`/api/v1/events/${event.id}${path}`).set(bearer(flagless.token)).send(body);

      expectError(await as('put', '', { title: 'Renamed' }), 403, 'This needs the approve events admin permission');
      expectError(await as('post', '/convert-to-confirmed'), 403, 'This needs the approve events admin permission');
      expectError(await as('put', '', { status: 'cancelled' }), 403, 'This needs the delete events admin permission');
      expectError(await as('post', '/cancel'), 403, 'This needs the delete events admin permission');
      expectError(await as('delete', ''), 403, 'This needs the delete events admin permission');

      expect(await stored(event.id)).toMatchObject({
        title: 'Not yours to change',
        status: 'active',
        meetup_type: 'curation',
        deleted_at: null,
      });
      expect(await outboxFor(event.id)).toEqual([published(event.id)]);
      expect(await auditOf(event.id)).toEqual([]);
    });

    it("writes each change an admin makes to someone else's event in the audit log, and none of the host's own", async () => {
      const event = await create(host.token, { title: 'Typo in the title', date: FUTURE, meetup_type: 'curation' });
      await api.http().put(`/api/v1/events/${event.id}`).set(bearer(host.token)).send({ capacity: 30 }).expect(200);
      expect(await auditOf(event.id)).toEqual([]);

      await api.http().put(`/api/v1/events/${event.id}`).set(bearer(admin.token)).send({ title: 'No typo in the title' }).expect(200);
      await api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(admin.token)).expect(200);
      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(admin.token)).expect(200);
      await api.http().delete(`/api/v1/events/${event.id}`).set(bearer(admin.token)).expect(200);

      const entries = await auditOf(event.id);
      expect(entries).toEqual([
        {
          admin_id: admin.user.id,
          action: 'event.edited',
          before: { title: 'Typo in the title' },
          after: { title: 'No typo in the title' },
        },
        { admin_id: admin.user.id, action: 'event.edited', before: { meetupType: 'curation' }, after: { meetupType: 'confirmed' } },
        { admin_id: admin.user.id, action: 'event.cancelled', before: { status: 'active' }, after: { status: 'cancelled' } },
        { admin_id: admin.user.id, action: 'event.deleted', before: { deletedAt: null }, after: { deletedAt: expect.any(String) } },
      ]);
      // A cancelled event deleted again is not cancelled twice.
      expect(await outboxFor(event.id)).toEqual([published(event.id), cancelled(event.id)]);
    });
  });

  describe('POST /events/{id}/convert-to-confirmed', () => {
    it('turns a curation event into a confirmed one and returns it', async () => {
      const event = await create(host.token, { title: 'Curated dinner', date: FUTURE, meetup_type: 'curation' });
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(fan.token)),
        403,
        'Only the host of this event can change it.',
      );
      const response = await api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(host.token)).expect(200);
      expect(response.body).toMatchObject({ id: event.id, meetup_type: 'confirmed', title: 'Curated dinner' });
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(host.token)),
        409,
        'Only curation events can be converted to confirmed.',
      );
    });

    it('refuses a cancelled event', async () => {
      const event = await create(host.token, { title: 'Curated, cancelled', date: FUTURE, meetup_type: 'curation' });
      await api.http().post(`/api/v1/events/${event.id}/cancel`).set(bearer(host.token)).expect(200);
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(host.token)),
        409,
        'This event has been cancelled and can no longer be changed.',
      );
      expect((await stored(event.id)).meetup_type).toBe('curation');
    });

    it('refuses an event whose date is still to be decided unless the date comes with it', async () => {
      const event = await create(host.token, { title: 'Curated, date open', date: '2099-12-31 23:59:59', meetup_type: 'curation' });
      const convert = (body?: Record<string, unknown>) => {
        const request = api.http().post(`/api/v1/events/${event.id}/convert-to-confirmed`).set(bearer(host.token));
        return body ? request.send(body) : request;
      };
      const refusal = 'A confirmed event needs a date. Pick the date to convert this event.';
      expectError(await convert(), 400, refusal, 'event_convert_needs_date');
      expectError(await convert({}), 400, refusal, 'event_convert_needs_date');
      expectError(await convert({ date: '2099-12-31T23:59:59+05:30' }), 400, refusal, 'event_convert_needs_date');
      expectError(await convert({ date: '2020-01-01T19:00:00+05:30' }), 400, 'date: must be in the future', 'event_start_not_future');
      expectError(await convert({ date: FUTURE, end_date: '2031-06-01T18:00:00+05:30' }), 400, undefined, 'event_end_before_start');
      expect(await stored(event.id)).toMatchObject({ meetup_type: 'curation', date: new Date('2099-12-31T23:59:59Z') });

      const response = await convert({ date: FUTURE, end_date: '2031-06-01T23:00:00+05:30' }).expect(200);
      expect(response.body).toMatchObject({
        meetup_type: 'confirmed',
        is_date_to_be_decided: false,
        date: '2031-06-01T13:30:00.000Z',
        end_date: '2031-06-01T17:30:00.000Z',
      });
    });

    it('keeps a dated event on its date, or moves it to the date sent', async () => {
      const kept = await create(host.token, { title: 'Curated, dated', date: FUTURE, meetup_type: 'curation' });
      await api.http().post(`/api/v1/events/${kept.id}/convert-to-confirmed`).set(bearer(host.token)).send({}).expect(200);
      expect((await stored(kept.id)).date).toEqual(new Date(FUTURE));

      const moved = await create(host.token, { title: 'Curated, moved', date: FUTURE, meetup_type: 'curation' });
      const response = await api
        .http()
        .post(`/api/v1/events/${moved.id}/convert-to-confirmed`)
        .set(bearer(host.token))
        .send({ date: '2031-07-04T20:00:00+05:30' })
        .expect(200);
      expect(response.body).toMatchObject({ meetup_type: 'confirmed', date: '2031-07-04T14:30:00.000Z' });
    });
  });

  describe('POST /events/{id}/report', () => {
    it('stores one open report per person per event for admin moderation', async () => {
      const event = await create(host.token, { title: 'Suspicious', date: FUTURE });
      const response = await api
        .http()
        .post(`/api/v1/events/${event.id}/report`)
        .set(bearer(fan.token))
        .send({ reason: '  Looks like a scam  ' })
        .expect(201);
      expect(response.body).toMatchObject({ event_id: event.id, reason: 'Looks like a scam', status: 'open' });
      const rows = (await api.db.query('SELECT event_id, reporter_id, reason, status FROM event_report WHERE event_id = $1', [event.id]))
        .rows;
      expect(rows).toEqual([{ event_id: event.id, reporter_id: fan.user.id, reason: 'Looks like a scam', status: 'open' }]);

      expectError(
        await api.http().post(`/api/v1/events/${event.id}/report`).set(bearer(fan.token)).send({ reason: 'Again' }),
        409,
        'You have already reported this event.',
      );
      await api.db.query(`UPDATE event_report SET status = 'dismissed' WHERE event_id = $1`, [event.id]);
      await api.http().post(`/api/v1/events/${event.id}/report`).set(bearer(fan.token)).send({ reason: 'Still a scam' }).expect(201);
    });

    it('refuses empty reasons, own events, guests and unknown events, writing nothing', async () => {
      const event = await create(host.token, { title: 'Fine event', date: FUTURE });
      const before = await countRows(api.db, 'event_report');
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/report`).set(bearer(fan.token)).send({ reason: '   ' }),
        400,
        'Please tell us why you are reporting this event.',
      );
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/report`).set(bearer(host.token)).send({ reason: 'Mine' }),
        400,
        'You cannot report your own event.',
      );
      expectError(
        await api.http().post(`/api/v1/events/${event.id}/report`).send({ reason: 'Guest' }),
        401,
        'No authentication token found',
      );
      expectError(
        await api.http().post('/api/v1/events/00000000-0000-4000-8000-000000000000/report').set(bearer(fan.token)).send({ reason: 'x' }),
        404,
        'Event not found.',
      );
      expect(await countRows(api.db, 'event_report')).toBe(before);
    });
  });
});
