import { ModerationErrorCodes, ModerationMessages } from '../../api/src/contracts/event-moderation.contract.js';
import { bearer, makeAdmin, signUp, signUpHost, signUpNewHost, type SignedUp } from '../support/factories.js';
import { applyAndPay, createEvent, decide, QUIET_SANDBOX } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** Event moderation over HTTP: the policy, the queue, each decision × permission, the race, take-down refunds, audit rows. */
describe('event moderation', () => {
  let api: TestApi;
  let newHost: SignedUp;
  let verifiedHost: SignedUp;
  let fan: SignedUp;
  let admin: SignedUp;
  let secondAdmin: SignedUp;
  let cannotApprove: SignedUp;
  let cannotDelete: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [newHost, verifiedHost, fan, admin, secondAdmin, cannotApprove, cannotDelete] = await Promise.all([
      signUpNewHost(api, { name: 'Neha New' }),
      signUpHost(api, { name: 'Vikram Verified' }),
      signUp(api, { name: 'Farah Fan' }),
      signUp(api, { name: 'Asha Admin' }),
      signUp(api, { name: 'Bala Admin' }),
      signUp(api, { name: 'Chitra Admin' }),
      signUp(api, { name: 'Dev Admin' }),
    ]);
    await Promise.all([
      makeAdmin(api, admin.user.id),
      makeAdmin(api, secondAdmin.user.id),
      makeAdmin(api, cannotApprove.user.id, { approve_events: false }),
      makeAdmin(api, cannotDelete.user.id, { delete_events: false }),
    ]);
  });
  afterAll(async () => {
    await api.close();
  });

  const as = (who: SignedUp | null) => {
    const auth = <T extends { set: (header: Record<string, string>) => T }>(test: T) => (who ? test.set(bearer(who.token)) : test);
    const admin = '/api/v1/admin/events';
    return {
      queue: (query = '') => auth(api.http().get(`${admin}/review${query}`)),
      review: (id: string) => auth(api.http().get(`${admin}/${id}/review`)),
      approve: (id: string) => auth(api.http().post(`${admin}/${id}/approve`)),
      reject: (id: string, reason?: string) => auth(api.http().post(`${admin}/${id}/reject`)).send(reason === undefined ? {} : { reason }),
      takeDown: (id: string, reason = 'Unsafe venue') => auth(api.http().post(`${admin}/${id}/take-down`)).send({ reason }),
      event: (id: string) => auth(api.http().get(`/api/v1/events/${id}`)),
      edit: (id: string, fields: Record<string, unknown>) => auth(api.http().put(`/api/v1/events/${id}`)).send(fields),
    };
  };

  const newEvent = async (title: string, by = newHost) => (await createEvent(api, by, { title, description: `About ${title}` })).id;
  const publicIds = async () =>
    ((await api.http().get('/api/v1/events/public?limit=100').expect(200)).body.data as Array<{ id: string }>).map((event) => event.id);
  const queueIds = async (filter: string) =>
    ((await as(admin).queue(`?filter=${filter}&limit=50`).expect(200)).body.items as Array<{ event: { id: string } }>).map(
      (item) => item.event.id,
    );
  const auditRows = async (id: string) =>
    (
      await api.db.query<{ action: string; admin_id: string; reason: string | null; before: unknown; after: unknown }>(
        `SELECT action, admin_id, reason, before, after FROM admin_audit WHERE record_type = 'event' AND record_id = $1 ORDER BY created_at`,
        [id],
      )
    ).rows;
  const notificationsOf = async (userId: string, eventId: string) =>
    (
      await api.db.query<{ type: string; title: string | null; body: string | null }>(
        'SELECT type, title, body FROM notification WHERE user_id = $1 AND event_id = $2 ORDER BY created_at',
        [userId, eventId],
      )
    ).rows;

  describe('the policy', () => {
    it('lists a verified host’s new event at once, and keeps an unverified host’s in the queue, seen only by the host and admins', async () => {
      const listed = await newEvent('Verified picnic', verifiedHost);
      const waiting = await newEvent('New host picnic');
      expect(await publicIds()).toEqual(expect.arrayContaining([listed]));
      expect(await publicIds()).not.toContain(waiting);
      await as(fan).event(waiting).expect(404);
      const own = await as(newHost).event(waiting).expect(200);
      expect(own.body).toMatchObject({
        moderation_status: 'pending_review',
        moderation: { status: 'pending_review', reason: null, taken_down: false },
      });
      expect(await queueIds('new')).toContain(waiting);
      expect(await queueIds('new')).not.toContain(listed);
    });

    it('holds an unverified host’s new title of a listed event for review while the public keeps seeing the old one; approving applies it', async () => {
      const id = await newEvent('Pottery evening');
      await as(admin).approve(id).expect(200);
      await as(newHost).edit(id, { title: 'Pottery & wine evening', capacity: 9 }).expect(200);

      const seen = await as(fan).event(id).expect(200);
      expect(seen.body).toMatchObject({ title: 'Pottery evening', capacity: 9 });
      expect(seen.body).not.toHaveProperty('moderation');
      expect((await as(newHost).event(id).expect(200)).body.moderation).toMatchObject({
        status: 'published',
        pending_changes: { title: 'Pottery & wine evening' },
      });
      const edited = (await as(admin).queue('?filter=edited&limit=50').expect(200)).body.items.find(
        (item: { event: { id: string } }) => item.event.id === id,
      );
      expect(edited).toMatchObject({ event: { title: 'Pottery evening' }, changes: { title: 'Pottery & wine evening' } });

      await as(admin).approve(id).expect(200);
      expect((await as(fan).event(id).expect(200)).body.title).toBe('Pottery & wine evening');
      expect(await queueIds('edited')).not.toContain(id);
      expect((await notificationsOf(newHost.user.id, id)).map((row) => row.title)).toEqual([null, 'Changes approved']);
    });

    it('lets a refused event be edited and resubmitted: it goes back to the queue with the reason cleared', async () => {
      const id = await newEvent('Rooftop party');
      await as(admin).reject(id, 'Please add the venue address').expect(200);
      expect((await as(newHost).event(id).expect(200)).body).toMatchObject({
        moderation_status: 'rejected',
        moderation: { reason: 'Please add the venue address' },
      });
      expect(await notificationsOf(newHost.user.id, id)).toEqual([
        { type: 'event_rejected', title: null, body: 'Rooftop party was not approved: Please add the venue address' },
      ]);

      await as(newHost).edit(id, { location: 'Bandra West, Mumbai' }).expect(200);
      expect((await as(newHost).event(id).expect(200)).body.moderation).toMatchObject({ status: 'pending_review', reason: null });
      expect(await queueIds('new')).toContain(id);
    });
  });

  describe('GET /admin/events/review', () => {
    it('answers guests 401 and non-admins 403', async () => {
      await as(null).queue().expect(401);
      await as(fan).queue().expect(403);
      await as(cannotApprove).queue().expect(200);
    });

    it('pages the queue oldest first with a cursor, and refuses a cursor it did not write', async () => {
      const first = await newEvent('Queue one');
      const second = await newEvent('Queue two');
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { body: { items: Array<{ event: { id: string } }>; next_cursor: string | null } } = await as(admin)
          .queue(`?filter=new&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
          .expect(200);
        ids.push(...page.body.items.map((item) => item.event.id));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
      expect(new Set(ids).size).toBe(ids.length);
      expect((await as(admin).queue('?cursor=bm9wZQ').expect(400)).body).toEqual({
        error: ModerationMessages.badCursor,
        code: ModerationErrorCodes.badCursor,
      });
      await as(admin).queue('?filter=everything').expect(400);
    });

    it('shows reported events with how many reported them and why', async () => {
      const id = await newEvent('Reported gig', verifiedHost);
      await api.http().post(`/api/v1/events/${id}/report`).set(bearer(fan.token)).send({ reason: 'Looks like a scam' }).expect(201);
      const item = (await as(admin).queue('?filter=reported&limit=50').expect(200)).body.items.find(
        (found: { event: { id: string } }) => found.event.id === id,
      );
      expect(item).toMatchObject({ open_reports: 1, reports: [{ reason: 'Looks like a scam' }] });
    });
  });

  describe('GET /admin/events/{id}/review', () => {
    it('shows the event with its moderation and history to admins only', async () => {
      const id = await newEvent('Reviewed brunch');
      await as(null).review(id).expect(401);
      await as(fan).review(id).expect(403);
      await as(admin).reject(id, 'Blurry photos').expect(200);
      const view = await as(cannotApprove).review(id).expect(200);
      expect(view.body).toMatchObject({
        event: { id, title: 'Reviewed brunch' },
        moderation: { status: 'rejected', reason: 'Blurry photos' },
        history: [{ action: 'event.rejected', reason: 'Blurry photos', admin: { id: admin.user.id, name: 'Asha Admin' } }],
      });
      await as(admin).review('00000000-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('POST /admin/events/{id}/approve and /reject', () => {
    it('needs approve_events: guest 401, fan 403, an admin without the flag 403', async () => {
      const id = await newEvent('Guarded dinner');
      for (const call of [(who: SignedUp | null) => as(who).approve(id), (who: SignedUp | null) => as(who).reject(id, 'No')]) {
        await call(null).expect(401);
        await call(fan).expect(403);
        await call(cannotApprove).expect(403);
      }
      expect((await as(newHost).event(id).expect(200)).body.moderation_status).toBe('pending_review');
      expect(await auditRows(id)).toEqual([]);
    });

    it('approves: listed at once, the host told, the audit row written with the status before and after', async () => {
      const id = await newEvent('Approved jam');
      const approved = await as(cannotDelete).approve(id).expect(200);
      expect(approved.body.moderation).toMatchObject({ status: 'published', waiting_since: null });
      expect(await publicIds()).toContain(id);
      expect(await notificationsOf(newHost.user.id, id)).toEqual([{ type: 'event_approved', title: null, body: null }]);
      expect(await auditRows(id)).toEqual([
        {
          action: 'event.approved',
          admin_id: cannotDelete.user.id,
          reason: null,
          before: { moderation_status: 'pending_review', status: 'active' },
          after: { moderation_status: 'published', status: 'active' },
        },
      ]);
    });

    it('needs a reason of 1 to 500 characters to refuse', async () => {
      const id = await newEvent('Reasonless');
      await as(admin).reject(id).expect(400);
      await as(admin).reject(id, '   ').expect(400);
      await as(admin).reject(id, 'x'.repeat(501)).expect(400);
      await as(admin).reject(id, 'x'.repeat(500)).expect(200);
    });

    it('lets one of two admins deciding at once win; the other gets a clear 409, and deciding again is refused the same way', async () => {
      const id = await newEvent('Contested quiz');
      const answers = await Promise.all([as(admin).approve(id), as(secondAdmin).reject(id, 'Too vague')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body).toEqual({
        error: ModerationMessages.notUnderReview,
        code: ModerationErrorCodes.notUnderReview,
      });
      expect(await auditRows(id)).toHaveLength(1);
      expect(await notificationsOf(newHost.user.id, id)).toHaveLength(1);
      await as(admin).approve(id).expect(409);
      await as(admin)
        .approve((await createEvent(api, verifiedHost)).id)
        .expect(409);
    });
  });

  describe('POST /admin/events/{id}/take-down', () => {
    it('needs delete_events: guest 401, fan 403, an admin without the flag 403', async () => {
      const id = await newEvent('Guarded rave', verifiedHost);
      await as(null).takeDown(id).expect(401);
      await as(fan).takeDown(id).expect(403);
      await as(cannotDelete).takeDown(id).expect(403);
      await as(admin).takeDown(id, '').expect(400);
      expect(await publicIds()).toContain(id);
    });

    it('cancels through the cancellation workflow: out of the lists, each fan refunded or released exactly once, even when two admins take it down at once', async () => {
      const id = (await createEvent(api, verifiedHost, { title: 'Taken down gala', min_bid: 500 })).id;
      const accepted = await applyAndPay(api, await signUp(api), id);
      const pending = await applyAndPay(api, await signUp(api), id);
      await decide(api, verifiedHost, accepted.applicationId, 'accept').expect(200);
      await runPendingJobs(api);

      const answers = await Promise.all([as(admin).takeDown(id, 'Fake venue'), as(cannotApprove).takeDown(id, 'Fake venue')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe(ModerationErrorCodes.alreadyCancelled);
      await runPendingJobs(api);

      expect(await publicIds()).not.toContain(id);
      const money = await api.db.query<{ id: string; state: string; refunds: number }>(
        `SELECT t.id, t.state, (SELECT count(*)::int FROM payment_refund r WHERE r.transaction_id = t.id) AS refunds
           FROM payment_transaction t WHERE t.id = ANY($1::uuid[])`,
        [[accepted.transactionId, pending.transactionId]],
      );
      expect(Object.fromEntries(money.rows.map((row) => [row.id, [row.state, row.refunds]]))).toEqual({
        [accepted.transactionId]: ['refunded', 1],
        [pending.transactionId]: ['released', 0],
      });
      const cancelled = await api.db.query(`SELECT 1 FROM outbox_event WHERE type = 'event.cancelled' AND payload->>'eventId' = $1`, [id]);
      expect(cancelled.rowCount).toBe(1);
      expect(await auditRows(id)).toEqual([
        expect.objectContaining({
          action: 'event.taken_down',
          reason: 'Fake venue',
          before: { moderation_status: 'published', status: 'active' },
          after: { moderation_status: 'published', status: 'cancelled' },
        }),
      ]);
      expect(await notificationsOf(verifiedHost.user.id, id)).toContainEqual({
        type: 'event_cancelled',
        title: 'Event taken down',
        body: 'Taken down gala was taken down: Fake venue. Its fans are refunded.',
      });
      expect((await as(verifiedHost).event(id).expect(200)).body.moderation).toMatchObject({ taken_down: true, reason: 'Fake venue' });
    });
  });
});
