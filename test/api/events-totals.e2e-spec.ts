import { bearer, signUpHost, type SignedUp } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/**
 * Event totals are exact only up to a cap (EVENT_TOTAL_EXACT_UP_TO, 10,000 by default; 3 here so
 * that a handful of events cross it): a list holding more answers the cap with totalExact false.
 */
const CAP = 3;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

type Page = { data: Array<{ id: string }>; pagination: Record<string, unknown> };

describe('event list totals: exact up to the cap, "3+" above it', () => {
  let api: TestApi;
  let host: SignedUp;

  const list = async (path: string, query: Record<string, string | number> = {}, who?: SignedUp): Promise<Page> => {
    const request = api.http().get(`/api/v1${path}`).query(query);
    const response = await (who ? request.set(bearer(who.token)) : request);
    expect(response.status).toBe(200);
    return response.body as Page;
  };

  beforeAll(async () => {
    api = await startTestApi({ EVENT_TOTAL_EXACT_UP_TO: String(CAP), EVENT_LIST_CACHE_TTL_MS: '0', EVENT_TOTAL_CACHE_TTL_MS: '0' });
    host = await signUpHost(api, { name: 'Totals Host' });
    const create = (category: string, day: number) =>
      api
        .http()
        .post('/api/v1/events')
        .set(bearer(host.token))
        .send({ title: `${category} ${day}`, date: inDays(day), category })
        .expect(201);
    for (let day = 1; day <= 5; day += 1) await create('music', day);
    for (let day = 1; day <= 3; day += 1) await create('arts', day);
    await create('food', 1);
    await create('food', 2);
  });

  afterAll(() => api?.close());

  it('counts exactly below the cap and at it', async () => {
    expect((await list('/events/public/filter', { category: 'food' })).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 2,
      totalExact: true,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });
    expect((await list('/events/public/filter', { category: 'arts', limit: 2 })).pagination).toEqual({
      page: 1,
      limit: 2,
      total: 3,
      totalExact: true,
      totalPages: 2,
      hasNext: true,
      hasPrev: false,
    });
  });

  it('answers the cap, not exact, above it, and still pages to the last event', async () => {
    const first = await list('/events/public/filter', { category: 'music', limit: 2 });
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: CAP, totalExact: false, totalPages: 2, hasNext: true, hasPrev: false });
    // Page 2 reaches past the counted events: a full page may have a next one.
    const second = await list('/events/public/filter', { category: 'music', limit: 2, page: 2 });
    expect(second.pagination).toMatchObject({ total: CAP, totalExact: false, hasNext: true, hasPrev: true });
    const third = await list('/events/public/filter', { category: 'music', limit: 2, page: 3 });
    expect(third.data).toHaveLength(1);
    expect(third.pagination).toMatchObject({ page: 3, total: CAP, totalExact: false, hasNext: false, hasPrev: true });
    const ids = new Set([...first.data, ...second.data, ...third.data].map((event) => event.id));
    expect(ids.size).toBe(5);
    const past = await list('/events/public/filter', { category: 'music', limit: 2, page: 4 });
    expect(past).toEqual({ data: [], pagination: expect.objectContaining({ total: CAP, totalExact: false, hasNext: false }) });
  });

  it('caps every event list the same way: the general lists and a host’s own', async () => {
    expect((await list('/events/public')).pagination).toMatchObject({ total: CAP, totalExact: false, hasNext: false });
    expect((await list('/events/public', { limit: 3 })).pagination).toMatchObject({ total: CAP, totalExact: false, hasNext: true });
    expect((await list(`/users/${host.user.id}/events`, {}, host)).pagination).toMatchObject({ total: CAP, totalExact: false });
    expect((await list('/events/filter', { userRole: 'influencer', category: 'food' }, host)).pagination).toMatchObject({
      total: 2,
      totalExact: true,
    });
  });

  it('documents totalExact in the OpenAPI answer of the event lists', async () => {
    const document = (await api.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, any> }>>;
    };
    const answer = document.paths['/api/v1/events/public/filter']!.get!.responses['200'];
    expect(answer.description).toContain('10,000+');
    const pagination = answer.content['application/json'].schema.properties.pagination;
    expect(pagination.required).toEqual(expect.arrayContaining(['total', 'totalExact', 'hasNext']));
    expect(pagination.properties.totalExact.type).toBe('boolean');
  });
});
