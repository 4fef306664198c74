import { randomUUID } from 'node:crypto';
import { type EventView } from '../../api/src/contracts/event/event-view.js';
import {
  RatingErrorCodes,
  RatingLimits,
  RatingMessages,
  type MyRatingsView,
  type RatingStatsView,
  type RatingView,
  type ReviewPageView,
} from '../../api/src/contracts/ratings.contract.js';
import { RatingPromptsHandler } from '../../api/src/modules/ratings/jobs/rating-prompts.job.js';
import { RecountHostRatingHandler } from '../../api/src/modules/ratings/jobs/recount-host-rating.job.js';
import { RatingsErasureStep } from '../../api/src/modules/ratings/ratings-erasure.step.js';
import { AccountEraseHandler } from '../../api/src/modules/users/jobs/account-erase.job.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, applyFree, createEvent, decide, QUIET_SANDBOX, times } from '../support/join-flow.js';
import { waitingOnALock, waitUntil } from '../support/poll.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

type Stars = { hostRating: number; eventRating: number; hostReview?: string | null; eventReview?: string | null };

/** Ratings over HTTP: who may rate, changing and taking back, the host's average under load, reads, replies, reports, prompts, erasure. */
describe('ratings', () => {
  let api: TestApi;
  let host: SignedUp;
  let admin: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [host, admin] = await Promise.all([signUpHost(api, { name: 'Kabir Host' }), signUp(api, { name: 'Asha Admin' })]);
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  /** The ratings routes as one person (or a guest) calls them. */
  const as = (who: SignedUp | null) => {
    const auth = (test: ReturnType<ReturnType<TestApi['http']>['get']>) => (who ? test.set(bearer(who.token)) : test);
    const base = '/api/v1/ratings';
    return {
      rate: (eventId: string, stars: Stars = { hostRating: 5, eventRating: 4 }) => auth(api.http().post(base)).send({ eventId, ...stars }),
      edit: (id: string, stars: Stars) => auth(api.http().put(`${base}/${id}`)).send(stars),
      remove: (id: string) => auth(api.http().delete(`${base}/${id}`)),
      mine: () => auth(api.http().get(`${base}/user`)),
      reviews: (hostId: string, query = '') => auth(api.http().get(`${base}/influencer/${hostId}${query}`)),
      stats: (hostId: string) => auth(api.http().get(`${base}/influencer/${hostId}/stats`)),
      reply: (id: string, text: string) => auth(api.http().put(`${base}/${id}/reply`)).send({ text }),
      unreply: (id: string) => auth(api.http().delete(`${base}/${id}/reply`)),
      report: (id: string, body: object) => auth(api.http().post(`${base}/${id}/report`)).send(body),
      adminReports: (query = '') => auth(api.http().get(`/api/v1/admin/rating-reports${query}`)),
      closeReports: (id: string, outcome: 'act' | 'dismiss', reason: string) =>
        auth(api.http().post(`/api/v1/admin/reports/review/${id}/${outcome}`)).send({ reason }),
    };
  };

  const error = (message: string, code: string) => ({ error: message, code });

  /** A free event of `by` with these fans accepted, moved into the past (it ended 21 hours ago). */
  async function endedEvent(fans: SignedUp[], by = host, title = 'Jazz night'): Promise<string> {
    const event = await createEvent(api, by, { title, min_bid: 0, capacity: fans.length + 1 });
    await Promise.all(fans.map(async (fan) => decide(api, by, await applyFree(api, fan, event.id), 'accept').expect(200)));
    await moveStart(event.id, "now() - interval '1 day'");
    return event.id;
  }

  const moveStart = (eventId: string, start: string) =>
    api.db.query(`UPDATE event SET date = ${start}, end_date = NULL WHERE id = $1`, [eventId]);

  async function rated(who: SignedUp, eventId: string, stars?: Stars): Promise<RatingView> {
    const response = await as(who).rate(eventId, stars);
    if (response.status !== 201) throw new Error(`rating answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as RatingView;
  }

  const ratingsOfEvent = async (eventId: string) => (await api.db.query('SELECT 1 FROM rating WHERE event_id = $1', [eventId])).rowCount;
  const storedRating = async (hostId: string) =>
    (await api.db.query<{ rating: string | null }>('SELECT rating FROM users WHERE id = $1', [hostId])).rows[0]!.rating;
  const statsOf = async (hostId: string) => (await as(null).stats(hostId).expect(200)).body as RatingStatsView;

  describe('who may rate', () => {
    it('refuses a guest with the spec’s sentence', async () => {
      const eventId = await endedEvent([]);
      expect((await as(null).rate(eventId).expect(401)).body).toEqual({ error: RatingMessages.loginRequired, code: 'unauthorized' });
    });

    it('refuses whoever was not accepted: never applied, pending, rejected, and the host themself', async () => {
      const [accepted, pending, rejected, stranger] = await Promise.all(times(4, () => signUp(api)));
      const event = await createEvent(api, host, { min_bid: 0 });
      await decide(api, host, await applyFree(api, accepted!, event.id), 'accept').expect(200);
      await applyFree(api, pending!, event.id);
      await decide(api, host, await applyFree(api, rejected!, event.id), 'reject').expect(200);
      await moveStart(event.id, "now() - interval '1 day'");

      const refused = error(RatingMessages.notAttendee, RatingErrorCodes.notAttendee);
      for (const who of [stranger!, pending!, rejected!, host]) expect((await as(who).rate(event.id).expect(403)).body).toEqual(refused);
      expect(await ratingsOfEvent(event.id)).toBe(0);
      await as(accepted!).rate(event.id).expect(201);
    });

    it('refuses before the event has ended: without an end, it lasts the default hours', async () => {
      const fan = await signUp(api);
      const event = await createEvent(api, host, { min_bid: 0 });
      await decide(api, host, await applyFree(api, fan, event.id), 'accept').expect(200);
      const notEnded = error(RatingMessages.notEnded, RatingErrorCodes.notEnded);
      expect((await as(fan).rate(event.id).expect(403)).body).toEqual(notEnded);

      await moveStart(event.id, "now() - interval '1 hour'");
      expect((await as(fan).rate(event.id).expect(403)).body).toEqual(notEnded);
      await api.db.query(`UPDATE event SET end_date = now() - interval '1 minute' WHERE id = $1`, [event.id]);
      await as(fan).rate(event.id).expect(201);

      const later = await createEvent(api, host, { min_bid: 0 });
      await decide(api, host, await applyFree(api, fan, later.id), 'accept').expect(200);
      await moveStart(later.id, `now() - interval '${RatingLimits.defaultDurationHours} hours 1 minute'`);
      await as(fan).rate(later.id).expect(201);
    });

    it('refuses a cancelled event, a deleted one and one that does not exist', async () => {
      const fan = await signUp(api);
      const cancelled = await createEvent(api, host, { min_bid: 0 });
      await decide(api, host, await applyFree(api, fan, cancelled.id), 'accept').expect(200);
      await api.http().post(`/api/v1/events/${cancelled.id}/cancel`).set(bearer(host.token)).expect(200);
      await moveStart(cancelled.id, "now() - interval '1 day'");
      expect((await as(fan).rate(cancelled.id).expect(403)).body).toEqual(error(RatingMessages.notAttendee, RatingErrorCodes.notAttendee));

      const deleted = await endedEvent([fan]);
      await api.db.query('UPDATE event SET deleted_at = now() WHERE id = $1', [deleted]);
      const notFound = error(RatingMessages.eventNotFound, 'event_not_found');
      expect((await as(fan).rate(deleted).expect(404)).body).toEqual(notFound);
      expect((await as(fan).rate(randomUUID()).expect(404)).body).toEqual(notFound);
    });

    it('refuses a booking whose payment was refunded', async () => {
      const [refunded, paying] = await Promise.all([signUp(api), signUp(api)]);
      const event = await createEvent(api, host, { min_bid: 500 });
      const paid = await applyAndPay(api, refunded, event.id);
      const kept = await applyAndPay(api, paying, event.id);
      await decide(api, host, paid.applicationId, 'accept').expect(200);
      await decide(api, host, kept.applicationId, 'accept').expect(200);
      await runPendingJobs(api);
      await api
        .http()
        .post('/api/v1/payments/refund')
        .set(bearer(host.token))
        .send({ transactionId: paid.transactionId, amount: 500 })
        .expect(200);
      await moveStart(event.id, "now() - interval '1 day'");
      // Refused as soon as the refund is asked for, while the provider has not processed it yet.
      expect((await as(refunded).rate(event.id).expect(403)).body).toEqual(error(RatingMessages.refunded, RatingErrorCodes.refunded));
      await runPendingJobs(api);

      expect((await as(refunded).rate(event.id).expect(403)).body).toEqual(error(RatingMessages.refunded, RatingErrorCodes.refunded));
      expect((await rated(paying, event.id)).applicationId).toBe(kept.applicationId);
    });

    it('refuses stars outside 1–5 and reviews over the limit, with the field named', async () => {
      const fan = await signUp(api);
      const eventId = await endedEvent([fan]);
      const six = await as(fan).rate(eventId, { hostRating: 6, eventRating: 4 }).expect(400);
      expect(six.body.error).toContain(`hostRating: ${RatingMessages.starsRange}`);
      const half = await as(fan).rate(eventId, { hostRating: 4, eventRating: 3.5 }).expect(400);
      expect(half.body.error).toContain(`eventRating: ${RatingMessages.starsRange}`);
      const long = 'a'.repeat(RatingLimits.reviewMaxLength + 1);
      expect((await as(fan).rate(eventId, { hostRating: 4, eventRating: 4, hostReview: long }).expect(400)).body.error).toContain(
        'hostReview',
      );
      expect(await ratingsOfEvent(eventId)).toBe(0);
    });

    it('stores one rating per event: trimmed words, the mean of the stars, the spec’s message; twice is 409, also at once', async () => {
      const [fan, twice] = await Promise.all([signUp(api, { name: 'Priya Rater' }), signUp(api)]);
      const solo = await signUpHost(api, { name: 'Solo Host' });
      const eventId = await endedEvent([fan, twice], solo, 'Monsoon jam');

      const given = await as(fan)
        .rate(eventId, { hostRating: 4, eventRating: 5, hostReview: '  Warm and on time \n', eventReview: '   ' })
        .expect(201);
      expect(given.body).toMatchObject({
        raterId: fan.user.id,
        ratedInfluencerId: solo.user.id,
        eventId,
        hostRating: 4,
        eventRating: 5,
        hostReview: 'Warm and on time',
        eventReview: null,
        averageRating: 4.5,
        status: 'published',
        rater: { id: fan.user.id, name: 'Priya Rater', avatarUrl: null },
        ratedInfluencer: { id: solo.user.id, name: 'Solo Host' },
        event: { id: eventId, title: 'Monsoon jam' },
        reply: null,
        canEdit: true,
        message: RatingMessages.submitted,
      });
      expect(await storedRating(solo.user.id)).toBe('4.50');
      expect((await as(fan).rate(eventId).expect(409)).body).toEqual(error(RatingMessages.alreadyRated, RatingErrorCodes.alreadyRated));

      const answers = await Promise.all(times(2, () => as(twice).rate(eventId, { hostRating: 2, eventRating: 3 })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(await storedRating(solo.user.id)).toBe('3.50');
    });
  });

  describe('changing and taking back', () => {
    let rater: SignedUp;
    let other: SignedUp;
    let solo: SignedUp;
    let rating: RatingView;

    beforeAll(async () => {
      [rater, other, solo] = await Promise.all([signUp(api), signUp(api), signUpHost(api)]);
      const eventId = await endedEvent([rater, other], solo);
      rating = await rated(rater, eventId, { hostRating: 2, eventRating: 2, hostReview: 'Late' });
      await rated(other, eventId, { hostRating: 5, eventRating: 5 });
    });

    it('lets only the rater edit, within the window; the host’s rating follows', async () => {
      const changed = { hostRating: 4, eventRating: 5, hostReview: 'Late, but worth it' };
      const notYours = error(RatingMessages.notYourRating, 'forbidden');
      expect((await as(other).edit(rating.id, changed).expect(403)).body).toEqual(notYours);
      expect((await as(solo).edit(rating.id, changed).expect(403)).body).toEqual(notYours);
      await as(null).edit(rating.id, changed).expect(401);

      const edited = (await as(rater).edit(rating.id, changed).expect(200)).body as RatingView;
      expect(edited).toMatchObject({ ...changed, eventReview: null, averageRating: 4.5, canEdit: true, message: RatingMessages.updated });
      expect(await storedRating(solo.user.id)).toBe('4.75');

      await api.db.query(`UPDATE rating SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [
        rating.id,
        RatingLimits.editWindowDays + 1,
      ]);
      expect((await as(rater).edit(rating.id, changed).expect(403)).body).toEqual(
        error(RatingMessages.editWindowOver, RatingErrorCodes.editWindowOver),
      );
      const mine = (await as(rater).mine().expect(200)).body as MyRatingsView;
      expect(mine.ratings.find(({ id }) => id === rating.id)?.canEdit).toBe(false);
    });

    it('lets only the rater delete, at any time; then it is gone for everyone and stops counting', async () => {
      await as(other).remove(rating.id).expect(403);
      await as(rater).remove(rating.id).expect(204);
      expect(await storedRating(solo.user.id)).toBe('5.00');
      const card = await api.db.query('SELECT rating_count FROM users WHERE id = $1', [solo.user.id]);
      expect(card.rows).toEqual([{ rating_count: 1 }]);
      const notFound = error(RatingMessages.ratingNotFound, RatingErrorCodes.ratingNotFound);
      expect((await as(rater).remove(rating.id).expect(404)).body).toEqual(notFound);
      expect((await as(rater).edit(rating.id, { hostRating: 3, eventRating: 3 }).expect(404)).body).toEqual(notFound);
      expect(((await as(null).reviews(solo.user.id).expect(200)).body as ReviewPageView).pagination.total).toBe(1);
    });

    it('lets an admin remove a rating as the queue acts on it: its reports closed, audited, reporters told; 404 to everyone after, not counted', async () => {
      const [fan, fan2, reporter] = await Promise.all([signUp(api), signUp(api), signUp(api)]);
      const moderated = await signUpHost(api);
      const eventId = await endedEvent([fan, fan2], moderated);
      const bad = await rated(fan, eventId, { hostRating: 1, eventRating: 1, hostReview: 'Spam spam' });
      await rated(fan2, eventId, { hostRating: 4, eventRating: 4 });
      expect(await storedRating(moderated.user.id)).toBe('2.50');
      await as(reporter).report(bad.id, { reason: 'spam' }).expect(201);

      await as(admin).remove(bad.id).expect(204);
      expect((await api.db.query('SELECT status FROM rating WHERE id = $1', [bad.id])).rows).toEqual([{ status: 'removed' }]);
      const audited = await api.db.query('SELECT admin_id, action, record_type, before, after FROM admin_audit WHERE record_id = $1', [
        bad.id,
      ]);
      expect(audited.rows).toEqual([
        {
          admin_id: admin.user.id,
          action: 'review.removed',
          record_type: 'review',
          before: expect.objectContaining({ status: 'published', openReports: 1, text: expect.stringContaining('Spam spam') }),
          after: expect.objectContaining({ status: 'removed', outcome: 'acted' }),
        },
      ]);
      const reports = await api.db.query('SELECT status, outcome FROM rating_report WHERE rating_id = $1', [bad.id]);
      expect(reports.rows).toEqual([{ status: 'closed', outcome: 'acted' }]);
      expect(
        ((await as(admin).adminReports().expect(200)).body.data as Array<{ ratingId: string }>).map(({ ratingId }) => ratingId),
      ).not.toContain(bad.id);
      const told = (await api.http().get('/api/v1/notifications').set(bearer(reporter.token)).expect(200)).body.notifications as Array<{
        type: string;
      }>;
      expect(told.map(({ type }) => type)).toEqual(['report_outcome']);
      expect(await storedRating(moderated.user.id)).toBe('4.00');
      expect(await statsOf(moderated.user.id)).toMatchObject({ totalRatings: 1, averageRating: 4 });
      await as(fan).edit(bad.id, { hostRating: 5, eventRating: 5 }).expect(404);
      await as(fan).remove(bad.id).expect(404);
      await as(moderated).reply(bad.id, 'Sorry').expect(404);
      await as(fan2).report(bad.id, { reason: 'spam' }).expect(404);
      expect(((await as(fan).mine().expect(200)).body as MyRatingsView).ratings).toEqual([]);
      // A removed rating still blocks a second one for the same event.
      await as(fan).rate(eventId).expect(409);
    });
  });

  it('shows a new, edited or removed rating on the host’s event pages at once', async () => {
    const [fan, potter] = await Promise.all([signUp(api), signUpHost(api, { name: 'Meera Potter' })]);
    const eventId = await endedEvent([fan], potter, 'Pottery evening');
    const hostOnPage = async () => ((await api.http().get(`/api/v1/events/${eventId}/public`).expect(200)).body as EventView).host;
    // Read once, so the page is in the API's cache before each change.
    expect(await hostOnPage()).toMatchObject({ rating: null, rating_count: 0 });
    const rating = await rated(fan, eventId, { hostRating: 3, eventRating: 3 });
    expect(await hostOnPage()).toMatchObject({ rating: 3, rating_count: 1 });
    await as(fan).edit(rating.id, { hostRating: 5, eventRating: 5 }).expect(200);
    expect(await hostOnPage()).toMatchObject({ rating: 5, rating_count: 1 });
    await as(fan).remove(rating.id).expect(204);
    expect(await hostOnPage()).toMatchObject({ rating: null, rating_count: 0 });
  });

  it('counts 50 ratings of one host sent at once exactly: the stats and the host’s rating agree', async () => {
    const busy = await signUpHost(api, { name: 'Busy Host' });
    const fans = await Promise.all(times(50, () => signUp(api)));
    const events = await Promise.all([endedEvent(fans.slice(0, 25), busy, 'First'), endedEvent(fans.slice(25), busy, 'Second')]);
    const stars = fans.map((_, index) => ({ hostRating: 1 + (index % 5), eventRating: 1 + ((index * 3 + 2) % 5) }));

    const answers = await Promise.all(fans.map((fan, index) => as(fan).rate(events[index < 25 ? 0 : 1]!, stars[index])));
    expect(answers.map((answer) => answer.status)).toEqual(times(50, () => 201));

    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const halves = stars.map(({ hostRating, eventRating }) => hostRating + eventRating);
    const histogram = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const half of halves) histogram[String(Math.round(half / 2)) as keyof typeof histogram] += 1;
    // 50 ratings: every mean is a whole number of hundredths, so no rounding hides a lost update.
    const stats = await statsOf(busy.user.id);
    expect(stats).toEqual({
      influencerId: busy.user.id,
      totalRatings: 50,
      averageRating: sum(halves) / 100,
      averageHostRating: sum(stars.map(({ hostRating }) => hostRating)) / 50,
      averageEventRating: sum(stars.map(({ eventRating }) => eventRating)) / 50,
      eventCount: 2,
      status: expect.any(String),
      statusDescription: expect.any(String),
      histogram,
    });
    expect(Number(await storedRating(busy.user.id))).toBe(stats.averageRating);
    const profile = await api.http().get(`/api/v1/users/${busy.user.id}`).set(bearer(fans[0]!.token)).expect(200);
    expect(profile.body).toMatchObject({ rating: stats.averageRating, rating_count: 50 });
    const event = await api.http().get(`/api/v1/events/${events[0]}`).set(bearer(fans[0]!.token)).expect(200);
    expect(event.body.host).toMatchObject({ rating: stats.averageRating, rating_count: 50 });
  });

  describe('reading', () => {
    let reader: SignedUp;
    let reviewed: SignedUp;
    let first: string;
    let second: string;
    let ratings: RatingView[];

    beforeAll(async () => {
      reviewed = await signUpHost(api, { name: 'Meera Host' });
      const fans = await Promise.all(times(3, (index) => signUp(api, { name: `Fan ${index}` })));
      reader = fans[0]!;
      first = await endedEvent(fans, reviewed, 'Temple walk');
      second = await endedEvent([reader], reviewed, 'Food walk');
      ratings = [];
      for (const [index, fan] of fans.entries()) ratings.push(await rated(fan, first, { hostRating: 5, eventRating: 3 + (index % 3) }));
    });

    it('pages a host’s reviews newest first for a guest, and filters them by event', async () => {
      const page1 = (await as(null).reviews(reviewed.user.id, '?limit=2').expect(200)).body as ReviewPageView;
      expect(page1.ratings.map(({ id }) => id)).toEqual([ratings[2]!.id, ratings[1]!.id]);
      expect(page1.pagination).toEqual({ page: 1, limit: 2, total: 3, totalExact: true, totalPages: 2, hasNext: true, hasPrev: false });
      expect(page1.ratings.every(({ canEdit }) => !canEdit)).toBe(true);
      expect(page1.ratings[0]).toMatchObject({ rater: { name: 'Fan 2' }, event: { id: first, title: 'Temple walk' }, reply: null });
      const page2 = (await as(null).reviews(reviewed.user.id, '?limit=2&page=2').expect(200)).body as ReviewPageView;
      expect(page2.ratings.map(({ id }) => id)).toEqual([ratings[0]!.id]);

      await rated(reader, second, { hostRating: 4, eventRating: 4 });
      const ofSecond = (await as(reader).reviews(reviewed.user.id, `?eventId=${second}`).expect(200)).body as ReviewPageView;
      expect(ofSecond.ratings).toEqual([expect.objectContaining({ eventId: second, canEdit: true })]);
      expect(ofSecond.pagination.total).toBe(1);
      expect((await as(null).reviews(reviewed.user.id, '?eventId=nope').expect(400)).body.error).toContain('eventId');
    });

    it('gives a host’s stats to a guest, and 404 for no such person', async () => {
      // 4, 4.5, 5 and 4: the mean 4.375 is rounded half up.
      expect(await statsOf(reviewed.user.id)).toMatchObject({
        totalRatings: 4,
        averageRating: 4.38,
        averageHostRating: 4.75,
        averageEventRating: 4,
        eventCount: 2,
        status: 'great',
        histogram: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 2 },
      });
      expect(await storedRating(reviewed.user.id)).toBe('4.38');
      const fresh = await signUpHost(api);
      expect(await statsOf(fresh.user.id)).toMatchObject({
        totalRatings: 0,
        averageRating: null,
        status: 'new',
        histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
      });
      expect((await as(null).stats(randomUUID()).expect(404)).body.error).toBe('User not found.');
      await as(null).reviews(randomUUID()).expect(404);
    });

    it('lists the caller’s ratings newest first and the attended, ended events still to rate', async () => {
      const fan = await signUp(api);
      const [ratedEvent, toRate, later] = [
        await endedEvent([fan], reviewed, 'Rated'),
        await endedEvent([fan], reviewed, 'To rate'),
        await endedEvent([fan], reviewed, 'Later to rate'),
      ];
      await moveStart(later, "now() - interval '2 hours'");
      const upcoming = await createEvent(api, reviewed, { min_bid: 0 });
      await decide(api, reviewed, await applyFree(api, fan, upcoming.id), 'accept').expect(200);
      const given = await rated(fan, ratedEvent);

      const mine = (await as(fan).mine().expect(200)).body as MyRatingsView;
      expect(mine.ratings.map(({ id }) => id)).toEqual([given.id]);
      expect(mine.awaiting).toEqual([
        {
          event: { id: toRate, title: 'To rate', date: expect.any(String), hostId: reviewed.user.id, hostName: 'Meera Host', image: null },
          applicationId: expect.any(String),
        },
      ]);
      await moveStart(later, "now() - interval '5 hours'");
      const after = (await as(fan).mine().expect(200)).body as MyRatingsView;
      expect(after.awaiting.map(({ event }) => event.id)).toEqual([later, toRate]);
      await as(null).mine().expect(401);
    });
  });

  describe('the host’s reply', () => {
    it('is the rated host’s alone; the rater hears of the first reply once', async () => {
      const [fan, other] = await Promise.all([signUp(api), signUp(api)]);
      const replying = await signUpHost(api, { name: 'Zoya Host' });
      const eventId = await endedEvent([fan, other], replying, 'Cooking class');
      const rating = await rated(fan, eventId, { hostRating: 3, eventRating: 4, hostReview: 'Too salty' });

      const notHers = error(RatingMessages.notYourReview, 'forbidden');
      expect((await as(other).reply(rating.id, 'Not mine').expect(403)).body).toEqual(notHers);
      expect((await as(host).reply(rating.id, 'Not mine').expect(403)).body).toEqual(notHers);
      expect((await as(replying).reply(rating.id, '   ').expect(400)).body.error).toContain(RatingMessages.emptyReply);

      const replied = (await as(replying).reply(rating.id, ' Thanks, noted! ').expect(200)).body as RatingView;
      expect(replied.reply).toEqual({ text: 'Thanks, noted!', repliedAt: expect.any(String), editedAt: null });
      const edited = (await as(replying).reply(rating.id, 'Thanks, less salt next time').expect(200)).body as RatingView;
      expect(edited.reply).toEqual({
        text: 'Thanks, less salt next time',
        repliedAt: replied.reply!.repliedAt,
        editedAt: expect.any(String),
      });
      expect(((await as(null).reviews(replying.user.id).expect(200)).body as ReviewPageView).ratings[0]!.reply?.text).toBe(
        'Thanks, less salt next time',
      );

      expect(((await as(replying).unreply(rating.id).expect(200)).body as RatingView).reply).toBeNull();
      await as(replying).reply(rating.id, 'Written again').expect(200);
      await as(other).unreply(rating.id).expect(403);

      const told = await api.db.query('SELECT fan_id, event_id, dedupe_key FROM notification WHERE user_id = $1 AND type = $2', [
        fan.user.id,
        'review_reply',
      ]);
      expect(told.rows).toEqual([{ fan_id: replying.user.id, event_id: eventId, dedupe_key: `review_reply:${rating.id}` }]);
    });
  });

  describe('reports', () => {
    it('takes one open report per person and review, not of one’s own; admins list them', async () => {
      const [fan, reporter] = await Promise.all([signUp(api, { name: 'Loud Fan' }), signUp(api, { name: 'Careful Reporter' })]);
      const eventId = await endedEvent([fan]);
      const rating = await rated(fan, eventId, { hostRating: 1, eventRating: 1, hostReview: 'Worst host ever, call him at 98…' });

      const report = await as(reporter).report(rating.id, { reason: 'personal_information', details: ' Shares a number ' }).expect(201);
      expect(report.body).toEqual({
        id: expect.any(String),
        ratingId: rating.id,
        reason: 'personal_information',
        details: 'Shares a number',
        status: 'open',
        createdAt: expect.any(String),
        message: RatingMessages.reported,
      });
      expect((await as(reporter).report(rating.id, { reason: 'spam' }).expect(409)).body).toEqual(
        error(RatingMessages.reportAlreadyOpen, RatingErrorCodes.reportAlreadyOpen),
      );
      expect((await as(fan).report(rating.id, { reason: 'spam' }).expect(400)).body).toEqual(
        error(RatingMessages.cannotReportOwn, RatingErrorCodes.cannotReportOwn),
      );
      expect((await as(reporter).report(rating.id, { reason: 'other' }).expect(400)).body.error).toContain('details');
      await as(null).report(rating.id, { reason: 'spam' }).expect(401);
      await as(reporter).report(randomUUID(), { reason: 'spam' }).expect(404);

      await as(fan).adminReports().expect(403);
      await as(null).adminReports().expect(401);
      const listed = (await as(admin).adminReports().expect(200)).body;
      expect(listed.data.find((row: { id: string }) => row.id === report.body.id)).toEqual({
        id: report.body.id,
        ratingId: rating.id,
        reason: 'personal_information',
        details: 'Shares a number',
        status: 'open',
        createdAt: expect.any(String),
        reporter: { id: reporter.user.id, name: 'Careful Reporter' },
        rating: {
          hostRating: 1,
          eventRating: 1,
          hostReview: 'Worst host ever, call him at 98…',
          eventReview: null,
          removed: false,
          rater: { id: fan.user.id, name: 'Loud Fan', deleted: false },
          ratedInfluencer: { id: host.user.id, name: 'Kabir Host' },
          event: { id: eventId, title: 'Jazz night' },
        },
      });
      expect(listed.pagination).toMatchObject({ page: 1, total: expect.any(Number) });
    });
  });

  describe('a suspended rater', () => {
    it('has their reviews hidden and their stars uncounted while suspended, both back once restored', async () => {
      const [spammer, fair] = await Promise.all([signUp(api, { name: 'Spam Rater' }), signUp(api)]);
      const rated1 = await signUpHost(api);
      const eventId = await endedEvent([spammer, fair], rated1);
      await rated(spammer, eventId, { hostRating: 1, eventRating: 1, hostReview: 'Visit my channel' });
      await rated(fair, eventId, { hostRating: 5, eventRating: 5, hostReview: 'Lovely evening' });
      expect(await storedRating(rated1.user.id)).toBe('3.00');
      const shown = async () =>
        ((await as(null).reviews(rated1.user.id).expect(200)).body as ReviewPageView).ratings.map(({ hostReview }) => hostReview);

      const adminApi = (action: 'suspend' | 'restore') =>
        api.http().post(`/api/v1/admin/users/${spammer.user.id}/${action}`).set(bearer(admin.token)).send({ reason: 'Review spam' });
      await adminApi('suspend').expect(200);
      expect(await shown()).toEqual(['Lovely evening']);
      expect(await statsOf(rated1.user.id)).toMatchObject({ totalRatings: 1, averageRating: 5 });
      // The host's card follows once the recount the suspension queued has run.
      await runPendingJobs(api);
      expect(await storedRating(rated1.user.id)).toBe('5.00');

      await adminApi('restore').expect(200);
      expect((await shown()).sort()).toEqual(['Lovely evening', 'Visit my channel']);
      await runPendingJobs(api);
      expect(await storedRating(rated1.user.id)).toBe('3.00');
      expect(await statsOf(rated1.user.id)).toMatchObject({ totalRatings: 2, averageRating: 3 });
    });

    it('leaves the reconciler a host whose stored rating disagrees with what counts, and the recount puts it right', async () => {
      const [fan] = await Promise.all([signUp(api)]);
      const drifted = await signUpHost(api);
      await rated(fan, await endedEvent([fan], drifted), { hostRating: 4, eventRating: 4 });
      await api.db.query(`UPDATE users SET rating = 1.00, rating_count = 7 WHERE id = $1`, [drifted.user.id]);
      const recount = api.app.get(RecountHostRatingHandler);
      const due = await recount.findDue(1000);
      expect(due).toContainEqual({ hostId: drifted.user.id });
      for (const job of due) await recount.handle({ ...job, outboxId: randomUUID() });
      expect(await storedRating(drifted.user.id)).toBe('4.00');
      expect(await recount.findDue(1000)).toEqual([]);
    });
  });

  describe('a reported review its rater deletes', () => {
    it('is withdrawn, not deleted: hidden and uncounted, its reports kept for the queue, not posted again; removing it records the moderation', async () => {
      const [fan, fan2, reporter] = await Promise.all([signUp(api), signUp(api), signUp(api)]);
      const reviewed = await signUpHost(api);
      const eventId = await endedEvent([fan, fan2], reviewed);
      const abusive = await rated(fan, eventId, { hostRating: 1, eventRating: 1, hostReview: 'Abusive words' });
      await rated(fan2, eventId, { hostRating: 4, eventRating: 4 });
      await as(reporter).report(abusive.id, { reason: 'harassment' }).expect(201);

      await as(fan).remove(abusive.id).expect(204);
      expect((await api.db.query('SELECT status FROM rating WHERE id = $1', [abusive.id])).rows).toEqual([{ status: 'withdrawn' }]);
      expect(await storedRating(reviewed.user.id)).toBe('4.00');
      expect(await statsOf(reviewed.user.id)).toMatchObject({ totalRatings: 1, averageRating: 4 });
      expect(((await as(fan).mine().expect(200)).body as MyRatingsView).ratings).toEqual([]);
      await as(fan).remove(abusive.id).expect(404);
      // Not written again under a clean slate.
      await as(fan).rate(eventId).expect(409);
      const queued = (await as(admin).adminReports().expect(200)).body.data.find(
        (row: { ratingId: string }) => row.ratingId === abusive.id,
      );
      expect(queued).toMatchObject({ status: 'open', rating: { hostReview: 'Abusive words', removed: true } });

      await as(admin).closeReports(abusive.id, 'act', 'Abusive review').expect(200);
      expect((await api.db.query('SELECT status FROM rating WHERE id = $1', [abusive.id])).rows).toEqual([{ status: 'removed' }]);
      const audited = await api.db.query('SELECT action, before, after FROM admin_audit WHERE record_id = $1', [abusive.id]);
      expect(audited.rows).toEqual([
        {
          action: 'review.removed',
          before: expect.objectContaining({ status: 'withdrawn' }),
          after: expect.objectContaining({ status: 'removed' }),
        },
      ]);
      expect(await storedRating(reviewed.user.id)).toBe('4.00');

      // Without open reports, deleting is deleting: the row goes, and the fan may rate again.
      const fine = await rated(fan2, await endedEvent([fan2], reviewed, 'Second night'));
      await as(fan2).remove(fine.id).expect(204);
      expect((await api.db.query('SELECT 1 FROM rating WHERE id = $1', [fine.id])).rowCount).toBe(0);
    });

    it('cannot be edited by its rater while its reports are open (the queue judges the words reported); once they are closed it can', async () => {
      const [fan, reporter] = await Promise.all([signUp(api), signUp(api)]);
      const eventId = await endedEvent([fan], host, 'Poetry night');
      const review = await rated(fan, eventId, { hostRating: 1, eventRating: 1, hostReview: 'Insulting words' });
      await as(reporter).report(review.id, { reason: 'harassment' }).expect(201);

      const refused = await as(fan).edit(review.id, { hostRating: 5, eventRating: 5, hostReview: 'Lovely host' }).expect(409);
      expect(refused.body).toEqual(error(RatingMessages.underReview, RatingErrorCodes.underReview));
      expect((await api.db.query('SELECT host_rating, host_review FROM rating WHERE id = $1', [review.id])).rows).toEqual([
        { host_rating: 1, host_review: 'Insulting words' },
      ]);
      const queued = (await as(admin).adminReports().expect(200)).body.data.find((row: { ratingId: string }) => row.ratingId === review.id);
      expect(queued).toMatchObject({ rating: { hostReview: 'Insulting words' } });

      await as(admin).closeReports(review.id, 'dismiss', 'Harsh, not abusive').expect(200);
      await as(fan).edit(review.id, { hostRating: 3, eventRating: 3, hostReview: 'Calmer now' }).expect(200);
    });

    it('lets its rater rate the event again once its reports are dismissed, and only then', async () => {
      const [fan, reporter] = await Promise.all([signUp(api), signUp(api)]);
      const eventId = await endedEvent([fan], host, 'Open mic');
      const regretted = await rated(fan, eventId, { hostRating: 1, eventRating: 2, hostReview: 'Said in anger' });
      await as(reporter).report(regretted.id, { reason: 'harassment' }).expect(201);
      await as(fan).remove(regretted.id).expect(204);
      const awaiting = async () => ((await as(fan).mine().expect(200)).body as MyRatingsView).awaiting.map(({ event }) => event.id);
      expect(await awaiting()).not.toContain(eventId);
      expect((await as(fan).rate(eventId).expect(409)).body).toEqual(error(RatingMessages.alreadyRated, RatingErrorCodes.alreadyRated));

      await as(admin).closeReports(regretted.id, 'dismiss', 'Harsh, not abusive').expect(200);
      expect(await awaiting()).toContain(eventId);
      const again = await rated(fan, eventId, { hostRating: 3, eventRating: 4, hostReview: 'Calmer now' });
      expect(((await as(fan).mine().expect(200)).body as MyRatingsView).ratings.map(({ id }) => id)).toContain(again.id);
      expect(await awaiting()).not.toContain(eventId);
      // Still once: a third is refused, and the withdrawn review stays withdrawn for the queue's history.
      await as(fan).rate(eventId).expect(409);
      expect((await api.db.query('SELECT status FROM rating WHERE id = $1', [regretted.id])).rows).toEqual([{ status: 'withdrawn' }]);
    });
  });

  it('keeps a report written while its rater deletes the review: the review is withdrawn, the report stays', async () => {
    const [fan, reporter] = await Promise.all([signUp(api), signUp(api)]);
    const rating = await rated(fan, await endedEvent([fan]), { hostRating: 1, eventRating: 1, hostReview: 'Rude words' });
    const writing = await api.db.connect();
    try {
      await writing.query('BEGIN');
      await writing.query(`INSERT INTO rating_report (reporter_id, rating_id, reason) VALUES ($1, $2, 'harassment')`, [
        reporter.user.id,
        rating.id,
      ]);
      const deleting = as(fan)
        .remove(rating.id)
        .then((response) => response.status);
      await waitUntil(() => waitingOnALock(api.db), 'the delete to wait for the report');
      await writing.query('COMMIT');
      expect(await deleting).toBe(204);
    } finally {
      writing.release();
    }
    expect((await api.db.query('SELECT status FROM rating WHERE id = $1', [rating.id])).rows).toEqual([{ status: 'withdrawn' }]);
    expect((await api.db.query('SELECT status FROM rating_report WHERE rating_id = $1', [rating.id])).rows).toEqual([{ status: 'open' }]);
  });

  it('answers 404 to a report that waited for its rater withdrawing the review, and lands nothing on it', async () => {
    const [fan, first, late] = await Promise.all([signUp(api), signUp(api), signUp(api)]);
    const rating = await rated(fan, await endedEvent([fan]), { hostRating: 1, eventRating: 1, hostReview: 'Rude words' });
    await as(first).report(rating.id, { reason: 'harassment' }).expect(201);
    const withdrawing = await api.db.connect();
    try {
      // The rater's delete, half done: the review locked, as RatingsRepository.delete locks it.
      await withdrawing.query('BEGIN');
      await withdrawing.query(`SELECT 1 FROM rating WHERE id = $1 FOR UPDATE`, [rating.id]);
      const reporting = as(late)
        .report(rating.id, { reason: 'spam' })
        .then((response) => response.status);
      await waitUntil(() => waitingOnALock(api.db), 'the report to wait for the delete');
      await withdrawing.query(`UPDATE rating SET status = 'withdrawn' WHERE id = $1`, [rating.id]);
      await withdrawing.query('COMMIT');
      expect(await reporting).toBe(404);
    } finally {
      withdrawing.release();
    }
    expect((await api.db.query('SELECT reporter_id FROM rating_report WHERE rating_id = $1', [rating.id])).rows).toEqual([
      { reporter_id: first.user.id },
    ]);
  });

  describe('the prompt to rate', () => {
    const prompt = () => api.app.get(RatingPromptsHandler).handle();
    const askedOf = async (who: SignedUp) =>
      (
        await api.db.query<{ dedupe_key: string }>(
          `SELECT dedupe_key FROM notification WHERE user_id = $1 AND type = 'rating_prompt' ORDER BY created_at`,
          [who.user.id],
        )
      ).rows.map((row) => row.dedupe_key);

    it('asks about a trip of several days once it ended, though it started before the window', async () => {
      const [traveller, stillAway] = await Promise.all(times(2, () => signUp(api)));
      const trip = await endedEvent([traveller!], host, 'Ten days in Ladakh');
      await api.db.query(`UPDATE event SET date = now() - interval '12 days', end_date = now() - interval '2 days' WHERE id = $1`, [trip]);
      const longer = await endedEvent([stillAway!], host, 'Twenty days in Spiti');
      await api.db.query(`UPDATE event SET date = now() - interval '12 days', end_date = now() + interval '8 days' WHERE id = $1`, [
        longer,
      ]);

      await prompt();
      expect(await askedOf(traveller!)).toEqual([`rating_prompt:${trip}`]);
      expect(await askedOf(stillAway!)).toEqual([]);
    });

    it('asks each attendee who may rate once, reminds once those who did not rate, and never again', async () => {
      const [early, rater, silent, upcomingFan] = await Promise.all(times(4, () => signUp(api)));
      const eventId = await endedEvent([early!, rater!, silent!], host, 'Prompted night');
      const upcoming = await createEvent(api, host, { min_bid: 0 });
      await decide(api, host, await applyFree(api, upcomingFan!, upcoming.id), 'accept').expect(200);
      await rated(early!, eventId);

      await prompt();
      await prompt();
      const asked = [`rating_prompt:${eventId}`];
      expect(await askedOf(rater!)).toEqual(asked);
      expect(await askedOf(silent!)).toEqual(asked);
      expect(await askedOf(early!)).toEqual([]);
      expect(await askedOf(upcomingFan!)).toEqual([]);
      const inbox = (await api.http().get('/api/v1/notifications').set(bearer(silent!.token)).expect(200)).body.notifications;
      expect(inbox[0]).toMatchObject({ type: 'rating_prompt', title: 'How was Prompted night?', link: `/event/${eventId}?rate=1` });

      const promptedAgo = (days: number) =>
        api.db.query('UPDATE rating_prompt SET prompted_at = now() - make_interval(days => $2) WHERE event_id = $1', [eventId, days]);
      await promptedAgo(RatingLimits.reminderAfterDays - 1);
      await prompt();
      expect(await askedOf(silent!)).toEqual(asked);

      await promptedAgo(RatingLimits.reminderAfterDays + 1);
      await rated(rater!, eventId);
      await prompt();
      await prompt();
      const reminded = [...asked, `rating_reminder:${eventId}`];
      expect(await askedOf(silent!)).toEqual(reminded);
      expect(await askedOf(rater!)).toEqual(asked);

      await api.db.query(
        `UPDATE rating_prompt SET reminded_at = now() - interval '3 days' WHERE event_id = $1 AND reminded_at IS NOT NULL`,
        [eventId],
      );
      await promptedAgo(RatingLimits.reminderAfterDays + 3);
      await prompt();
      expect(await askedOf(silent!)).toEqual(reminded);
    });
  });

  describe('a deleted account', () => {
    it('keeps an erased rater’s stars counting as “Deleted user”, without their words; erasing again changes nothing', async () => {
      const [leaving, staying] = await Promise.all([signUp(api, { name: 'Leaving Fan' }), signUp(api)]);
      const kept = await signUpHost(api);
      const eventId = await endedEvent([leaving, staying], kept);
      const theirs = await rated(leaving, eventId, { hostRating: 5, eventRating: 4, hostReview: 'Lovely', eventReview: 'Great' });
      const other = await rated(staying, eventId, { hostRating: 3, eventRating: 3 });
      await as(leaving).report(other.id, { reason: 'other', details: 'Their words' }).expect(201);
      const before = await statsOf(kept.user.id);

      await api.http().delete('/api/v1/users/me').set(bearer(leaving.token)).expect(200);
      const shown = ((await as(null).reviews(kept.user.id).expect(200)).body as ReviewPageView).ratings.find(({ id }) => id === theirs.id);
      expect(shown).toMatchObject({
        rater: { id: leaving.user.id, name: 'Deleted user', avatarUrl: null },
        hostReview: null,
        eventReview: null,
      });
      expect(await statsOf(kept.user.id)).toEqual(before);

      await api.app.get(AccountEraseHandler).handle({ userId: leaving.user.id, outboxId: randomUUID() });
      const state = async () => ({
        words: (await api.db.query('SELECT host_review, event_review, host_rating FROM rating WHERE id = $1', [theirs.id])).rows,
        reports: (await api.db.query('SELECT reason, details FROM rating_report WHERE reporter_id = $1', [leaving.user.id])).rows,
        stats: await statsOf(kept.user.id),
        rating: await storedRating(kept.user.id),
      });
      const erased = {
        words: [{ host_review: null, event_review: null, host_rating: 5 }],
        reports: [{ reason: 'other', details: null }],
        stats: before,
        rating: '3.75',
      };
      expect(await state()).toEqual(erased);
      await api.app.get(RatingsErasureStep).erase(leaving.user.id);
      expect(await state()).toEqual(erased);
    });

    it('hides an erased host’s ratings and erases their replies', async () => {
      const fan = await signUp(api);
      const leavingHost = await signUpHost(api);
      const rating = await rated(fan, await endedEvent([fan], leavingHost));
      await as(leavingHost).reply(rating.id, 'Thank you').expect(200);

      await api.http().delete('/api/v1/users/me').set(bearer(leavingHost.token)).expect(200);
      await as(null).stats(leavingHost.user.id).expect(404);
      await as(null).reviews(leavingHost.user.id).expect(404);
      await api.app.get(AccountEraseHandler).handle({ userId: leavingHost.user.id, outboxId: randomUUID() });
      expect((await api.db.query('SELECT reply_text, status FROM rating WHERE id = $1', [rating.id])).rows).toEqual([
        { reply_text: null, status: 'published' },
      ]);
      expect(((await as(fan).mine().expect(200)).body as MyRatingsView).ratings[0]).toMatchObject({
        id: rating.id,
        ratedInfluencer: { name: 'Deleted user' },
        reply: null,
      });
    });
  });
});
