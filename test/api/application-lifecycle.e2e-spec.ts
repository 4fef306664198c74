import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import {
  createEvent,
  decide,
  openOrder,
  outboxFor,
  type PaidApplication,
  payOrder,
  QUIET_SANDBOX,
  times,
  verify,
} from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

describe('the application lifecycle: a cancelled event accepts nobody, and its money is released, never captured', () => {
  let api: TestApi;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    host = await signUpHost(api);
  });
  afterAll(async () => {
    await api.close();
  });

  /** Events, each with `perEvent` pending paid applications (paid side by side, made by one run of the jobs). */
  async function eventsWithPendingApplications(events: number, perEvent: number) {
    const made = await Promise.all(
      times(events, async () => {
        const event = await createEvent(api, host, { capacity: perEvent + 1 });
        const paid = await Promise.all(
          times(perEvent, async () => {
            const fan = await signUp(api);
            const { transactionId, orderId } = await openOrder(api, fan, event.id);
            const proof = await payOrder(api, orderId);
            expect((await verify(api, fan, proof)).status).toBe(200);
            return { transactionId, orderId, paymentId: proof.paymentId };
          }),
        );
        return { eventId: event.id, paid };
      }),
    );
    await runPendingJobs(api);
    return Promise.all(
      made.map(async ({ eventId, paid }) => ({
        eventId,
        applications: await Promise.all(
          paid.map(async (payment): Promise<PaidApplication> => {
            const { rows } = await api.db.query<{ id: string }>('SELECT id FROM application WHERE transaction_id = $1', [
              payment.transactionId,
            ]);
            return { ...payment, applicationId: rows[0]!.id };
          }),
        ),
      })),
    );
  }

  const cancel = (eventId: string) => api.http().post(`/api/v1/events/${eventId}/cancel`).set(bearer(host.token));

  it('refuses every accept that comes after the cancel (20 events × 4 applications at once): 0 captures, all released', async () => {
    const events = await eventsWithPendingApplications(20, 4);

    // Each event is cancelled, and the moment its cancel answers its four applications are accepted,
    // while the other events' cancels and accepts are still running.
    const accepts = (
      await Promise.all(
        events.map(async ({ eventId, applications }) => {
          expect((await cancel(eventId)).status).toBe(200);
          return Promise.all(applications.map((application) => decide(api, host, application.applicationId, 'accept')));
        }),
      )
    ).flat();

    expect(accepts).toHaveLength(80);
    for (const answer of accepts) {
      expect([answer.status, answer.body.code]).toEqual([409, 'event_no_longer_admits']);
      expect(answer.body.error).toBe('This event was cancelled or is over, so no one can be accepted to it. The payment will be released.');
    }
    const all = events.flatMap((event) => event.applications);
    const captures = await Promise.all(all.map((application) => outboxFor(api, 'payment.capture_requested', application.transactionId)));
    expect(captures.reduce((sum, count) => sum + count, 0)).toBe(0);
    const { rows: seats } = await api.db.query('SELECT sum(attendees_count)::int AS taken FROM event WHERE id = ANY($1::uuid[])', [
      events.map((event) => event.eventId),
    ]);
    expect(seats).toEqual([{ taken: 0 }]);

    await runPendingJobs(api);
    const { rows } = await api.db.query<{ status: string; state: string; told: number }>(
      `SELECT a.status, t.state,
              (SELECT count(*)::int FROM notification n WHERE n.application_id = a.id AND n.type = 'event_cancelled') AS told
         FROM application a JOIN payment_transaction t ON t.id = a.transaction_id WHERE a.id = ANY($1::uuid[])`,
      [all.map((application) => application.applicationId)],
    );
    expect(rows).toEqual(times(80, () => ({ status: 'cancelled', state: 'released', told: 1 })));
    const accepted = await api.db.query(
      `SELECT count(*)::int AS n FROM notification WHERE application_id = ANY($1::uuid[]) AND type = 'application_accepted'`,
      [all.map((application) => application.applicationId)],
    );
    expect(accepted.rows).toEqual([{ n: 0 }]);
    // Eighty fans sign up and pay first: over the API tier's 30 s on a loaded two-core machine.
  }, 90_000);

  it('lets an accept racing the cancel win only if it committed first: then the fan is refunded once, never charged for nothing', async () => {
    const events = await eventsWithPendingApplications(10, 3);

    const raced = await Promise.all(
      events.map(async ({ eventId, applications }) => {
        const [cancelled, ...accepts] = await Promise.all([
          cancel(eventId),
          ...applications.map((application) => decide(api, host, application.applicationId, 'accept')),
        ]);
        expect(cancelled.status).toBe(200);
        return accepts;
      }),
    );
    for (const answer of raced.flat()) {
      if (answer.status === 200) expect(answer.body.status).toBe('accepted');
      else expect([answer.status, answer.body.code]).toEqual([409, 'event_no_longer_admits']);
    }
    // Every accept that went through committed before its event's cancel, never after it.
    const { rows: late } = await api.db.query(
      `SELECT a.id FROM application a JOIN event e ON e.id = a.event_id
        WHERE a.event_id = ANY($1::uuid[]) AND a.decided_at IS NOT NULL AND a.decided_at > e.cancelled_at`,
      [events.map((event) => event.eventId)],
    );
    expect(late).toEqual([]);

    await runPendingJobs(api);
    const { rows } = await api.db.query<{ state: string; captured: boolean; refunded_amount: number }>(
      `SELECT t.state, t.captured_amount > 0 AS captured, t.refunded_amount FROM payment_transaction t
        WHERE t.id = ANY($1::uuid[])`,
      [events.flatMap((event) => event.applications.map((application) => application.transactionId))],
    );
    for (const row of rows) {
      // Accepted before the cancel: captured, then refunded in full; otherwise released untouched.
      expect(row.captured ? [row.state, row.refunded_amount] : [row.state]).toEqual(row.captured ? ['refunded', 500] : ['released']);
    }
  });

  it('still lets the host reject an application of a cancelled event (its authorisation is released once)', async () => {
    const [{ eventId, applications }] = await eventsWithPendingApplications(1, 1);
    expect((await cancel(eventId)).status).toBe(200);
    const rejected = await decide(api, host, applications[0]!.applicationId, 'reject');
    expect([rejected.status, rejected.body.status]).toEqual([200, 'rejected']);
    await runPendingJobs(api);
    expect(await outboxFor(api, 'payment.release_requested', applications[0]!.transactionId)).toBe(1);
  });

  it('answers the host of a deleted event with the same 409, not a 404', async () => {
    const [{ eventId, applications }] = await eventsWithPendingApplications(1, 1);
    await api.http().delete(`/api/v1/events/${eventId}`).set(bearer(host.token)).expect(200);
    const accept = await decide(api, host, applications[0]!.applicationId, 'accept');
    expect([accept.status, accept.body.code]).toEqual([409, 'event_no_longer_admits']);
    const stranger = await decide(api, await signUpHost(api), applications[0]!.applicationId, 'accept');
    expect(stranger.status).toBe(404);
  });

  it('refuses to accept to an event that is over', async () => {
    const [{ eventId, applications }] = await eventsWithPendingApplications(1, 1);
    await api.db.query(`UPDATE event SET date = now() - interval '3 hours', end_date = now() - interval '1 hour' WHERE id = $1`, [eventId]);
    const accept = await decide(api, host, applications[0]!.applicationId, 'accept');
    expect([accept.status, accept.body.code]).toEqual([409, 'event_no_longer_admits']);
    expect(await outboxFor(api, 'payment.capture_requested', applications[0]!.transactionId)).toBe(0);
  });
});
