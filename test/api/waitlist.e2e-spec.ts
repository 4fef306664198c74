import { randomUUID } from 'node:crypto';
import { type EventView } from '../../api/src/contracts/event/event-view.js';
import { WaitlistOffersHandler } from '../../api/src/modules/applications/jobs/waitlist-offers.job.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  applyAndPay,
  applyFree,
  attendeesCount,
  createEvent,
  decide,
  openOrder,
  payOrder,
  preAuthorize,
  QUIET_SANDBOX,
  times,
  transactionRow,
  verify,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

describe('the waitlist of a full event: strict order, offers that hold a seat, exactly once', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api, { name: 'Meera Host' });
  });
  afterAll(async () => {
    await api.close();
  });

  const path = (eventId: string) => `/api/v1/events/${eventId}/waitlist`;
  const join = (who: SignedUp, eventId: string) => api.http().post(path(eventId)).set(bearer(who.token));
  const leave = (who: SignedUp, eventId: string) => api.http().delete(path(eventId)).set(bearer(who.token));
  const mine = async (who: SignedUp, eventId: string) =>
    (
      await api
        .http()
        .get(`${path(eventId)}/me`)
        .set(bearer(who.token))
        .expect(200)
    ).body;
  const offerTo = (who: SignedUp, eventId: string, entryId: string) =>
    api
      .http()
      .post(`${path(eventId)}/${entryId}/offer`)
      .set(bearer(who.token));
  const runOffers = () => api.app.get(WaitlistOffersHandler).handle();
  const setCapacity = (eventId: string, capacity: number) =>
    api.http().put(`/api/v1/events/${eventId}`).set(bearer(host.token)).send({ capacity }).expect(200);
  const entryOf = async (fan: SignedUp, eventId: string) =>
    (
      await api.db.query<{ id: string; status: string }>(
        'SELECT id, status FROM waitlist_entry WHERE event_id = $1 AND fan_id = $2 ORDER BY created_at DESC LIMIT 1',
        [eventId, fan.user.id],
      )
    ).rows[0];
  const notified = async (fan: SignedUp, type: string) =>
    (await api.db.query('SELECT 1 FROM notification WHERE user_id = $1 AND type = $2', [fan.user.id, type])).rowCount;
  const fans = (count: number) => Promise.all(times(count, (index) => signUp(api, { name: `Fan ${index + 1}` })));

  /** A free event whose `capacity` seats are taken by accepted fans. */
  async function fullEvent(capacity = 1, fields: Record<string, unknown> = {}) {
    const event = await createEvent(api, host, { min_bid: null, capacity, ...fields });
    const attendees = await fans(capacity);
    const applications: string[] = [];
    for (const fan of attendees) {
      const applicationId = await applyFree(api, fan, event.id);
      await decide(api, host, applicationId, 'accept').expect(200);
      applications.push(applicationId);
    }
    return { eventId: event.id, attendees, applications };
  }

  it('takes a fan only when the event is full, once, never its host nor someone already booked', async () => {
    const event = await createEvent(api, host, { min_bid: null, capacity: 2 });
    const [booked, last, fan, other] = await fans(4);
    await decide(api, host, await applyFree(api, booked!, event.id), 'accept').expect(200);

    const early = await join(fan!, event.id).expect(409);
    expect(early.body.code).toBe('waitlist_seats_available');
    expect(await mine(fan!, event.id)).toEqual({ full: false, waiting: 0, entry: null });

    await decide(api, host, await applyFree(api, last!, event.id), 'accept').expect(200);
    const joined = await join(fan!, event.id).expect(201);
    expect(joined.body).toMatchObject({ full: true, waiting: 1, entry: { status: 'waiting', position: 1, offerExpiresAt: null } });
    expect((await join(fan!, event.id).expect(409)).body.code).toBe('waitlist_already_on');
    expect((await join(host, event.id).expect(403)).body.code).toBe('own_event');
    expect((await join(booked!, event.id).expect(409)).body.code).toBe('already_applied');
    await api.http().post(path(event.id)).expect(401);
    expect(await countRows(api.db, `waitlist_entry WHERE event_id = '${event.id}'`)).toBe(1);

    // A booked event may only have its capacity raised: nothing else about it changes.
    for (const edit of [{ capacity: 1 }, { capacity: 3, title: 'Another night' }]) {
      const refusedEdit = await api.http().put(`/api/v1/events/${event.id}`).set(bearer(host.token)).send(edit).expect(409);
      expect(refusedEdit.body.code).toBe('event_has_accepted_applicants');
    }
    // Nobody jumps the queue: with a seat free again and someone waiting, a newcomer still waits.
    await setCapacity(event.id, 3);
    expect((await api.http().post(`/api/v1/events/${event.id}/bid`).set(bearer(other!.token)).send({}).expect(409)).body.code).toBe(
      'event_full',
    );
    expect((await join(other!, event.id).expect(201)).body.entry.position).toBe(2);

    await leave(fan!, event.id).expect(200);
    expect((await mine(other!, event.id)).entry.position).toBe(1);
    expect((await leave(fan!, event.id).expect(404)).body.code).toBe('waitlist_entry_not_found');
  });

  it('offers a freed seat to the first in line, and once the offer lapses to the next', async () => {
    const { eventId, attendees, applications } = await fullEvent(1);
    const [first, second, third, newcomer] = await fans(4);
    for (const fan of [first!, second!, third!]) await join(fan, eventId).expect(201);

    await api.http().post(`/api/v1/applications/${applications[0]}/leave`).set(bearer(attendees[0]!.token)).expect(200);
    await runOffers();
    await runOffers();
    expect((await mine(first!, eventId)).entry).toMatchObject({ status: 'offered', position: null, offerExpiresAt: expect.any(String) });
    expect((await mine(second!, eventId)).entry).toMatchObject({ status: 'waiting', position: 1 });
    expect(await notified(first!, 'waitlist_offer')).toBe(1);
    expect(await notified(second!, 'waitlist_offer')).toBe(0);
    // The held seat is not a newcomer's.
    expect((await api.http().post(`/api/v1/events/${eventId}/bid`).set(bearer(newcomer!.token)).send({}).expect(409)).body.code).toBe(
      'event_full',
    );

    await api.db.query(
      `UPDATE waitlist_entry SET offer_expires_at = now() - interval '1 second' WHERE event_id = $1 AND status = 'offered'`,
      [eventId],
    );
    // Too late: the lapsed offer no longer lets its fan in, even before the job has expired it.
    expect((await api.http().post(`/api/v1/events/${eventId}/bid`).set(bearer(first!.token)).send({}).expect(409)).body.code).toBe(
      'event_full',
    );
    await runOffers();
    expect((await entryOf(first!, eventId))!.status).toBe('expired');
    expect(await notified(first!, 'waitlist_offer_expired')).toBe(1);
    expect((await mine(second!, eventId)).entry.status).toBe('offered');
    expect((await mine(third!, eventId)).entry.position).toBe(1);

    // Declining frees the seat for the next one.
    await leave(second!, eventId).expect(200);
    await runOffers();
    expect((await entryOf(second!, eventId))!.status).toBe('left');
    expect((await mine(third!, eventId)).entry.status).toBe('offered');
    expect(await countRows(api.db, `waitlist_entry WHERE event_id = '${eventId}' AND status = 'offered'`)).toBe(1);

    // On a free event, taking the offer is the free join: accepted at once.
    const taken = await api.http().post(`/api/v1/events/${eventId}/bid`).set(bearer(third!.token)).send({}).expect(201);
    expect(taken.body.status).toBe('accepted');
    expect((await entryOf(third!, eventId))!.status).toBe('taken');
    expect(await attendeesCount(api, eventId)).toBe(1);
  });

  it('accepts the offer holder who pays at once, and releases a payment authorised after the offer lapsed', async () => {
    const event = await createEvent(api, host, { capacity: 1 });
    const [booked, holder, late, newcomer] = await fans(4);
    const paid = await applyAndPay(api, booked!, event.id);
    await decide(api, host, paid.applicationId, 'accept').expect(200);
    await join(holder!, event.id).expect(201);
    await join(late!, event.id).expect(201);

    await setCapacity(event.id, 2);
    await runOffers();
    expect((await mine(holder!, event.id)).entry.status).toBe('offered');
    const refused = await preAuthorize(api, newcomer!, { tempBidId: randomUUID(), eventId: event.id, amount: 500 });
    expect([refused.status, refused.body.code]).toEqual([409, 'event_full']);

    // The event's page, read (and so cached) before the holder pays, counts them once the job accepts them.
    const attendeesOnPage = async () =>
      ((await api.http().get(`/api/v1/events/${event.id}/public`).expect(200)).body as EventView).attendees_count;
    expect(await attendeesOnPage()).toBe(1);
    const taken = await applyAndPay(api, holder!, event.id);
    const { rows } = await api.db.query('SELECT status FROM application WHERE id = $1', [taken.applicationId]);
    expect(rows).toEqual([{ status: 'accepted' }]);
    expect(await attendeesOnPage()).toBe(2);
    await runPendingJobs(api);
    expect((await transactionRow(api, taken.transactionId)).state).toBe('captured');
    expect((await entryOf(holder!, event.id))!.status).toBe('taken');
    expect(await attendeesCount(api, event.id)).toBe(2);
    expect(await mine(holder!, event.id)).toMatchObject({ full: true, entry: null });
    expect(await notified(holder!, 'application_accepted')).toBe(1);
    // The host hears the seat was taken (the booked fan's application was the event's one new application).
    const { rows: told } = await api.db.query<{ type: string; fan_id: string }>(
      `SELECT type, fan_id FROM notification WHERE user_id = $1 AND event_id = $2 AND type IN ('new_application', 'waitlist_offer_taken')
        ORDER BY created_at`,
      [host.user.id, event.id],
    );
    expect(told).toEqual([
      { type: 'new_application', fan_id: booked!.user.id },
      { type: 'waitlist_offer_taken', fan_id: holder!.user.id },
    ]);

    await setCapacity(event.id, 3);
    await runOffers();
    const order = await openOrder(api, late!, event.id);
    const proof = await payOrder(api, order.orderId);
    await api.db.query(`UPDATE waitlist_entry SET offer_expires_at = now() - interval '1 second' WHERE fan_id = $1`, [late!.user.id]);
    await verify(api, late!, proof).expect(200);
    await runPendingJobs(api);
    expect(await countRows(api.db, `application WHERE transaction_id = '${order.transactionId}'`)).toBe(0);
    expect((await transactionRow(api, order.transactionId)).state).toBe('released');
    expect(await attendeesCount(api, event.id)).toBe(2);
  });

  it('keeps twenty joins made at once in a strict order, and offers twenty freed seats to twenty different people', async () => {
    const { eventId } = await fullEvent(1);
    const waiting = await fans(20);
    const answers = await Promise.all(waiting.map((fan) => join(fan, eventId)));
    expect(answers.map((answer) => answer.status)).toEqual(times(20, () => 201));
    const positions = await Promise.all(waiting.map(async (fan) => (await mine(fan, eventId)).entry.position as number));
    expect([...positions].sort((a, b) => a - b)).toEqual(times(20, (index) => index + 1));

    await setCapacity(eventId, 21);
    // A duplicated run (two workers, or a retry) offers each seat once.
    await Promise.all([runOffers(), runOffers()]);
    const { rows } = await api.db.query<{ fan_id: string }>(
      `SELECT fan_id FROM waitlist_entry WHERE event_id = $1 AND status = 'offered'`,
      [eventId],
    );
    expect(new Set(rows.map((row) => row.fan_id)).size).toBe(20);
    const offers = await api.db.query(`SELECT DISTINCT user_id FROM notification WHERE type = 'waitlist_offer' AND event_id = $1`, [
      eventId,
    ]);
    expect(offers.rowCount).toBe(20);
    expect(await countRows(api.db, `notification WHERE type = 'waitlist_offer' AND event_id = '${eventId}'`)).toBe(20);
  });

  it('lets the host offer a free seat to anyone on the list, and nobody else', async () => {
    const { eventId } = await fullEvent(1);
    const [first, second, chosen] = await fans(3);
    for (const fan of [first!, second!, chosen!]) await join(fan, eventId).expect(201);
    const list = (await api.http().get(path(eventId)).set(bearer(host.token)).expect(200)).body;
    expect(list).toMatchObject({ capacity: 1, attendees: 1, held: 0, freeSeats: 0 });
    expect(list.entries.map((entry: { fan: { id: string }; position: number }) => [entry.fan.id, entry.position])).toEqual([
      [first!.user.id, 1],
      [second!.user.id, 2],
      [chosen!.user.id, 3],
    ]);
    const chosenEntry = list.entries[2].id as string;
    expect((await api.http().get(path(eventId)).set(bearer(first!.token)).expect(403)).body.code).toBe('waitlist_not_host');
    expect((await offerTo(host, eventId, chosenEntry).expect(409)).body.code).toBe('waitlist_no_free_seat');

    await setCapacity(eventId, 2);
    expect((await offerTo(first!, eventId, chosenEntry).expect(403)).body.code).toBe('waitlist_not_host');
    const offered = (await offerTo(host, eventId, chosenEntry).expect(200)).body;
    expect(offered).toMatchObject({ held: 1, freeSeats: 0 });
    expect(offered.entries[0]).toMatchObject({ id: chosenEntry, status: 'offered', position: null });
    expect(await notified(chosen!, 'waitlist_offer')).toBe(1);
    expect((await offerTo(host, eventId, randomUUID()).expect(409)).body.code).toBe('waitlist_no_free_seat');
    await runOffers();
    expect((await mine(first!, eventId)).entry).toMatchObject({ status: 'waiting', position: 1 });

    await setCapacity(eventId, 3);
    expect((await offerTo(host, eventId, chosenEntry).expect(409)).body.code).toBe('waitlist_entry_not_waiting');
    expect((await offerTo(host, eventId, randomUUID()).expect(404)).body.code).toBe('waitlist_entry_not_found');
  });

  it('ends the list with its cancelled event, and a deleted account leaves every list', async () => {
    const { eventId } = await fullEvent(1);
    const [staying, leaving] = await fans(2);
    await join(staying!, eventId).expect(201);
    await join(leaving!, eventId).expect(201);
    await api.http().delete('/api/v1/users/me').set(bearer(leaving!.token)).expect(200);
    await runPendingJobs(api);
    expect((await entryOf(leaving!, eventId))!.status).toBe('removed');

    await api.http().post(`/api/v1/events/${eventId}/cancel`).set(bearer(host.token)).expect(200);
    // Read (and so cached) as cancelled but still booked; the job that ends the places empties it.
    const onPage = async () => (await api.http().get(`/api/v1/events/${eventId}/public`).expect(200)).body as EventView;
    expect(await onPage()).toMatchObject({ status: 'cancelled', attendees_count: 1 });
    await runPendingJobs(api);
    expect((await entryOf(staying!, eventId))!.status).toBe('removed');
    expect(await notified(staying!, 'event_cancelled')).toBe(1);
    expect(await onPage()).toMatchObject({ status: 'cancelled', attendees_count: 0 });
  });
});
