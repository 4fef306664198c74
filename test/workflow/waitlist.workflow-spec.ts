import { WaitlistOffersJob } from '../../api/src/modules/applications/jobs/waitlist-offers.job.js';
import { Scenario, type Person } from '../support/payment-scenario.js';
import { waitUntil } from '../support/poll.js';
import { startOwnRedis, type OwnRedis } from '../support/redis-server.js';

/**
 * PostgreSQL says which seats are free and who waits for them; Redis only carries the offers job's
 * runs. A seat freed while the job's run waits in Redis, then Redis emptied: the seat is still
 * offered, once, when the schedule comes back.
 */
describe('a freed seat is offered once, although Redis lost its data in between', () => {
  let redis: OwnRedis;
  let scenario: Scenario | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
    scenario = await Scenario.start({
      config: { REDIS_URL: redis.url, RECONCILE_INTERVAL_MS: '500', WAITLIST_OFFERS_EVERY_MS: '1000' },
    });
  });
  afterAll(async () => {
    await scenario?.stop();
    await redis?.stop();
  });

  const entryStatus = async (eventId: string, fan: Person) =>
    (
      await scenario!.db.query<{ status: string }>('SELECT status FROM waitlist_entry WHERE event_id = $1 AND fan_id = $2', [
        eventId,
        fan.id,
      ])
    ).rows[0]?.status;
  const offersTo = async (fan: Person) =>
    Number(
      (await scenario!.db.query(`SELECT count(*) FROM notification WHERE user_id = $1 AND type = 'waitlist_offer'`, [fan.id])).rows[0]
        .count,
    );

  it('offers the seat to the first in line after Redis was emptied, and never again', async () => {
    const s = scenario!;
    const { host } = await s.hostWithEvent();
    const event = await s.call('/events', {
      method: 'POST',
      token: host.token,
      body: {
        title: 'Poetry evening',
        date: '2031-06-01T19:00:00+05:30',
        min_bid: null,
        capacity: 1,
        meeting_link: 'https://meet.example.in/p',
      },
    });
    const booked = await s.signUp();
    const application = await s.call(`/events/${event.id}/bid`, { method: 'POST', token: booked.token, body: {} });
    await s.accept(host, application.id);
    const [first, second] = [await s.signUp(), await s.signUp()];
    for (const fan of [first, second]) await s.call(`/events/${event.id}/waitlist`, { method: 'POST', token: fan.token });

    // Paused, the offers job's runs wait in Redis: the seat frees and nobody offers it yet.
    const queue = s.queue(WaitlistOffersJob.queue);
    await queue.pause();
    await s.call(`/events/${event.id}`, { method: 'PUT', token: host.token, body: { capacity: 2 } });
    await waitUntil(async () => (await queue.getWaitingCount()) > 0, 'a run of the offers job to wait in Redis');
    expect(await entryStatus(event.id, first)).toBe('waiting');

    await redis.flushAll();

    await waitUntil(
      async () => (await entryStatus(event.id, first)) === 'offered',
      `the seat to be offered\n${s.stack.output().slice(-4000)}`,
    );
    expect(await entryStatus(event.id, second)).toBe('waiting');
    // Later runs find nothing more to do: another freed seat goes to the next, the first offer stays one.
    await s.call(`/events/${event.id}`, { method: 'PUT', token: host.token, body: { capacity: 3 } });
    await waitUntil(async () => (await entryStatus(event.id, second)) === 'offered', 'the next seat to be offered');
    expect([await offersTo(first), await offersTo(second)]).toEqual([1, 1]);
    const { rows } = await s.db.query(`SELECT count(*)::int AS count FROM waitlist_entry WHERE event_id = $1 AND status = 'offered'`, [
      event.id,
    ]);
    expect(rows[0].count).toBe(2);
  });
});
