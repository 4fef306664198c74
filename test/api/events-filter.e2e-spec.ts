import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import request, { type Response } from 'supertest';
import { createApiApp } from '../../api/src/bootstrap.js';
import { type AgeGroup } from '../../api/src/contracts/event.contract.js';
import { matchesAgePlan, planAgeFilter } from '../../api/src/modules/events/age-filter.js';
import { bearer, makeAdmin, markVerifiedHost, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { createEvent } from '../support/join-flow.js';
import { waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

function expectError(response: Response, status: number, message?: string, code?: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status,
    body: { error: message ?? expect.any(String), code: code ?? expect.any(String) },
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const TBD = '2099-12-31 23:59:59';

interface Made {
  id: string;
  age_groups: string[];
  custom_age_range: [number, number] | null;
}

describe('event lists: filters, role rules, pagination', () => {
  let api: TestApi;
  let me: SignedUp; // an influencer looking at their home
  let hostB: SignedUp;
  let fan: SignedUp;
  let admin: SignedUp;

  const made: Record<string, Made> = {};
  const create = async (name: string, who: SignedUp, body: Record<string, unknown>) => {
    const response = await api
      .http()
      .post('/api/v1/events')
      .set(bearer(who.token))
      .send({ title: name, date: inDays(10), ...body })
      .expect(201);
    made[name] = response.body as Made;
    return made[name]!;
  };
  const idOf = (name: string) => made[name]!.id;
  const names = (body: { data: Array<Record<string, any>> }) =>
    body.data.map((event) => Object.keys(made).find((name) => made[name]!.id === event.id) ?? String(event.id));
  const get = (path: string, query: Record<string, string | number | boolean> = {}, who?: SignedUp) => {
    const request = api
      .http()
      .get(`/api/v1${path}`)
      .query({ limit: 100, ...query });
    return who ? request.set(bearer(who.token)) : request;
  };
  const list = async (path: string, query: Record<string, string | number | boolean> = {}, who?: SignedUp) => {
    const response = await get(path, query, who);
    expect(response.status).toBe(200);
    return response.body as { data: Array<Record<string, any>>; pagination: Record<string, unknown> };
  };
  const sorted = (values: string[]) => [...values].sort();

  beforeAll(async () => {
    api = await startTestApi({ EVENT_LIST_CACHE_TTL_MS: '0', EVENT_TOTAL_CACHE_TTL_MS: '0' });
    me = await signUpHost(api, { name: 'Me Host' });
    hostB = await signUpHost(api, { name: 'Bee Host' });
    fan = await signUp(api, { name: 'Fan' });
    // The fan hosts one event too (fan-own): verified, so it is listed at once like the hosts' events.
    await markVerifiedHost(api, fan.user.id);
    admin = await signUp(api, { name: 'Admin' });
    await makeAdmin(api, admin.user.id);

    // Role rules.
    await create('mine-active', me, { date: inDays(5) });
    await create('mine-cancelled', me, { date: inDays(6) });
    await create('mine-pending', me, { date: inDays(7) });
    await create('mine-past', me, { date: inDays(8) });
    await create('mine-deleted', me, {});
    await create('b-active', hostB, { date: inDays(3) });
    await create('b-cancelled', hostB, { date: inDays(4) });
    await create('b-pending', hostB, {});
    await create('b-past', hostB, {});
    await create('b-tbd', hostB, { date: TBD });
    await create('fan-own', fan, { date: inDays(2) });

    // Ages (category fitness).
    const ages: Array<[string, Record<string, unknown>]> = [
      ['age-open', { age_groups: ['open'] }],
      ['age-none', {}],
      ['age-young', { age_groups: ['18-30'] }],
      ['age-mid', { age_groups: '["31-40","41-50"]' }],
      ['age-old', { age_groups: ['50+'] }],
      ['age-c1', { age_groups: ['custom'], custom_age_range: [25, 35] }],
      ['age-c2', { custom_age_range: '[55,70]' }],
      ['age-mix', { age_groups: ['18-30'], custom_age_range: [45, 48] }],
    ];
    for (const [name, body] of ages) await create(name, hostB, { category: 'fitness', ...body });

    // Prices (category food).
    await create('price-free', hostB, { category: 'food' });
    await create('price-500', hostB, { category: 'food', min_bid: 500 });
    await create('price-2000', hostB, { category: 'food', min_bid: 2000 });
    await create('price-gender', hostB, { category: 'food', pricing_type: 'gender_based', male_price: 3000, female_price: 300 });
    await create('price-lakh', hostB, { category: 'food', min_bid: 250_000 });

    // Cities (category sports).
    await create('city-blr-1', hostB, { category: 'sports', location: 'Koramangala, Bengaluru' });
    await create('city-blr-2', hostB, { category: 'sports', location: 'MG Road, Bangalore, Karnataka 560001' });
    await create('city-bom', hostB, { category: 'sports', location: 'Andheri West, Mumbai' });
    await create('city-none', hostB, { category: 'sports' });

    // Meetup and event types (category travel).
    await create('type-curation-online', hostB, { category: 'travel', meetup_type: 'curation', event_type: 'online' });
    await create('type-confirmed-inperson', hostB, { category: 'travel', event_type: 'In-Person' });
    await create('type-plan', hostB, { category: 'travel', meetup_type: 'plan_together' });

    for (const name of ['mine-cancelled', 'b-cancelled']) {
      await api
        .http()
        .post(`/api/v1/events/${idOf(name)}/cancel`)
        .set(bearer(name.startsWith('mine') ? me.token : hostB.token))
        .expect(200);
    }
    await api
      .http()
      .delete(`/api/v1/events/${idOf('mine-deleted')}`)
      .set(bearer(me.token))
      .expect(200);
    await api.db.query(`UPDATE event SET moderation_status = 'pending_review' WHERE id = ANY($1)`, [
      [idOf('mine-pending'), idOf('b-pending')],
    ]);
    await api.db.query(`UPDATE event SET date = now() - interval '3 days' WHERE id = $1`, [idOf('mine-past')]);
    await api.db.query(`UPDATE event SET date = now() - interval '30 days' WHERE id = $1`, [idOf('b-past')]);
  });
  afterAll(async () => {
    await api.close();
  });

  const listed = () => Object.keys(made).filter((name) => !/cancelled|pending|deleted/.test(name));

  describe('role rules (SPEC §6)', () => {
    it('discover (no role) shows listed events of everyone but the caller; never cancelled, unpublished or deleted', async () => {
      const body = await list('/events/filter', {}, fan);
      expect(sorted(names(body))).toEqual(sorted(listed().filter((name) => name !== 'fan-own')));
    });

    it('discover for an influencer (userRole=fan) leaves out their own events', async () => {
      const body = await list('/events/filter', { userRole: 'fan' }, me);
      expect(names(body).some((name) => name.startsWith('mine'))).toBe(false);
      expect(names(body)).toEqual(expect.arrayContaining(['b-active', 'fan-own']));
    });

    it('the influencer home (userRole=influencer) shows only their own events, cancelled and pending included', async () => {
      const body = await list('/events/filter', { userRole: 'influencer' }, me);
      expect(sorted(names(body))).toEqual(['mine-active', 'mine-cancelled', 'mine-past', 'mine-pending']);
      const cancelled = await list('/events/filter', { userRole: 'influencer', status: 'canceled' }, me);
      expect(names(cancelled)).toEqual(['mine-cancelled']);
      expect(cancelled.data[0]!.status).toBe('cancelled');
      const active = await list('/events/filter', { userRole: 'influencer', status: 'active', upcomingOnly: true }, me);
      expect(names(active)).toEqual(['mine-active', 'mine-pending']);
    });

    it('hides cancelled events in discover even when asked for them', async () => {
      const body = await list('/events/filter', { status: 'cancelled' }, fan);
      expect(body.data).toEqual([]);
      expect(body.pagination).toMatchObject({ total: 0, totalPages: 0 });
    });

    it('serves guests on /events/public/filter with the public version; their home needs a login', async () => {
      const body = await list('/events/public/filter');
      expect(sorted(names(body))).toEqual(sorted(listed()));
      for (const event of body.data) {
        expect(event).not.toHaveProperty('meeting_link');
        expect(event).not.toHaveProperty('host_contact_number');
      }
      expectError(await get('/events/public/filter', { userRole: 'influencer' }), 401, 'Log in to see your own events.');
      const signedIn = await list('/events/public/filter', { userRole: 'influencer' }, me);
      expect(names(signedIn)).toHaveLength(4);
      expect(signedIn.data[0]).not.toHaveProperty('meeting_link');
    });

    it('needs a login on /events/filter', async () => {
      expectError(await get('/events/filter'), 401, 'No authentication token found');
    });
  });

  describe('filters (SPEC §3)', () => {
    it('upcomingOnly hides past events, keeps "date to be decided", soonest first', async () => {
      const body = await list('/events/public/filter', { upcomingOnly: true });
      const found = names(body);
      expect(found).not.toContain('b-past');
      expect(found).not.toContain('mine-past');
      expect(found[found.length - 1]).toBe('b-tbd');
      const dates = body.data.map((event) => Date.parse(event.date as string));
      expect(dates).toEqual([...dates].sort((a, b) => a - b));
    });

    it('without upcomingOnly lists past events too, latest date first', async () => {
      const body = await list('/events/public/filter');
      const found = names(body);
      expect(found[0]).toBe('b-tbd');
      expect(found[found.length - 1]).toBe('b-past');
      const dates = body.data.map((event) => Date.parse(event.date as string));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('filters by category ("all" means every category)', async () => {
      expect(sorted(names(await list('/events/public/filter', { category: 'food' })))).toEqual([
        'price-2000',
        'price-500',
        'price-free',
        'price-gender',
        'price-lakh',
      ]);
      expect((await list('/events/public/filter', { category: 'all' })).data).toHaveLength(listed().length);
      expectError(await get('/events/public/filter', { category: 'raves' }), 400);
    });

    it('matches the city named in the location, whatever the spelling or case', async () => {
      for (const city of ['bangalore', 'BENGALURU', ' Bengaluru ']) {
        expect(sorted(names(await list('/events/public/filter', { city })))).toEqual(['city-blr-1', 'city-blr-2']);
      }
      expect(names(await list('/events/public/filter', { city: 'Mumbai' }))).toEqual(['city-bom']);
      expect((await list('/events/public/filter', { city: 'Pune' })).data).toEqual([]);
      const one = (await list('/events/public/filter', { city: 'bangalore' })).data[0]!;
      expect(one.city).toBe('Bengaluru');
    });

    it.each([
      [{ minPrice: 400 }, ['price-2000', 'price-500', 'price-gender', 'price-lakh']],
      [{ maxPrice: 400 }, ['price-free', 'price-gender']],
      [{ minPrice: 1000, maxPrice: 2500 }, ['price-2000', 'price-gender']],
      [{ minPrice: 0, maxPrice: 100_000 }, ['price-2000', 'price-500', 'price-free', 'price-gender', 'price-lakh']],
      [{ maxPrice: 99_999 }, ['price-2000', 'price-500', 'price-free', 'price-gender']],
    ])('filters by price %j (a gender-based event matches when either price does)', async (query, expected) => {
      expect(sorted(names(await list('/events/public/filter', { category: 'food', ...query })))).toEqual(expected);
    });

    it('refuses a minimum above the maximum', async () => {
      expectError(await get('/events/public/filter', { minPrice: 500, maxPrice: 100 }), 400, 'minPrice: must not be above maxPrice');
    });

    it('filters by meetupType and eventType', async () => {
      expect(names(await list('/events/public/filter', { category: 'travel', meetupType: 'curation' }))).toEqual(['type-curation-online']);
      expect(names(await list('/events/public/filter', { category: 'travel', meetupType: 'plan_together' }))).toEqual(['type-plan']);
      expect(names(await list('/events/public/filter', { eventType: 'IN-PERSON' }))).toEqual(['type-confirmed-inperson']);
      expect(names(await list('/events/public/filter', { eventType: 'online' }))).toEqual(['type-curation-online']);
    });

    it('filters by host with userId', async () => {
      const body = await list('/events/public/filter', { userId: me.user.id });
      expect(sorted(names(body))).toEqual(['mine-active', 'mine-past']);
      expectError(await get('/events/public/filter', { userId: 'me' }), 400, 'userId: must be a valid id');
    });

    it.each([
      [{ ageRange: 'open' }, ['age-none', 'age-open']],
      [{ ageRange: '18-30' }, ['age-c1', 'age-mix', 'age-young']],
      [{ ageRange: '50+' }, ['age-c2', 'age-old']],
      [{ ageRange: 'custom', customAgeRange: '60,65' }, ['age-c2', 'age-old']],
      [{ ageRange: 'custom', customAgeRange: '30,40' }, ['age-c1', 'age-mid', 'age-mix', 'age-young']],
      [{ customAgeRange: '46,47' }, ['age-mid', 'age-mix']],
    ])('applies the age rules of SPEC §5 for %j', async (query, expected) => {
      expect(sorted(names(await list('/events/public/filter', { category: 'fitness', ...query })))).toEqual(sorted(expected));
    });

    it('agrees with the age rules for every combination of choices', async () => {
      const fitness = Object.keys(made).filter((name) => name.startsWith('age-'));
      const choices: Array<{ ageRange?: AgeGroup[]; customAgeRange?: [number, number] }> = [
        { ageRange: ['open'] },
        { ageRange: ['31-40'] },
        { ageRange: ['41-50'] },
        { ageRange: ['18-30', '50+'] },
        { ageRange: ['18-30', '31-40', '41-50', '50+'] },
        { ageRange: ['custom'] },
        { ageRange: ['custom'], customAgeRange: [18, 24] },
        { ageRange: ['custom'], customAgeRange: [36, 36] },
        { ageRange: ['open', '41-50'] },
      ];
      for (const choice of choices) {
        const plan = planAgeFilter(choice.ageRange, choice.customAgeRange);
        const expected = fitness.filter((name) => matchesAgePlan(made[name]!, plan));
        const query: Record<string, string> = { category: 'fitness' };
        if (choice.ageRange) query.ageRange = choice.ageRange.join(',');
        if (choice.customAgeRange) query.customAgeRange = choice.customAgeRange.join(',');
        expect({ choice, found: sorted(names(await list('/events/public/filter', query))) }).toEqual({ choice, found: sorted(expected) });
      }
    });

    it('reads 50+ even when the plus sign arrives as a space', async () => {
      const response = await api.http().get('/api/v1/events/public/filter?category=fitness&ageRange=50+').expect(200);
      expect(sorted(names(response.body))).toEqual(['age-c2', 'age-old']);
    });

    it('refuses unknown age groups and bad custom ranges', async () => {
      expectError(await get('/events/public/filter', { ageRange: '18-30,kids' }), 400);
      expectError(
        await get('/events/public/filter', { customAgeRange: '40,30' }),
        400,
        'customAgeRange: must not have the first age above the second',
      );
      expectError(await get('/events/public/filter', { customAgeRange: '10,30' }), 400, 'customAgeRange.0: must be at least 18');
      expectError(await get('/events/public/filter', { customAgeRange: '0x14,30' }), 400, 'customAgeRange.0: must be a number');
    });
  });

  describe('pagination', () => {
    it('pages through with limit and reports the pagination of SPEC §3', async () => {
      const total = listed().length;
      const first = await list('/events/public/filter', { limit: 5, page: 1 });
      expect(first.data).toHaveLength(5);
      expect(first.pagination).toEqual({
        page: 1,
        limit: 5,
        total,
        totalExact: true,
        totalPages: Math.ceil(total / 5),
        hasNext: true,
        hasPrev: false,
      });
      const seen = new Set<string>();
      for (let page = 1; page <= Math.ceil(total / 5); page += 1) {
        for (const event of (await list('/events/public/filter', { limit: 5, page })).data) seen.add(event.id as string);
      }
      expect(seen.size).toBe(total);
      const last = await list('/events/public/filter', { limit: 5, page: Math.ceil(total / 5) });
      expect(last.pagination).toMatchObject({ hasNext: false, hasPrev: true });
    });

    it('answers a page past the end with no data and the true totals', async () => {
      const total = listed().length;
      const body = await list('/events/public/filter', { limit: 10, page: 50 });
      expect(body).toEqual({
        data: [],
        pagination: { page: 50, limit: 10, total, totalExact: true, totalPages: Math.ceil(total / 10), hasNext: false, hasPrev: true },
      });
    });

    it('uses 20 by default on the filter and public lists and 50 on GET /events', async () => {
      expect((await api.http().get('/api/v1/events/public/filter').expect(200)).body.pagination.limit).toBe(20);
      expect((await api.http().get('/api/v1/events/public').expect(200)).body.pagination.limit).toBe(20);
      expect((await api.http().get('/api/v1/events').set(bearer(fan.token)).expect(200)).body.pagination.limit).toBe(50);
    });

    it.each([
      [{ limit: 0 }, 'limit: must be at least 1'],
      [{ limit: 101 }, 'limit: must be at most 100'],
      [{ page: 0 }, 'page: must be at least 1'],
      [{ page: 'x' }, 'page: must be a number'],
    ])('refuses %j', async (query, message) => {
      expectError(await api.http().get('/api/v1/events/public/filter').query(query), 400, message);
      expectError(await api.http().get('/api/v1/events').query(query).set(bearer(fan.token)), 400, message);
    });

    it('accepts the largest limit', async () => {
      expect((await list('/events/public/filter', { limit: 100 })).pagination.limit).toBe(100);
    });
  });

  describe('general lists', () => {
    it('GET /events and /events/public list upcoming listed events, soonest first', async () => {
      const upcoming = listed().filter((name) => !name.endsWith('past'));
      const signedIn = await list('/events', {}, fan);
      expect(sorted(names(signedIn))).toEqual(sorted(upcoming));
      const guest = await list('/events/public');
      expect(names(guest)).toEqual(names(signedIn));
      // Lists of other people's events never carry the host's phone or the meeting link, signed in or not.
      for (const event of [...signedIn.data, ...guest.data]) {
        expect(event).not.toHaveProperty('meeting_link');
        expect(event).not.toHaveProperty('host_contact_number');
      }
      expectError(await api.http().get('/api/v1/events'), 401, 'No authentication token found');
    });
  });

  describe('/users routes', () => {
    it("GET /users/{id}/events: the host's upcoming active events; unpublished ones only for the host", async () => {
      const seenByFan = await list(`/users/${me.user.id}/events`, {}, fan);
      expect(names(seenByFan)).toEqual(['mine-active']);
      const own = await list(`/users/${me.user.id}/events`, {}, me);
      expect(names(own)).toEqual(['mine-active', 'mine-pending']);
      // The host's own list is the full version; anyone else's is the public one.
      expect(own.data[0]).toHaveProperty('host_contact_number');
      expect(seenByFan.data[0]).not.toHaveProperty('host_contact_number');
    });

    it('GET /users/{id}/events/all: past events too, latest first; cancelled ones only for the host or an admin', async () => {
      expect(names(await list(`/users/${me.user.id}/events/all`, {}, fan))).toEqual(['mine-active', 'mine-past']);
      const own = names(await list(`/users/${me.user.id}/events/all`, {}, me));
      expect(own).toEqual(['mine-pending', 'mine-cancelled', 'mine-active', 'mine-past']);
      expect(names(await list(`/users/${me.user.id}/events/all`, {}, admin))).toEqual(own);
    });

    it('answers 404 for an unknown person and 401 for a guest', async () => {
      expectError(await get('/users/00000000-0000-4000-8000-000000000000/events', {}, fan), 404, 'User not found.');
      expectError(await get(`/users/${me.user.id}/events/all`), 401, 'No authentication token found');
    });

    it('GET /users/influencers is not taken for /users/{id}, and lists influencers with their public profile', async () => {
      await api.db.query(
        `UPDATE users SET follower_count = 120, rating = 4.8, cover_photo_url = 'https://cdn.example.in/cover.webp', instagram_handle = 'bee.hosts' WHERE id = $1`,
        [hostB.user.id],
      );
      const body = await list('/users/influencers', {}, fan);
      const ids = body.data.map((person) => person.id);
      expect(sorted(ids)).toEqual(sorted([me.user.id, hostB.user.id]));
      expect(body.data[0]).toMatchObject({
        id: hostB.user.id,
        follower_count: 120,
        rating: 4.8,
        cover_photo_url: 'https://cdn.example.in/cover.webp',
        instagram_handle: 'bee.hosts',
      });
      expect(body.data[0]).not.toHaveProperty('email');
      expect(body.pagination).toMatchObject({ page: 1, total: 2 });
    });

    it('GET /users/influencers/{id} carries the number of listed events hosted', async () => {
      const response = await get(`/users/influencers/${me.user.id}`, {}, fan).expect(200);
      expect(response.body).toMatchObject({ id: me.user.id, name: 'Me Host', events_hosted_count: 2, follower_count: 0 });
      expectError(await get(`/users/influencers/${fan.user.id}`, {}, fan), 404, 'Influencer not found.');
      expectError(await get('/users/influencers/not-an-id', {}, fan), 400, 'id: must be a valid id');
    });

    it('GET /users/{id} counts the listed events hosted live, for the person and for others', async () => {
      expect((await get(`/users/${me.user.id}`, {}, me).expect(200)).body).toMatchObject({ events_hosted: 2, events_hosted_count: 2 });
      expect((await get(`/users/${me.user.id}`, {}, fan).expect(200)).body).toMatchObject({ events_hosted: 2, events_hosted_count: 2 });
      expect((await get(`/users/${fan.user.id}`, {}, fan).expect(200)).body).toMatchObject({ events_hosted: 1 });
    });

    it('GET /events/past-attended/{userId} is an empty list until applications exist', async () => {
      const body = await list(`/events/past-attended/${fan.user.id}`, {}, fan);
      expect(body).toEqual({
        data: [],
        pagination: { page: 1, limit: 100, total: 0, totalExact: true, totalPages: 0, hasNext: false, hasPrev: false },
      });
      expectError(await get('/events/past-attended/00000000-0000-4000-8000-000000000000', {}, fan), 404, 'User not found.');
    });
  });
});

describe('event lists and pages with the read cache on', () => {
  let api: TestApi;
  let host: SignedUp;
  beforeAll(async () => {
    api = await startTestApi({ EVENT_LIST_CACHE_TTL_MS: '60000', EVENT_TOTAL_CACHE_TTL_MS: '60000' });
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  it('shows every write of this process at once', async () => {
    const titles = async () =>
      ((await api.http().get('/api/v1/events/public/filter').expect(200)).body.data as Array<{ title: string }>).map(
        (event) => event.title,
      );
    expect(await titles()).toEqual([]);
    const created = await api
      .http()
      .post('/api/v1/events')
      .set(bearer(host.token))
      .send({ title: 'First', date: inDays(3) })
      .expect(201);
    expect(await titles()).toEqual(['First']);
    await api.http().put(`/api/v1/events/${created.body.id}`).set(bearer(host.token)).send({ title: 'Renamed' }).expect(200);
    expect(await titles()).toEqual(['Renamed']);
    await api.http().post(`/api/v1/events/${created.body.id}/cancel`).set(bearer(host.token)).expect(200);
    expect(await titles()).toEqual([]);
  });

  it("shows every write of this process on the event's own page at once", async () => {
    const created = await createEvent(api, host, { title: 'Shared page', date: inDays(3) });
    const page = () => api.http().get(`/api/v1/events/${created.id}/public`);
    expect((await page().expect(200)).body.title).toBe('Shared page');
    await api.http().put(`/api/v1/events/${created.id}`).set(bearer(host.token)).send({ title: 'Shared page, renamed' }).expect(200);
    expect((await page().expect(200)).body.title).toBe('Shared page, renamed');
    await api.http().post(`/api/v1/events/${created.id}/cancel`).set(bearer(host.token)).expect(200);
    expect((await page().expect(200)).body.status).toBe('cancelled');
    await api.http().delete(`/api/v1/events/${created.id}`).set(bearer(host.token)).expect(200);
    await page().expect(404);
  });

  it('shows a write made on another API replica as soon as its announcement arrives', async () => {
    const replica = await createApiApp(api.config);
    await replica.init();
    await replica.getHttpAdapter().getInstance().ready();
    try {
      const titlesOnReplica = async () =>
        (
          (await request(replica.getHttpServer()).get('/api/v1/events/public/filter').expect(200)).body.data as Array<{ title: string }>
        ).map((event) => event.title);
      const before = await titlesOnReplica();
      expect(before).not.toContain('Made elsewhere');
      // The replica has this page cached for a minute; only the change signal can empty it.
      const made = await createEvent(api, host, { title: 'Made elsewhere', date: inDays(2) });
      await waitUntil(async () => (await titlesOnReplica()).includes('Made elsewhere'), 'the replica to list the new event', 5_000);

      // The event's own page too: cached on the replica, renamed here.
      const titleOnReplica = async () =>
        (await request(replica.getHttpServer()).get(`/api/v1/events/${made.id}/public`).expect(200)).body.title as string;
      expect(await titleOnReplica()).toBe('Made elsewhere');
      await api.http().put(`/api/v1/events/${made.id}`).set(bearer(host.token)).send({ title: 'Renamed elsewhere' }).expect(200);
      await waitUntil(
        async () => (await titleOnReplica()) === 'Renamed elsewhere',
        "the replica's event page to show the new title",
        5_000,
      );
    } finally {
      await replica.close();
    }
  });

  describe('compression', () => {
    // Plain node:http, which hands back the bytes as sent (supertest would unzip them).
    const fetchPage = async (query: string, acceptEncoding: string, extraHeaders: Record<string, string> = {}) => {
      const url = new URL(`/api/v1/events/public/filter?${query}`, await api.baseUrl());
      return new Promise<{ headers: IncomingHttpHeaders; rawPayload: Buffer; payload: string }>((resolve, reject) => {
        httpGet(url, { headers: { 'accept-encoding': acceptEncoding, ...extraHeaders } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            resolve({ headers: response.headers, rawPayload, payload: rawPayload.toString('utf8') });
          });
        }).on('error', reject);
      });
    };

    it('sends a list page gzip-encoded to a client that accepts it, with the same JSON as without', async () => {
      for (let n = 1; n <= 6; n += 1) {
        await api
          .http()
          .post('/api/v1/events')
          .set(bearer(host.token))
          .send({ title: `Gzip ${n}`, description: 'An evening of music by the sea. '.repeat(8), date: inDays(4 + n) })
          .expect(201);
      }
      const plain = await fetchPage('limit=50', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      const listed = JSON.parse(plain.payload) as { data: Array<{ title: string }>; pagination: { total: number } };
      expect(listed.data.map((event) => event.title)).toEqual(
        expect.arrayContaining(['Gzip 1', 'Gzip 2', 'Gzip 3', 'Gzip 4', 'Gzip 5', 'Gzip 6']),
      );

      const zipped = await fetchPage('limit=50', 'gzip, deflate, br');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(listed);
    });

    it("varies by origin as well as by encoding, so a shared cache never hands one site another's CORS answer", async () => {
      const fromWeb = await fetchPage('limit=50', 'gzip', { origin: 'http://localhost:3000' });
      expect(fromWeb.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(fromWeb.headers.vary?.toLowerCase().split(/,\s*/)).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
    });

    it('answers a refused gzip and a small page uncompressed', async () => {
      expect((await fetchPage('limit=50', 'gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
      const empty = await fetchPage('category=music', 'gzip');
      expect(empty.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(empty.payload)).toMatchObject({ data: [], pagination: { total: 0 } });
    });
  });
});
