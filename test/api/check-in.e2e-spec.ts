import { createHash, randomUUID } from 'node:crypto';
import { Messages } from '../../api/src/contracts/messages.js';
import { type MyRatingsView } from '../../api/src/contracts/ratings.contract.js';
import {
  TicketErrorCodes,
  type CheckInBatchView,
  type CheckInView,
  type DoorTicketsView,
  type TicketView,
} from '../../api/src/contracts/tickets.contract.js';
import { signTicketToken } from '../../api/src/modules/tickets/ticket-token.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide, QUIET_SANDBOX } from '../support/join-flow.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** Tickets and check-in at the door: who sees a ticket, who checks in, what cannot be forged, the offline batch, and who may rate after. */
describe('tickets and check-in', () => {
  let api: TestApi;
  let host: SignedUp;
  let otherHost: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [host, otherHost, admin] = await Promise.all([
      signUpHost(api, { name: 'Kabir Host' }),
      signUpHost(api, { name: 'Other Host' }),
      signUp(api, { name: 'Asha Admin' }),
    ]);
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  /** A free event of `by` starting in two hours (the door is open) with one application per fan, the first `accepted` of them accepted. */
  async function eventWith(fans: SignedUp[], accepted = fans.length, by = host) {
    const date = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const event = await createEvent(api, by, { min_bid: 0, capacity: fans.length + 1, date });
    const applications: string[] = [];
    for (const [index, fan] of fans.entries()) {
      const id = await applyFree(api, fan, event.id);
      if (index < accepted) await decide(api, by, id, 'accept').expect(200);
      applications.push(id);
    }
    return { eventId: event.id, applications };
  }

  const fans = (count: number) => Promise.all(Array.from({ length: count }, (_, i) => signUp(api, { name: `Fan ${i + 1}` })));
  const ticketOf = (who: SignedUp, applicationId: string) =>
    api.http().get(`/api/v1/applications/${applicationId}/ticket`).set(bearer(who.token));
  const ticket = async (who: SignedUp, applicationId: string) => (await ticketOf(who, applicationId).expect(200)).body as TicketView;
  const checkIn = (who: SignedUp, eventId: string, body: object) =>
    api.http().post(`/api/v1/events/${eventId}/check-ins`).set(bearer(who.token)).send(body);
  const checkedIn = async (eventId: string, body: object, who = host) =>
    (await checkIn(who, eventId, body).expect(200)).body as CheckInView;
  const batch = async (eventId: string, items: object[], who = host) =>
    (await api.http().post(`/api/v1/events/${eventId}/check-ins/batch`).set(bearer(who.token)).send({ items }).expect(200))
      .body as CheckInBatchView;
  const checkInRows = async (eventId: string) =>
    (await api.db.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM check_in WHERE event_id = $1', [eventId])).rows;

  it('shows a ticket only to its own fan, and only while the booking is accepted', async () => {
    const [accepted, pending, stranger] = await fans(3);
    const { eventId, applications } = await eventWith([accepted!, pending!], 1);

    const mine = await ticket(accepted!, applications[0]!);
    expect(mine).toMatchObject({ applicationId: applications[0], event: { id: eventId } });
    expect(mine.code).toMatch(/^[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/);
    expect(mine.token).not.toContain(accepted!.user.id);
    expect(await ticket(accepted!, applications[0]!)).toEqual(mine);

    for (const who of [stranger!, host, pending!]) {
      expect((await ticketOf(who, applications[0]!).expect(404)).body.code).toBe(TicketErrorCodes.notFound);
    }
    expect((await ticketOf(pending!, applications[1]!).expect(409)).body.code).toBe(TicketErrorCodes.notAvailable);
    await decide(api, host, applications[1]!, 'reject').expect(200);
    expect((await ticketOf(pending!, applications[1]!).expect(409)).body.code).toBe(TicketErrorCodes.notAvailable);
    await ticketOf(accepted!, randomUUID()).expect(404);
  });

  it('checks a QR token in once; a second scan says when the first was', async () => {
    const [fan] = await fans(1);
    const { eventId, applications } = await eventWith([fan!]);
    const { token, checkedInAt: before } = await ticket(fan!, applications[0]!);
    expect(before).toBeNull();

    const first = await checkedIn(eventId, { token });
    expect(first).toMatchObject({ result: 'checked_in', applicationId: applications[0], attendee: { name: 'Fan 1' } });
    const again = await checkedIn(eventId, { token });
    expect(again).toEqual({ ...first, result: 'already_checked_in' });
    expect(await checkInRows(eventId)).toHaveLength(1);
    // The fan's ticket says so (their bookings page no longer offers to cancel it).
    expect((await ticket(fan!, applications[0]!)).checkedInAt).toBe(first.checkedInAt);
  });

  it('refuses forged and altered tokens, and a ticket of another event', async () => {
    const [fan, other] = await fans(2);
    const { eventId, applications } = await eventWith([fan!]);
    const elsewhere = await eventWith([other!]);
    const { token } = await ticket(fan!, applications[0]!);
    const otherToken = (await ticket(other!, elsewhere.applications[0]!)).token;

    const notATicket = { result: 'not_a_ticket', applicationId: null, checkedInAt: null, attendee: null };
    const [id, signature] = token.split('.');
    const forged = [
      signTicketToken('a-secret-the-server-does-not-hold', applications[0]!),
      `${otherToken.split('.')[0]}.${signature}`,
      `${id}.${signature!.slice(0, -3)}AAA`,
      `${id}.${signature!.slice(0, 10)}`,
      'K7M-2QX',
    ];
    for (const attempt of [...forged, otherToken]) expect(await checkedIn(eventId, { token: attempt })).toEqual(notATicket);
    expect(await checkInRows(eventId)).toHaveLength(0);
    expect(await checkInRows(elsewhere.eventId)).toHaveLength(0);
  });

  it('checks in by the short code read aloud, however it is typed, and only within its own event', async () => {
    const [fan, other] = await fans(2);
    const { eventId, applications } = await eventWith([fan!]);
    const elsewhere = await eventWith([other!]);
    const { code } = await ticket(fan!, applications[0]!);

    expect((await checkedIn(elsewhere.eventId, { code })).result).toBe('not_a_ticket');
    expect((await checkedIn(eventId, { code: code.toLowerCase().replace('-', ' ') })).result).toBe('checked_in');
    expect((await checkedIn(eventId, { code })).result).toBe('already_checked_in');
    const bad = await checkIn(host, eventId, { code: 'K0M-2QX' }).expect(400);
    expect(bad.body.error).toMatch(/code/);
    await checkIn(host, eventId, {}).expect(400);
    await checkIn(host, eventId, { code, token: 'x' }).expect(400);
  });

  it('lets only the event’s host and admins check in or read the door list', async () => {
    const [fan, bystander] = await fans(2);
    const { eventId, applications } = await eventWith([fan!]);
    const { token } = await ticket(fan!, applications[0]!);

    for (const who of [fan!, bystander!, otherHost]) {
      expect((await checkIn(who, eventId, { token }).expect(403)).body.code).toBe(TicketErrorCodes.notHost);
      await api.http().get(`/api/v1/events/${eventId}/check-in/tickets`).set(bearer(who.token)).expect(403);
    }
    await checkIn(host, randomUUID(), { token }).expect(404);
    await api.http().post(`/api/v1/events/${eventId}/check-ins`).send({ token }).expect(401);
    expect(await checkInRows(eventId)).toHaveLength(0);
    expect((await checkedIn(eventId, { token }, admin)).result).toBe('checked_in');
  });

  it('refuses a booking that is no longer accepted', async () => {
    const [fan] = await fans(1);
    const { eventId, applications } = await eventWith([fan!]);
    const { token, code } = await ticket(fan!, applications[0]!);
    await api.db.query(`UPDATE application SET status = 'cancelled' WHERE id = $1`, [applications[0]]);
    expect((await checkedIn(eventId, { token })).result).toBe('not_a_ticket');
    expect((await checkedIn(eventId, { code })).result).toBe('not_a_ticket');
  });

  it('opens the door 24 hours before the start: no check-in is taken earlier, online or in a batch', async () => {
    const [fan] = await fans(1);
    const { eventId, applications } = await eventWith([fan!]);
    const { token, code } = await ticket(fan!, applications[0]!);
    await api.db.query(`UPDATE event SET date = now() + interval '25 hours' WHERE id = $1`, [eventId]);
    const notOpen = { error: 'Check-in opens 24 hours before the event starts.', code: 'check_in_not_open' };
    expect((await checkIn(host, eventId, { token }).expect(409)).body).toEqual(notOpen);
    expect((await checkIn(admin, eventId, { code }).expect(409)).body).toEqual(notOpen);
    const items = [{ operationId: randomUUID(), token, scannedAt: new Date().toISOString() }];
    const early = await api.http().post(`/api/v1/events/${eventId}/check-ins/batch`).set(bearer(host.token)).send({ items });
    expect([early.status, early.body]).toEqual([409, notOpen]);
    expect(await checkInRows(eventId)).toEqual([]);

    await api.db.query(`UPDATE event SET date = now() + interval '23 hours' WHERE id = $1`, [eventId]);
    expect((await checkedIn(eventId, { token })).result).toBe('checked_in');
  });

  it('closes the door 12 hours after the end: no check-in is taken later, online or in a batch (it would take rating from everyone else)', async () => {
    const [fan] = await fans(1);
    const { eventId, applications } = await eventWith([fan!]);
    const { token, code } = await ticket(fan!, applications[0]!);
    await api.db.query(`UPDATE event SET date = now() - interval '2 days', end_date = now() - interval '13 hours' WHERE id = $1`, [
      eventId,
    ]);
    const closed = { error: 'Check-in closed 12 hours after the event ended.', code: 'check_in_closed' };
    expect((await checkIn(host, eventId, { token }).expect(409)).body).toEqual(closed);
    expect((await checkIn(admin, eventId, { code }).expect(409)).body).toEqual(closed);
    const items = [{ operationId: randomUUID(), token, scannedAt: new Date(Date.now() - 20 * 3_600_000).toISOString() }];
    const late = await api.http().post(`/api/v1/events/${eventId}/check-ins/batch`).set(bearer(host.token)).send({ items });
    expect([late.status, late.body]).toEqual([409, closed]);
    expect(await checkInRows(eventId)).toEqual([]);

    // Without an end date the event is taken to last three hours.
    await api.db.query(`UPDATE event SET date = now() - interval '16 hours', end_date = NULL WHERE id = $1`, [eventId]);
    expect((await checkIn(host, eventId, { code }).expect(409)).body).toEqual(closed);
    await api.db.query(`UPDATE event SET date = now() - interval '14 hours', end_date = NULL WHERE id = $1`, [eventId]);
    expect((await checkedIn(eventId, { code })).result).toBe('checked_in');
  });

  it('refuses the tickets of a cancelled event while its bookings are still being ended', async () => {
    const [fan] = await fans(1);
    const { eventId, applications } = await eventWith([fan!]);
    const { token, code } = await ticket(fan!, applications[0]!);
    // No workers run here: the cancellation's jobs have not ended the accepted booking yet.
    await api.http().post(`/api/v1/events/${eventId}/cancel`).set(bearer(host.token)).expect(200);
    expect((await api.db.query('SELECT status FROM application WHERE id = $1', [applications[0]])).rows[0].status).toBe('accepted');
    expect((await checkedIn(eventId, { token })).result).toBe('not_a_ticket');
    expect((await checkedIn(eventId, { code })).result).toBe('not_a_ticket');
    expect(await checkInRows(eventId)).toEqual([]);
    // A door device refreshing its list meanwhile is given nobody to admit offline.
    const door = await api.http().get(`/api/v1/events/${eventId}/check-in/tickets`).set(bearer(host.token)).expect(200);
    expect(door.body.tickets).toEqual([]);
  });

  describe('a fan leaving a booking they were checked in with', () => {
    const leavePreview = async (fan: SignedUp, applicationId: string) =>
      (await api.http().get(`/api/v1/applications/${applicationId}/leave`).set(bearer(fan.token)).expect(200)).body;
    const leave = (fan: SignedUp, applicationId: string) =>
      api.http().post(`/api/v1/applications/${applicationId}/leave`).set(bearer(fan.token));
    const statusOf = async (applicationId: string) =>
      (await api.db.query('SELECT status FROM application WHERE id = $1', [applicationId])).rows[0].status as string;

    it('is refused once the door has checked them in, and told so before they try', async () => {
      const [fan] = await fans(1);
      const { eventId, applications } = await eventWith([fan!]);
      const applicationId = applications[0]!;
      expect((await leavePreview(fan!, applicationId)).refusal).toBeNull();

      await checkedIn(eventId, { token: (await ticket(fan!, applicationId)).token });
      expect((await leavePreview(fan!, applicationId)).refusal).toBe(Messages.applications.leaveAfterCheckIn);
      expect((await leave(fan!, applicationId).expect(409)).body).toEqual({
        error: Messages.applications.leaveAfterCheckIn,
        code: 'booking_checked_in',
      });
      expect(await statusOf(applicationId)).toBe('accepted');
    });

    it('either leaves or is checked in when both happen at once, never both', async () => {
      const people = await fans(6);
      const { eventId, applications } = await eventWith(people);
      const tokens = await Promise.all(applications.map(async (id, index) => (await ticket(people[index]!, id)).token));
      const outcomes = await Promise.all(
        applications.map(async (id, index) => {
          const [left, scan] = await Promise.all([leave(people[index]!, id), checkIn(host, eventId, { token: tokens[index] })]);
          return { leaveStatus: left.status, scan: (scan.body as CheckInView).result, status: await statusOf(id) };
        }),
      );
      for (const outcome of outcomes) {
        expect([
          { leaveStatus: 200, scan: 'not_a_ticket', status: 'left' },
          { leaveStatus: 409, scan: 'checked_in', status: 'accepted' },
        ]).toContainEqual(outcome);
      }
      const checkedInIds = (await api.db.query('SELECT application_id FROM check_in WHERE event_id = $1', [eventId])).rows.map(
        (row) => row.application_id,
      );
      expect(checkedInIds.sort()).toEqual(applications.filter((_, index) => outcomes[index]!.status === 'accepted').sort());
    });
  });

  it('gives the door a list to recognise tickets offline, without the tokens', async () => {
    const [first, second, pending] = await fans(3);
    const { eventId, applications } = await eventWith([first!, second!, pending!], 2);
    const { token } = await ticket(first!, applications[0]!);
    await checkedIn(eventId, { token });

    const door = (await api.http().get(`/api/v1/events/${eventId}/check-in/tickets`).set(bearer(host.token)).expect(200))
      .body as DoorTicketsView;
    expect(door.tickets.map((t) => t.name)).toEqual(['Fan 1', 'Fan 2']);
    const [one, two] = door.tickets;
    expect(one!.tokenHash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(JSON.stringify(door)).not.toContain(token.split('.')[1]);
    expect(one!.checkedInAt).not.toBeNull();
    expect(two!.checkedInAt).toBeNull();
    expect(two!.code).toBe((await ticket(second!, applications[1]!)).code);
  });

  it('takes an offline batch once however often it is sent; the earliest scan wins across devices', async () => {
    const [first, second] = await fans(2);
    const { eventId, applications } = await eventWith([first!, second!]);
    await api.db.query(`UPDATE event SET date = now() + interval '1 hour' WHERE id = $1`, [eventId]);
    const [a, b] = [await ticket(first!, applications[0]!), await ticket(second!, applications[1]!)];
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

    const items = [
      { operationId: randomUUID(), token: a.token, scannedAt: ago(10) },
      { operationId: randomUUID(), code: b.code, scannedAt: ago(9) },
      { operationId: randomUUID(), token: 'forged.token', scannedAt: ago(8) },
    ];
    const sent = await batch(eventId, items);
    expect(sent.results.map((r) => [r.operationId, r.result])).toEqual([
      [items[0]!.operationId, 'checked_in'],
      [items[1]!.operationId, 'checked_in'],
      [items[2]!.operationId, 'not_a_ticket'],
    ]);
    expect(sent.results[0]!.checkedInAt).toBe(items[0]!.scannedAt);
    expect(await batch(eventId, items)).toEqual(sent);
    expect(await checkInRows(eventId)).toHaveLength(2);

    // A second device scanned the first ticket earlier, and one with a clock far ahead scanned the second.
    const earlier = { operationId: randomUUID(), token: a.token, scannedAt: ago(20) };
    const other = await batch(eventId, [
      earlier,
      { operationId: randomUUID(), code: b.code, scannedAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]);
    expect(other.results.map((r) => r.result)).toEqual(['already_checked_in', 'already_checked_in']);
    expect(other.results[0]!.checkedInAt).toBe(earlier.scannedAt);
    expect(other.results[1]!.checkedInAt).toBe(items[1]!.scannedAt);
    expect(await checkInRows(eventId)).toHaveLength(2);

    // A scan claimed days before the event counts from a day before its start at the earliest.
    const [late] = await fans(1);
    const third = (await eventWith([late!])).eventId;
    await api.db.query(`UPDATE event SET date = now() + interval '1 hour' WHERE id = $1`, [third]);
    const lateTicket = await ticket(
      late!,
      (await api.db.query<{ id: string }>('SELECT id FROM application WHERE event_id = $1', [third])).rows[0]!.id,
    );
    const [early] = (await batch(third, [{ operationId: randomUUID(), token: lateTicket.token, scannedAt: ago(5 * 24 * 60) }])).results;
    expect(Date.parse(early!.checkedInAt!)).toBeGreaterThan(Date.now() - 24 * 3_600_000);
  });

  it('refuses a batch that is not one: no items, a bad operation id, a missing time', async () => {
    const [fan] = await fans(1);
    const { eventId } = await eventWith([fan!]);
    const post = (items: unknown) => api.http().post(`/api/v1/events/${eventId}/check-ins/batch`).set(bearer(host.token)).send({ items });
    await post([]).expect(400);
    await post([{ operationId: 'nope', code: 'K7M-2QX', scannedAt: new Date().toISOString() }]).expect(400);
    await post([{ operationId: randomUUID(), code: 'K7M-2QX' }]).expect(400);
  });

  it('once an event used check-in, only checked-in attendees may rate it', async () => {
    const [came, stayedAway, other] = await fans(3);
    const { eventId, applications } = await eventWith([came!, stayedAway!]);
    const unscanned = await eventWith([other!]);
    await checkedIn(eventId, { token: (await ticket(came!, applications[0]!)).token });
    await api.db.query(`UPDATE event SET date = now() - interval '1 day', end_date = NULL WHERE id = ANY($1::uuid[])`, [
      [eventId, unscanned.eventId],
    ]);

    const awaiting = async (who: SignedUp) =>
      ((await api.http().get('/api/v1/ratings/user').set(bearer(who.token)).expect(200)).body as MyRatingsView).awaiting.map(
        ({ event }) => event.id,
      );
    expect(await awaiting(stayedAway!)).toEqual([]);
    expect(await awaiting(came!)).toEqual([eventId]);
    expect(await awaiting(other!)).toEqual([unscanned.eventId]);

    const rate = (who: SignedUp, id: string) =>
      api.http().post('/api/v1/ratings').set(bearer(who.token)).send({ eventId: id, hostRating: 5, eventRating: 4 });
    await rate(stayedAway!, eventId).expect(403);
    await rate(came!, eventId).expect(201);
    await rate(other!, unscanned.eventId).expect(201);

    // A profile's past events say the same: one who stayed away from a door that was used did not attend.
    const attended = async (who: SignedUp) =>
      (
        (await api.http().get(`/api/v1/events/past-attended/${who.user.id}`).set(bearer(host.token)).expect(200)).body as {
          data: Array<{ id: string }>;
        }
      ).data.map(({ id }) => id);
    expect(await attended(stayedAway!)).toEqual([]);
    expect(await attended(came!)).toEqual([eventId]);
    expect(await attended(other!)).toEqual([unscanned.eventId]);
  });
});
