import ICAL from 'ical.js';
import {
  CalendarErrorCodes,
  CalendarMessages,
  type CalendarFeedView,
  type NewCalendarFeedView,
} from '../../api/src/contracts/calendar.contract.js';
import { bearer, makeAdmin, signUp, signUpHost, signUpNewHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide, FUTURE, QUIET_SANDBOX } from '../support/join-flow.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface Entry {
  uid: string;
  summary: string;
  sequence: number;
  status: string;
  start: string;
}

/** The VEVENTs of an iCalendar text, read by ical.js (it throws on what RFC 5545 does not allow). */
function entriesOf(text: string): Entry[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
    };
  });
}

/** Invites and feeds over HTTP: who may download, what a feed lists, SEQUENCE and cancellation, rotating and revoking. */
describe('calendar', () => {
  let api: TestApi;
  let host: SignedUp;
  let fan: SignedUp;
  let stranger: SignedUp;
  let admin: SignedUp;
  let eventId: string;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [host, fan, stranger, admin] = await Promise.all([
      signUpHost(api, { name: 'Kabir Host' }),
      signUp(api, { name: 'Meera Fan' }),
      signUp(api, { name: 'Ravi Stranger' }),
      signUp(api, { name: 'Asha Admin' }),
    ]);
    await makeAdmin(api, admin.user.id);
    eventId = (await createEvent(api, host, { title: 'Jazz & chai, Sunday', min_bid: 0, location: 'Indiranagar, Bangalore' })).id;
    await decide(api, host, await applyFree(api, fan, eventId), 'accept').expect(200);
  });
  afterAll(async () => {
    await api.close();
  });

  const invite = (who: SignedUp | null, id = eventId) => {
    const test = api.http().get(`/api/v1/events/${id}/calendar.ics`);
    return who ? test.set(bearer(who.token)) : test;
  };
  const feedRoute = (who: SignedUp) => ({
    status: () => api.http().get('/api/v1/users/me/calendar-feed').set(bearer(who.token)),
    create: () => api.http().post('/api/v1/users/me/calendar-feed').set(bearer(who.token)),
    revoke: () => api.http().delete('/api/v1/users/me/calendar-feed').set(bearer(who.token)),
  });
  /** A new feed link of `who`, as its path on the API. */
  const newFeed = async (who: SignedUp) => `/api/v1${((await feedRoute(who).create().expect(201)).body as NewCalendarFeedView).path}`;
  const feedEntries = async (path: string) => entriesOf((await api.http().get(path).expect(200)).text);
  const entryOf = (entries: Entry[], id: string) => entries.find((entry) => entry.uid === `${id}@tribe`);

  describe('the invite download', () => {
    it('gives the accepted fan, the host and an admin the event as a file to import', async () => {
      for (const who of [fan, host, admin]) {
        const response = await invite(who).expect(200);
        expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
        expect(response.headers['content-disposition']).toBe('attachment; filename="jazz-chai-sunday.ics"');
        expect(response.headers['cache-control']).toMatch(/^private/);
        expect(response.text).toContain('METHOD:PUBLISH\r\n');
        expect(entriesOf(response.text)).toEqual([
          {
            uid: `${eventId}@tribe`,
            summary: 'Jazz & chai, Sunday',
            sequence: 0,
            status: 'CONFIRMED',
            start: new Date(FUTURE).toISOString(),
          },
        ]);
      }
    });

    it('refuses a person who is not going (403), a guest (401), and hides an event they may not see (404)', async () => {
      expect((await invite(stranger).expect(403)).body).toEqual({
        error: CalendarMessages.notAttendee,
        code: CalendarErrorCodes.notAttendee,
      });
      await invite(null).expect(401);
      const pendingFan = await signUp(api);
      await applyFree(api, pendingFan, eventId);
      await invite(pendingFan).expect(403);
      const newHost = await signUpNewHost(api);
      const underReview = await createEvent(api, newHost, { title: 'Waiting for review', min_bid: 0 });
      await invite(stranger, underReview.id).expect(404);
      await invite(newHost, underReview.id).expect(200);
      await invite(fan, '00000000-0000-4000-8000-000000000000').expect(404);
    });

    it('has no invite for an event whose date is still to be decided', async () => {
      const someday = await createEvent(api, host, { title: 'Someday', min_bid: 0, date: '2099-12-31 23:59:59' });
      expect((await invite(host, someday.id).expect(409)).body).toEqual({
        error: CalendarMessages.dateToBeDecided,
        code: CalendarErrorCodes.dateToBeDecided,
      });
    });
  });

  describe('the personal feed', () => {
    it('lists the fan’s accepted events and the host’s own, without undecided dates or other people’s events', async () => {
      const elsewhere = await createEvent(api, await signUpHost(api), { title: 'Not theirs', min_bid: 0 });
      await applyFree(api, fan, elsewhere.id);
      const undecided = await createEvent(api, host, { title: 'Someday again', min_bid: 0, date: '2099-12-31 23:59:59' });

      expect((await feedRoute(fan).status().expect(200)).body).toEqual({ active: false, created_at: null });
      const fanFeed = await newFeed(fan);
      expect((await feedRoute(fan).status().expect(200)).body as CalendarFeedView).toMatchObject({ active: true });

      const response = await api.http().get(fanFeed).expect(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, max-age=300');
      expect(response.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
      expect(response.text).not.toContain('METHOD:');
      expect(entriesOf(response.text).map((entry) => entry.uid)).toEqual([`${eventId}@tribe`]);

      const hosted = await feedEntries(await newFeed(host));
      expect(entryOf(hosted, eventId)).toBeDefined();
      expect(entryOf(hosted, undecided.id)).toBeUndefined();
      expect(entryOf(hosted, elsewhere.id)).toBeUndefined();
    });

    it('moves SEQUENCE on when what the invite shows changes, not on other edits', async () => {
      const draft = await createEvent(api, host, { title: 'Poetry evening', min_bid: 0 });
      const path = await newFeed(host);
      expect(entryOf(await feedEntries(path), draft.id)).toMatchObject({ sequence: 0, summary: 'Poetry evening' });

      await api.http().put(`/api/v1/events/${draft.id}`).set(bearer(host.token)).send({ capacity: 12 }).expect(200);
      expect(entryOf(await feedEntries(path), draft.id)).toMatchObject({ sequence: 0 });

      await api.http().put(`/api/v1/events/${draft.id}`).set(bearer(host.token)).send({ title: 'Poetry night' }).expect(200);
      expect(entryOf(await feedEntries(path), draft.id)).toMatchObject({ sequence: 1, summary: 'Poetry night' });
    });

    it('shows a cancelled event as STATUS:CANCELLED with the next SEQUENCE', async () => {
      const cancelled = await createEvent(api, host, { title: 'Rooftop gig', min_bid: 0 });
      await decide(api, host, await applyFree(api, fan, cancelled.id), 'accept').expect(200);
      const path = await newFeed(fan);
      expect(entryOf(await feedEntries(path), cancelled.id)).toMatchObject({ status: 'CONFIRMED', sequence: 0 });

      await api.http().post(`/api/v1/events/${cancelled.id}/cancel`).set(bearer(host.token)).expect(200);
      // The cancellation's job ends the fan's application too: the entry stays, cancelled.
      await api.db.query(`UPDATE application SET status = 'cancelled' WHERE event_id = $1`, [cancelled.id]);
      expect(entryOf(await feedEntries(path), cancelled.id)).toMatchObject({ status: 'CANCELLED', sequence: 1 });
      const download = await invite(fan, cancelled.id).expect(200);
      expect(entriesOf(download.text)[0]).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    });

    it('stops answering the old link once the person makes a new one, and any link once revoked', async () => {
      const first = await newFeed(stranger);
      await api.http().get(first).expect(200);
      const second = await newFeed(stranger);
      expect(second).not.toBe(first);
      expect((await api.http().get(first).expect(404)).body).toEqual({
        error: CalendarMessages.feedNotFound,
        code: CalendarErrorCodes.feedNotFound,
      });
      await api.http().get(second).expect(200);

      await feedRoute(stranger).revoke().expect(204);
      await api.http().get(second).expect(404);
      expect((await feedRoute(stranger).status().expect(200)).body).toEqual({ active: false, created_at: null });
      await api.http().get('/api/v1/calendar/not-a-token.ics').expect(404);
    });

    it('keeps only the token’s hash', async () => {
      const path = await newFeed(stranger);
      const token = /\/calendar\/(.+)\.ics$/.exec(path)![1]!;
      const { rows } = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM calendar_feed WHERE user_id = $1', [
        stranger.user.id,
      ]);
      expect(rows[0]!.token_hash).not.toContain(token);
      expect(rows[0]!.token_hash).toHaveLength(64);
    });
  });
});
