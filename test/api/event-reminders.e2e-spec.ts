import { EventRemindersHandler, reminderBody } from '../../api/src/modules/applications/jobs/event-reminders.job.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide } from '../support/join-flow.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const HOUR_MS = 3_600_000;

describe('event reminders', () => {
  let api: TestApi;
  let remind: () => Promise<void>;

  beforeAll(async () => {
    api = await startTestApi();
    const handler = api.app.get(EventRemindersHandler);
    remind = () => handler.handle();
  });
  afterAll(async () => {
    await api.close();
  });

  /** An event with two accepted fans and one still pending; starts when the test moves it to. */
  async function eventWithAttendees(title: string) {
    const host = await signUpHost(api);
    const event = await createEvent(api, host, { title, min_bid: 0 });
    const fans: SignedUp[] = [];
    for (let index = 0; index < 3; index += 1) {
      const fan = await signUp(api);
      const applicationId = await applyFree(api, fan, event.id);
      if (index < 2) await decide(api, host, applicationId, 'accept').expect(200);
      fans.push(fan);
    }
    return { host, event, accepted: fans.slice(0, 2), pending: fans[2]! };
  }

  const startIn = (eventId: string, ms: number) =>
    api.db.query(`UPDATE event SET date = now() + make_interval(secs => $2 / 1000.0) WHERE id = $1`, [eventId, ms]);
  const remindersOf = async (who: SignedUp) =>
    (
      await api.db.query<{ title: string; body: string; event_id: string }>(
        `SELECT title, body, event_id FROM notification WHERE user_id = $1 AND type = 'event_reminder' ORDER BY created_at`,
        [who.user.id],
      )
    ).rows;

  it('reminds accepted fans a day before and an hour before, once each however often it runs', async () => {
    const { host, event, accepted, pending } = await eventWithAttendees('Moonlight Kayaking');
    await startIn(event.id, 23 * HOUR_MS);
    await Promise.all([remind(), remind()]);
    await remind();
    for (const fan of accepted) {
      const reminders = await remindersOf(fan);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ title: 'Event reminder', event_id: event.id });
      expect(reminders[0]!.body).toMatch(/^Moonlight Kayaking starts in 23 hours \(/);
    }
    expect(await remindersOf(pending)).toEqual([]);
    expect(await remindersOf(host)).toEqual([]);

    await startIn(event.id, 45 * 60_000);
    await Promise.all([remind(), remind()]);
    for (const fan of accepted) {
      const reminders = await remindersOf(fan);
      expect(reminders.map((reminder) => reminder.title)).toEqual(['Event reminder', 'Starting soon']);
      expect(reminders[1]!.body).toMatch(/starts in 4[45] minutes/);
    }
    const inbox = await api.http().get('/api/v1/notifications').set(bearer(accepted[0]!.token)).expect(200);
    expect(inbox.body.notifications[0]).toMatchObject({ type: 'event_reminder', title: 'Starting soon', link: `/event/${event.id}` });
  });

  it('sends only the hour-before reminder to an event already in its last hour', async () => {
    const { event, accepted } = await eventWithAttendees('Late Night Poetry');
    await startIn(event.id, 30 * 60_000);
    await remind();
    await startIn(event.id, 5 * HOUR_MS);
    await remind();
    expect((await remindersOf(accepted[0]!)).map((reminder) => reminder.title)).toEqual(['Starting soon']);
  });

  it('reminds nobody of an event that is cancelled, too far off, or over', async () => {
    const cancelled = await eventWithAttendees('Called Off');
    await startIn(cancelled.event.id, 2 * HOUR_MS);
    await api.db.query(`UPDATE event SET status = 'cancelled' WHERE id = $1`, [cancelled.event.id]);
    const far = await eventWithAttendees('Far Away');
    await startIn(far.event.id, 25 * HOUR_MS);
    const over = await eventWithAttendees('Already Over');
    await startIn(over.event.id, -HOUR_MS);
    await remind();
    for (const fan of [...cancelled.accepted, ...far.accepted, ...over.accepted]) expect(await remindersOf(fan)).toEqual([]);
  });

  it('words the time left from when it is sent', () => {
    const startsAt = new Date('2031-06-01T13:30:00Z');
    expect(reminderBody({ eventTitle: 'Jam', startsAt }, startsAt.getTime() - 24 * HOUR_MS)).toBe(
      'Jam starts in 24 hours (1 Jun, 7:00 pm).',
    );
    expect(reminderBody({ eventTitle: 'Jam', startsAt }, startsAt.getTime() - 60_000)).toBe('Jam starts in 1 minute (1 Jun, 7:00 pm).');
  });
});
