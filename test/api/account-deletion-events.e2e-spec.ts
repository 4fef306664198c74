import { bearer, signUpHost } from '../support/factories.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const event = (title: string, date: string) => ({
  title,
  date,
  location: 'Koramangala, Bengaluru',
  category: 'food',
  min_bid: 500,
  capacity: 12,
});

describe('a host deleting their account', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ EVENT_LIST_CACHE_TTL_MS: '15000', EVENT_TOTAL_CACHE_TTL_MS: '30000' });
  });
  afterAll(async () => {
    await api.close();
  });

  it('cancels their upcoming events (each with event.cancelled) and leaves past ones as history', async () => {
    const host = await signUpHost(api);
    const auth = bearer(host.token);
    const upcoming = await api
      .http()
      .post('/api/v1/events')
      .set(auth)
      .send(event('Biryani trail', '2031-03-01T19:00:00+05:30'))
      .expect(201);
    const undecided = await api.http().post('/api/v1/events').set(auth).send(event('Coorg weekend', '2099-12-31T23:59:59Z')).expect(201);
    const past = await api.http().post('/api/v1/events').set(auth).send(event('Old walk', '2031-04-01T19:00:00+05:30')).expect(201);
    await api.db.query(`UPDATE event SET date = now() - interval '10 days', end_date = NULL WHERE id = $1`, [past.body.id]);

    // Warm the public list cache, so the test also proves that deletion clears it.
    const before = await api.http().get('/api/v1/events/public/filter').query({ upcomingOnly: 'true' }).expect(200);
    expect(before.body.data.map((item: { id: string }) => item.id)).toEqual(expect.arrayContaining([upcoming.body.id, undecided.body.id]));

    await api.http().delete('/api/v1/users/me').set(auth).expect(200);

    const { rows } = await api.db.query('SELECT id, status FROM event WHERE host_id = $1', [host.user.id]);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.status]))).toEqual({
      [upcoming.body.id]: 'cancelled',
      [undecided.body.id]: 'cancelled',
      [past.body.id]: 'active',
    });
    const { rows: outbox } = await api.db.query(`SELECT payload->>'eventId' AS event_id FROM outbox_event WHERE type = 'event.cancelled'`);
    expect(outbox.map((row) => row.event_id).sort()).toEqual([upcoming.body.id, undecided.body.id].sort());

    const after = await api.http().get('/api/v1/events/public/filter').query({ upcomingOnly: 'true' }).expect(200);
    expect(after.body.data.map((item: { id: string }) => item.id)).not.toEqual(expect.arrayContaining([upcoming.body.id]));
    expect(after.body.pagination.total).toBe(before.body.pagination.total - 2);
  });
});
