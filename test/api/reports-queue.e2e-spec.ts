import { type AdminAuditView } from '../../api/src/contracts/admin-audit.contract.js';
import { type EventView } from '../../api/src/contracts/event/event-view.js';
import { Messages } from '../../api/src/contracts/messages.js';
import { type NotificationListView } from '../../api/src/contracts/notifications.contract.js';
import {
  ReportErrorCodes,
  ReportMessages,
  type AuditListView,
  type ReportKind,
  type ReportQueueItemView,
  type ReportQueueView,
} from '../../api/src/contracts/reports.contract.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide, QUIET_SANDBOX, times } from '../support/join-flow.js';
import { waitingOnALock, waitUntil } from '../support/poll.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

/** The admin reports queue (GET/POST /admin/reports) and the audit list (GET /admin/audit): access, grouping, decisions, races. */
describe('reports queue and audit log', () => {
  let api: TestApi;
  let admin: SignedUp;
  let fan: SignedUp;
  let host: SignedUp;

  beforeAll(async () => {
    api = await startTestApi(QUIET_SANDBOX);
    [admin, fan, host] = await Promise.all([signUp(api, { name: 'Asha Admin' }), signUp(api), signUpHost(api, { name: 'Kabir Host' })]);
    await makeAdmin(api, admin.user.id);
  });
  afterAll(async () => {
    await api.close();
  });

  const auth = <T extends { set(header: Record<string, string>): T }>(who: SignedUp | null, test: T): T =>
    who ? test.set(bearer(who.token)) : test;
  const as = (who: SignedUp | null) => ({
    queue: (query = '') => auth(who, api.http().get(`/api/v1/admin/reports${query}`)),
    dismiss: (kind: ReportKind, id: string, reason = 'Within the guidelines') =>
      auth(who, api.http().post(`/api/v1/admin/reports/${kind}/${id}/dismiss`)).send({ reason }),
    act: (kind: ReportKind, id: string, reason = 'Breaks the guidelines') =>
      auth(who, api.http().post(`/api/v1/admin/reports/${kind}/${id}/act`)).send({ reason }),
    audit: (query = '') => auth(who, api.http().get(`/api/v1/admin/audit${query}`)),
    inbox: () => auth(who, api.http().get('/api/v1/notifications')),
  });

  async function newPost(author: SignedUp, text = 'Sunset at the lake'): Promise<string> {
    const response = await auth(author, api.http().post('/api/v1/community/posts')).send({ text, photos: [] }).expect(201);
    return (response.body as { id: string }).id;
  }

  async function newComment(author: SignedUp, postId: string, text = 'Buy followers at example.net'): Promise<string> {
    const response = await auth(author, api.http().post(`/api/v1/community/posts/${postId}/comments`))
      .send({ text })
      .expect(201);
    return (response.body as { id: string }).id;
  }

  const reportOf = {
    post: (who: SignedUp, id: string, reason = 'spam', details: string | null = null) =>
      auth(who, api.http().post(`/api/v1/community/posts/${id}/report`))
        .send({ reason, details })
        .expect(201),
    comment: (who: SignedUp, id: string, reason = 'spam') =>
      auth(who, api.http().post(`/api/v1/community/comments/${id}/report`))
        .send({ reason })
        .expect(201),
    person: (who: SignedUp, id: string, reason = 'fake_profile') =>
      auth(who, api.http().post(`/api/v1/users/${id}/report`))
        .send({ reason })
        .expect(201),
    event: (who: SignedUp, id: string, reason = 'Looks like a scam') =>
      auth(who, api.http().post(`/api/v1/events/${id}/report`))
        .send({ reason })
        .expect(201),
    review: (who: SignedUp, id: string, reason = 'harassment') =>
      auth(who, api.http().post(`/api/v1/ratings/${id}/report`))
        .send({ reason })
        .expect(201),
  };

  /** The queue item about this target, paging through the kind's queue (earlier tests leave items open). */
  async function queueItem(kind: ReportKind, targetId: string): Promise<ReportQueueItemView | undefined> {
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = (await as(admin).queue(`?kind=${kind}&limit=50&cursor=${cursor}`).expect(200)).body as ReportQueueView;
      const found = page.items.find((item) => item.targetId === targetId);
      if (found) return found;
      cursor = page.nextCursor;
    }
    return undefined;
  }

  const reportOutcomes = async (who: SignedUp) =>
    ((await as(who).inbox().expect(200)).body as NotificationListView).notifications
      .filter((notification) => notification.type === 'report_outcome')
      .map(({ title, body }) => ({ title, body }));

  const auditOf = async (recordId: string) => ((await as(admin).audit(`?record_id=${recordId}`).expect(200)).body as AuditListView).entries;

  const statuses = async (table: string, column: string, id: string) =>
    (
      await api.db.query<{ status: string; outcome: string | null; resolution: string | null }>(
        `SELECT status, ${table === 'event_report' ? 'NULL AS outcome' : 'outcome'}, resolution FROM ${table} WHERE ${column} = $1 ORDER BY created_at`,
        [id],
      )
    ).rows;

  describe('who may use it', () => {
    it('refuses a guest (401) and a fan (403) on every endpoint, and lets an admin in', async () => {
      const postId = await newPost(host);
      await reportOf.post(fan, postId);
      for (const who of [null, fan]) {
        const status = who ? 403 : 401;
        await as(who).queue().expect(status);
        await as(who).dismiss('post', postId).expect(status);
        await as(who).act('post', postId).expect(status);
        await as(who).audit().expect(status);
      }
      expect(await statuses('community_report', 'post_id', postId)).toEqual([{ status: 'open', outcome: null, resolution: null }]);
      await as(admin).queue().expect(200);
      await as(admin).audit().expect(200);
    });

    it('needs delete_events to take an event down, but not to dismiss its reports', async () => {
      const [event, other] = await Promise.all([createEvent(api, host, { title: 'Rooftop party' }), createEvent(api, host)]);
      await Promise.all([reportOf.event(fan, event.id), reportOf.event(fan, other.id)]);
      const limited = await signUp(api);
      await makeAdmin(api, limited.user.id, { delete_events: false });

      const refused = await as(limited).act('event', event.id).expect(403);
      expect(refused.body).toMatchObject({ error: Messages.auth.permissionRequired('delete_events') });
      expect(await statuses('event_report', 'event_id', event.id)).toEqual([{ status: 'open', outcome: null, resolution: null }]);

      // With the flag the take-down goes through the events module: cancelled, out of the lists, the reports closed.
      await as(admin).act('event', event.id, 'Fake venue').expect(200);
      expect(await statuses('event_report', 'event_id', event.id)).toEqual([
        { status: 'resolved', outcome: null, resolution: 'Fake venue' },
      ]);
      const takenDown = await api.db.query<{ status: string }>('SELECT status FROM event WHERE id = $1', [event.id]);
      expect(takenDown.rows).toEqual([{ status: 'cancelled' }]);
      // Two rows, one transaction: the take-down as the event's own page records it, and the reports it closed.
      expect((await auditOf(event.id)).map((entry) => [entry.action, entry.reason])).toEqual([
        ['report.acted', 'Fake venue'],
        ['event.taken_down', 'Fake venue'],
      ]);
      expect((await reportOutcomes(fan)).map((told) => told.title)).toContain('We acted on your report');

      await as(limited).dismiss('event', other.id, 'A real event').expect(200);
      expect(await statuses('event_report', 'event_id', other.id)).toEqual([
        { status: 'dismissed', outcome: null, resolution: 'A real event' },
      ]);
    });

    it('asks for a reason, a known kind and a cursor of its own', async () => {
      const postId = await newPost(host);
      await reportOf.post(fan, postId);
      const noReason = await auth(admin, api.http().post(`/api/v1/admin/reports/post/${postId}/dismiss`))
        .send({})
        .expect(400);
      expect(noReason.body).toMatchObject({ error: `reason: ${ReportMessages.reasonRequired}` });
      await as(admin).dismiss('post', postId, ' ').expect(400);
      await auth(admin, api.http().post(`/api/v1/admin/reports/story/${postId}/dismiss`))
        .send({ reason: 'Fine' })
        .expect(400);
      expect((await as(admin).queue('?cursor=bm9wZQ').expect(400)).body).toMatchObject({ error: ReportMessages.badCursor });
      await as(admin).audit('?cursor=bm9wZQ').expect(400);
      await as(admin).dismiss('post', '00000000-0000-4000-8000-000000000000').expect(404);
    });
  });

  describe('the queue', () => {
    it('groups the reports of each target with the content, every reason, and how many reported it, across kinds', async () => {
      const [second, third] = await Promise.all(times(2, () => signUp(api, { name: 'Meera Reporter' })));
      const postId = await newPost(host, 'Cheap tickets, DM me');
      const commentId = await newComment(second!, postId);
      const event = await createEvent(api, host, { title: 'Midnight trek' });
      await reportOf.post(fan, postId, 'spam');
      await reportOf.post(second!, postId, 'other', 'Sells fake tickets');
      await reportOf.post(third!, postId, 'hate');
      await reportOf.comment(fan, commentId);
      await reportOf.person(fan, second!.user.id, 'harassment');
      await reportOf.event(second!, event.id, 'No such place');

      const item = await queueItem('post', postId);
      expect(item).toMatchObject({
        kind: 'post',
        count: 3,
        content: {
          title: null,
          text: 'Cheap tickets, DM me',
          author: { id: host.user.id, name: 'Kabir Host' },
          gone: false,
          link: `/post/${postId}`,
        },
      });
      expect(item!.reports.map(({ reporter, reason, details }) => ({ reporter: reporter.id, reason, details }))).toEqual([
        { reporter: fan.user.id, reason: 'Spam or scam', details: null },
        { reporter: second!.user.id, reason: 'Something else', details: 'Sells fake tickets' },
        { reporter: third!.user.id, reason: 'Hate speech or symbols', details: null },
      ]);
      expect(item!.firstReportedAt < item!.lastReportedAt).toBe(true);
      expect(await queueItem('comment', commentId)).toMatchObject({ count: 1, content: { text: 'Buy followers at example.net' } });
      expect(await queueItem('person', second!.user.id)).toMatchObject({
        count: 1,
        content: { title: 'Meera Reporter', link: `/admin/users/${second!.user.id}` },
        reports: [{ reason: 'Harassment or bullying' }],
      });
      expect(await queueItem('event', event.id)).toMatchObject({
        content: { title: 'Midnight trek', author: { id: host.user.id }, link: `/admin/events/${event.id}` },
        reports: [{ reason: 'No such place', details: null }],
      });
      // The kind filter keeps to its kind.
      expect(await queueItem('post', commentId)).toBeUndefined();
    });

    it('pages oldest first across kinds, every open target once', async () => {
      const seen: ReportQueueItemView[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = (await as(admin).queue(`?limit=2&cursor=${cursor}`).expect(200)).body as ReportQueueView;
        expect(page.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.items);
        cursor = page.nextCursor;
      }
      const keys = seen.map((item) => `${item.firstReportedAt} ${item.targetId}`);
      expect(keys).toEqual([...keys].sort());
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(seen.map((item) => item.kind)).size).toBeGreaterThanOrEqual(4);
      const { rows } = await api.db.query<{ open: number }>(
        `SELECT (SELECT count(DISTINCT event_id) FROM event_report WHERE status = 'open')
              + (SELECT count(DISTINCT reported_id) FROM user_report WHERE status = 'open')
              + (SELECT count(DISTINCT COALESCE(post_id, comment_id)) FROM community_report WHERE status = 'open')
              + (SELECT count(DISTINCT rating_id) FROM rating_report WHERE status = 'open') AS open`,
      );
      expect(seen).toHaveLength(Number(rows[0]!.open));
    });
  });

  describe('deciding', () => {
    it('removes a reported post: every report closed, the reporters told, one audit row, the post gone', async () => {
      const second = await signUp(api);
      const postId = await newPost(host, 'Offensive words');
      await Promise.all([reportOf.post(fan, postId, 'harassment'), reportOf.post(second, postId, 'hate')]);

      const decided = await as(admin).act('post', postId, 'Hate speech').expect(200);
      expect(decided.body).toEqual({ kind: 'post', targetId: postId, outcome: 'acted', reportsClosed: 2, reportersTold: 2 });
      await api.http().get(`/api/v1/community/posts/${postId}`).expect(404);
      expect(await statuses('community_report', 'post_id', postId)).toEqual(
        times(2, () => ({ status: 'closed', outcome: 'acted', resolution: 'Hate speech' })),
      );
      expect(await queueItem('post', postId)).toBeUndefined();
      const told = { title: 'We acted on your report', body: 'We removed the post you reported. Thank you for helping keep Tribe safe.' };
      expect(await reportOutcomes(fan)).toContainEqual(told);
      expect(await reportOutcomes(second)).toEqual([told]);
      expect(await reportOutcomes(host)).toEqual([]);

      const audit = await auditOf(postId);
      expect(audit).toEqual([
        expect.objectContaining<Partial<AdminAuditView>>({
          admin: { id: admin.user.id, name: 'Asha Admin' },
          action: 'post.removed',
          record_type: 'post',
          record_id: postId,
          reason: 'Hate speech',
          before: { removed: false, openReports: 2, title: null, text: 'Offensive words', link: `/post/${postId}` },
          after: { removed: true, outcome: 'acted' },
        }),
      ]);
    });

    it('removes a reported comment and takes it off its post’s count', async () => {
      const postId = await newPost(host);
      const commentId = await newComment(fan, postId, 'Rude words');
      await reportOf.comment(host, commentId, 'harassment');
      await as(admin).act('comment', commentId).expect(200);
      const view = (await api.http().get(`/api/v1/community/posts/${postId}`).expect(200)).body as { commentCount: number };
      expect(view.commentCount).toBe(0);
      expect((await auditOf(commentId)).map((entry) => entry.action)).toEqual(['comment.removed']);
      expect(await reportOutcomes(host)).toContainEqual(expect.objectContaining({ body: expect.stringContaining('removed the comment') }));
    });

    it('a comment removed from the queue leaves the feed at once, the next comment taking its place', async () => {
      const postId = await newPost(fan, 'Thank you all for coming');
      const rude = await newComment(host, postId, 'Rude words');
      await newComment(host, postId, 'Welcome, everyone');
      await newComment(host, postId, 'See you at the next one');
      const inlineComments = async () => {
        const feed = await api.http().get(`/api/v1/community/posts/interactions?authorId=${fan.user.id}&limit=50`).expect(200);
        const post = (feed.body as { posts: Array<{ id: string; firstComments: Array<{ text: string }> }> }).posts.find(
          (candidate) => candidate.id === postId,
        );
        return post!.firstComments.map((comment) => comment.text);
      };
      expect(await inlineComments()).toEqual(['Rude words', 'Welcome, everyone']);
      await reportOf.comment(fan, rude, 'harassment');
      await as(admin).act('comment', rude).expect(200);
      expect(await inlineComments()).toEqual(['Welcome, everyone', 'See you at the next one']);
    });

    it('removes a reported review: out of the host’s reviews and average, the reporter told', async () => {
      const [rater, other] = await Promise.all([signUp(api), signUp(api)]);
      const event = await createEvent(api, host, { title: 'Jazz night', min_bid: 0, capacity: 3 });
      await Promise.all([rater, other].map(async (who) => decide(api, host, await applyFree(api, who, event.id), 'accept').expect(200)));
      await api.db.query(`UPDATE event SET date = now() - interval '1 day', end_date = NULL WHERE id = $1`, [event.id]);
      const rate = (who: SignedUp, stars: number) =>
        auth(who, api.http().post('/api/v1/ratings')).send({
          eventId: event.id,
          hostRating: stars,
          eventRating: stars,
          hostReview: 'Awful host',
        });
      const rating = (await rate(rater, 1).expect(201)).body as { id: string };
      await rate(other, 5).expect(201);
      await reportOf.review(host, rating.id, 'harassment');
      const hostOnPage = async () => ((await api.http().get(`/api/v1/events/${event.id}/public`).expect(200)).body as EventView).host;
      expect(await hostOnPage()).toMatchObject({ rating: 3, rating_count: 2 });

      await as(admin).act('review', rating.id, 'Abusive review').expect(200);
      // The host's event page shows the new average at once.
      expect(await hostOnPage()).toMatchObject({ rating: 5, rating_count: 1 });
      const { rows } = await api.db.query<{ status: string; host: string }>(
        'SELECT r.status, u.rating::text AS host FROM rating r JOIN users u ON u.id = r.rated_influencer_id WHERE r.id = $1',
        [rating.id],
      );
      expect(rows).toEqual([{ status: 'removed', host: '5.00' }]);
      expect((await auditOf(rating.id))[0]).toMatchObject({ action: 'review.removed', before: { status: 'published', openReports: 1 } });
    });

    it('dismisses reports of a person: they stay, the reporter is told, and a later report makes a new item', async () => {
      const [reporter, reported, later] = await Promise.all(times(3, () => signUp(api)));
      await reportOf.person(reporter!, reported!.user.id);
      await as(admin).dismiss('person', reported!.user.id, 'Real profile, checked').expect(200);
      expect(await statuses('user_report', 'reported_id', reported!.user.id)).toEqual([
        { status: 'closed', outcome: 'dismissed', resolution: 'Real profile, checked' },
      ]);
      expect(await reportOutcomes(reporter!)).toEqual([
        {
          title: 'Your report was reviewed',
          body: 'We reviewed the account you reported and found it within our community guidelines, so it stays. Thank you for telling us.',
        },
      ]);
      expect(await auditOf(reported!.user.id)).toEqual([
        expect.objectContaining({ action: 'report.dismissed', record_type: 'user', after: { outcome: 'dismissed' } }),
      ]);
      await as(admin).dismiss('person', reported!.user.id).expect(409);

      await reportOf.person(later!, reported!.user.id, 'spam');
      expect(await queueItem('person', reported!.user.id)).toMatchObject({ count: 1, reports: [{ reporter: { id: later!.user.id } }] });
    });

    it('closes the reports of an event already taken down from its review page, without taking it down twice', async () => {
      const event = await createEvent(api, host, { title: 'Fake giveaway' });
      await reportOf.event(fan, event.id);
      await auth(admin, api.http().post(`/api/v1/admin/events/${event.id}/take-down`))
        .send({ reason: 'Scam' })
        .expect(200);
      await as(admin).act('event', event.id, 'Scam').expect(200);
      expect(await statuses('event_report', 'event_id', event.id)).toEqual([{ status: 'resolved', outcome: null, resolution: 'Scam' }]);
      expect((await auditOf(event.id)).map((entry) => entry.action)).toEqual(['report.acted', 'event.taken_down']);
      const cancellations = await api.db.query(`SELECT 1 FROM outbox_event WHERE type = 'event.cancelled' AND payload ->> 'eventId' = $1`, [
        event.id,
      ]);
      expect(cancellations.rowCount).toBe(1);
    });

    it('suspends a reported person: signed out at once, the reports closed, the suspension audited', async () => {
      const [reporter, reported] = await Promise.all(times(2, () => signUp(api)));
      await reportOf.person(reporter!, reported!.user.id);
      await as(admin).act('person', reported!.user.id, 'Scam messages').expect(200);
      await as(reported!).inbox().expect(401);
      expect(await statuses('user_report', 'reported_id', reported!.user.id)).toEqual([
        { status: 'closed', outcome: 'acted', resolution: 'Scam messages' },
      ]);
      expect((await auditOf(reported!.user.id)).map((entry) => entry.action)).toEqual(['report.acted', 'user.suspended']);
      expect(await reportOutcomes(reporter!)).toHaveLength(1);
    });

    it('removes a review its rater is deleting at that moment without a deadlock: the rater wins, the admin is told it is closed', async () => {
      const rater = await signUp(api);
      const event = await createEvent(api, host, { title: 'Poetry night', min_bid: 0, capacity: 2 });
      await decide(api, host, await applyFree(api, rater, event.id), 'accept').expect(200);
      await api.db.query(`UPDATE event SET date = now() - interval '1 day', end_date = NULL WHERE id = $1`, [event.id]);
      const rated = await auth(rater, api.http().post('/api/v1/ratings'))
        .send({ eventId: event.id, hostRating: 1, eventRating: 1, hostReview: 'Never again' })
        .expect(201);
      const ratingId = (rated.body as { id: string }).id;
      await reportOf.review(host, ratingId, 'harassment');

      // The rater's delete, as the ratings module makes it: the host's row, then the review (its reports go with it).
      const raterSide = await api.db.connect();
      try {
        await raterSide.query('BEGIN');
        await raterSide.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [host.user.id]);
        const acting = as(admin).act('review', ratingId, 'Abusive review');
        const answered = acting.then((response) => response);
        await waitUntil(() => waitingOnALock(api.db, 'users'), 'the admin to wait for the host');
        await raterSide.query('DELETE FROM rating WHERE id = $1', [ratingId]);
        await raterSide.query('COMMIT');
        const response = await answered;
        expect([response.status, response.body]).toEqual([
          409,
          { error: ReportMessages.alreadyClosed, code: ReportErrorCodes.alreadyClosed },
        ]);
      } finally {
        raterSide.release();
      }
      expect(await auditOf(ratingId)).toEqual([]);
    });

    it('lets one of two admins deciding at once win; the other gets a 409 and nothing is done twice', async () => {
      const other = await signUp(api);
      await makeAdmin(api, other.user.id);
      const postId = await newPost(host);
      const reporter = await signUp(api);
      await reportOf.post(reporter, postId);

      const answers = await Promise.all([as(admin).act('post', postId), as(other).dismiss('post', postId)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.status === 409)!;
      expect(refused.body).toEqual({ error: ReportMessages.alreadyClosed, code: ReportErrorCodes.alreadyClosed });
      expect(await auditOf(postId)).toHaveLength(1);
      expect(await reportOutcomes(reporter)).toHaveLength(1);
      expect(await statuses('community_report', 'post_id', postId)).toHaveLength(1);
    });
  });

  describe('the audit log', () => {
    it('cannot be changed or deleted, even by SQL', async () => {
      const postId = await newPost(host);
      await reportOf.post(fan, postId);
      await as(admin).dismiss('post', postId).expect(200);
      await expect(api.db.query(`UPDATE admin_audit SET reason = 'edited' WHERE record_id = $1`, [postId])).rejects.toThrow(
        'admin_audit rows cannot be changed or deleted',
      );
      await expect(api.db.query('DELETE FROM admin_audit WHERE record_id = $1', [postId])).rejects.toThrow(
        'admin_audit rows cannot be changed or deleted',
      );
      expect(await auditOf(postId)).toHaveLength(1);
    });

    it('lists every action newest first, filtered by record, admin and action, page by page', async () => {
      const other = await signUp(api, { name: 'Dev Admin' });
      await makeAdmin(api, other.user.id);
      const posts = await Promise.all(times(3, () => newPost(host)));
      for (const postId of posts) await reportOf.post(fan, postId);
      await as(admin).dismiss('post', posts[0]!).expect(200);
      await as(other).act('post', posts[1]!).expect(200);
      await as(other).dismiss('post', posts[2]!).expect(200);

      const byOther = ((await as(admin).audit(`?admin_id=${other.user.id}`).expect(200)).body as AuditListView).entries;
      expect(byOther.map((entry) => [entry.action, entry.record_id])).toEqual([
        ['report.dismissed', posts[2]],
        ['post.removed', posts[1]],
      ]);
      const removals = ((await as(admin).audit(`?action=post.removed&record_type=post`).expect(200)).body as AuditListView).entries;
      expect(removals.map((entry) => entry.record_id)).toContain(posts[1]);
      expect(removals.every((entry) => entry.action === 'post.removed' && entry.record_type === 'post')).toBe(true);

      const all: AdminAuditView[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = (await as(admin).audit(`?limit=2&cursor=${cursor}`).expect(200)).body as AuditListView;
        all.push(...page.entries);
        cursor = page.nextCursor;
      }
      const { rows } = await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM admin_audit');
      expect(all).toHaveLength(rows[0]!.count);
      expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
      const instants = all.map((entry) => entry.created_at);
      expect(instants).toEqual([...instants].sort().reverse());
    });
  });
});
