import { DataSource } from 'typeorm';
import { NotificationsService } from '../../api/src/modules/notifications/notifications.service.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { createEvent } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

const FOLLOW_LIMIT = 5;
const POST_LIMIT = 2;

/**
 * Follows (POST/DELETE/GET /users/{id}/follow, the two lists), the notifications they and the
 * community's likes send, and the community's hourly limits (small here, so they can be reached).
 */
describe('follows', () => {
  let api: TestApi;
  let host: SignedUp;
  beforeAll(async () => {
    api = await startTestApi({ COMMUNITY_FOLLOW_LIMIT: String(FOLLOW_LIMIT), COMMUNITY_POST_LIMIT: String(POST_LIMIT) });
    host = await signUpHost(api, { name: 'DJ Aria' });
  });
  afterAll(async () => {
    await api.close();
  });

  const follow = (who: SignedUp, id: string) => api.http().post(`/api/v1/users/${id}/follow`).set(bearer(who.token));
  const unfollow = (who: SignedUp, id: string) => api.http().delete(`/api/v1/users/${id}/follow`).set(bearer(who.token));
  const followerCount = async (id: string) =>
    (await api.db.query<{ follower_count: number }>('SELECT follower_count FROM users WHERE id = $1', [id])).rows[0]!.follower_count;
  const inbox = async (who: SignedUp) =>
    (await api.http().get('/api/v1/notifications').set(bearer(who.token)).expect(200)).body.notifications;

  it('follows once, says so to the followed person once, and unfollows', async () => {
    const [fan, followed] = [await signUp(api, { name: 'Kabir Fan' }), await signUpHost(api)];
    expect((await follow(fan, followed.user.id).expect(200)).body).toEqual({ following: true, followerCount: 1 });
    expect((await follow(fan, followed.user.id).expect(200)).body).toEqual({ following: true, followerCount: 1 });
    expect((await api.http().get(`/api/v1/users/${followed.user.id}/follow`).set(bearer(fan.token)).expect(200)).body).toEqual({
      following: true,
      followerCount: 1,
    });
    expect((await unfollow(fan, followed.user.id).expect(200)).body).toEqual({ following: false, followerCount: 0 });
    expect((await unfollow(fan, followed.user.id).expect(200)).body).toEqual({ following: false, followerCount: 0 });
    await follow(fan, followed.user.id).expect(200);

    const told = (await inbox(followed)).filter((n: { type: string }) => n.type === 'new_follower');
    expect(told).toEqual([
      expect.objectContaining({ fanId: fan.user.id, body: 'Kabir Fan started following you.', link: `/profile-preview/${fan.user.id}` }),
    ]);
  });

  it('counts exactly when 40 people follow at once, and when they all leave at once', async () => {
    const followed = await signUpHost(api);
    const fans = await Promise.all(Array.from({ length: 40 }, () => signUp(api)));
    const answers = await Promise.all(fans.map((fan) => follow(fan, followed.user.id)));
    expect(answers.map((answer) => answer.status)).toEqual(fans.map(() => 200));
    expect(await followerCount(followed.user.id)).toBe(40);
    await Promise.all(fans.map((fan) => unfollow(fan, followed.user.id).expect(200)));
    expect(await followerCount(followed.user.id)).toBe(0);
  });

  it('refuses following oneself, a guest, and a person who is not there', async () => {
    const fan = await signUp(api);
    expect((await follow(fan, fan.user.id).expect(400)).body).toEqual({ error: 'You cannot follow yourself.', code: 'cannot_follow_self' });
    await api.http().post(`/api/v1/users/${host.user.id}/follow`).expect(401);
    await api.http().delete(`/api/v1/users/${host.user.id}/follow`).expect(401);
    await follow(fan, '7d1f6c2e-0000-4000-8000-000000000000').expect(404);
    await follow(fan, 'not-an-id').expect(400);
  });

  it('refuses a follow past the hourly limit with 429 and when to retry, following nobody more', async () => {
    const fan = await signUp(api);
    const hosts = await Promise.all(Array.from({ length: FOLLOW_LIMIT + 1 }, () => signUpHost(api)));
    for (const followed of hosts.slice(0, FOLLOW_LIMIT)) await follow(fan, followed.user.id).expect(200);
    const refused = await follow(fan, hosts[FOLLOW_LIMIT]!.user.id).expect(429);
    expect(refused.body).toEqual({
      error: 'You are following too many people too fast. Please try again later.',
      code: 'too_many_requests',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await followerCount(hosts[FOLLOW_LIMIT]!.user.id)).toBe(0);
  });

  it(`refuses a post past the hourly limit of ${POST_LIMIT}, counting only posts it would have written`, async () => {
    const writer = await signUp(api);
    const post = (body: object) => api.http().post('/api/v1/community/posts').set(bearer(writer.token)).send(body);
    const othersEvent = await createEvent(api, host, { min_bid: 0 });
    // Refused for what they say (an event they were not at, a photo that is not their upload): no limit used.
    for (let attempt = 0; attempt < POST_LIMIT + 1; attempt++) {
      await post({ text: 'Was great', eventId: othersEvent.id }).expect(403);
      await post({ text: 'Look', photos: ['https://elsewhere.example/p.jpg'] }).expect(400);
    }
    for (let written = 0; written < POST_LIMIT; written++) await post({ text: `Post ${written + 1}` }).expect(201);
    const refused = await post({ text: 'One too many' }).expect(429);
    expect(refused.body).toEqual({ error: 'You are posting too fast. Please try again later.', code: 'too_many_requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await api.db.query('SELECT text FROM community_post WHERE author_id = $1 ORDER BY created_at', [writer.user.id])).rows).toEqual(
      [{ text: 'Post 1' }, { text: 'Post 2' }],
    );
  });

  it('lists followers and following newest first, page by page, to guests too', async () => {
    const followed = await signUpHost(api);
    const fans: SignedUp[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      const fan = await signUp(api, { name });
      await follow(fan, followed.user.id).expect(200);
      fans.push(fan);
    }
    const first = await api.http().get(`/api/v1/users/${followed.user.id}/followers?limit=2`).expect(200);
    expect(first.body.people.map((p: { name: string }) => p.name)).toEqual(['Third', 'Second']);
    expect(first.body.people[0]).toEqual({ id: fans[2]!.user.id, name: 'Third', avatarUrl: null, verified: false, role: 'fan' });
    const second = await api.http().get(`/api/v1/users/${followed.user.id}/followers?limit=2&cursor=${first.body.nextCursor}`).expect(200);
    expect(second.body).toEqual({ people: [expect.objectContaining({ name: 'First' })], nextCursor: null });

    const following = await api.http().get(`/api/v1/users/${fans[0]!.user.id}/following`).expect(200);
    expect(following.body.people.map((p: { id: string }) => p.id)).toEqual([followed.user.id]);
    const guestView = await api.http().get(`/api/v1/users/${followed.user.id}/follow`).expect(200);
    expect(guestView.body).toEqual({ following: false, followerCount: 3 });
    const bad = await api.http().get(`/api/v1/users/${followed.user.id}/followers?cursor=nonsense`).expect(400);
    expect(bad.body.code).toBe('bad_cursor');
  });

  it('forgets an erased account’s follows both ways, with the counts', async () => {
    const [leaving, followed, follower] = [await signUp(api), await signUpHost(api), await signUp(api)];
    await follow(leaving, followed.user.id).expect(200);
    await follow(follower, leaving.user.id).expect(200);
    await api.http().delete('/api/v1/users/me').set(bearer(leaving.token)).expect(200);
    await runPendingJobs(api);
    expect(await followerCount(followed.user.id)).toBe(0);
    expect((await api.db.query('SELECT 1 FROM user_follow WHERE $1 IN (follower_id, followed_id)', [leaving.user.id])).rowCount).toBe(0);
    await api.http().get(`/api/v1/users/${leaving.user.id}/followers`).expect(404);
  });

  describe('grouped notifications (a post’s likes)', () => {
    const group = (recipient: SignedUp, actor: SignedUp, groupKey: string, kind: 'liked' | 'commented' = 'liked') =>
      api.app.get(DataSource).transaction((tx) =>
        api.app.get(NotificationsService).notifyGrouped(tx, {
          userId: recipient.user.id,
          type: kind === 'liked' ? 'post_liked' : 'post_commented',
          fanId: actor.user.id,
          groupKey,
          link: '/post/p',
          repeatIsNews: kind === 'commented',
        }),
      );

    it('gathers people in one unread notification, each once, and starts a new one after it is read', async () => {
      const author = await signUp(api);
      const [priya, kabir] = [await signUp(api, { name: 'Priya' }), await signUp(api, { name: 'Kabir' })];
      await group(author, kabir, 'post_liked:a');
      await group(author, priya, 'post_liked:a');
      await group(author, priya, 'post_liked:a');
      const [gathered, ...rest] = await inbox(author);
      expect(rest).toEqual([]);
      expect(gathered).toMatchObject({
        type: 'post_liked',
        fanId: priya.user.id,
        body: 'Priya and 1 other liked your post.',
        link: '/post/p',
      });

      const pushes = await api.db.query(
        `SELECT 1 FROM outbox_event WHERE type = 'notification.created' AND payload->'notificationIds' ? $1`,
        [gathered.id],
      );
      expect(pushes.rowCount).toBe(1);

      await api.http().post(`/api/v1/notifications/${gathered.id}/read`).set(bearer(author.token)).expect(200);
      await group(author, kabir, 'post_liked:a');
      const [fresh] = await inbox(author);
      expect(fresh).toMatchObject({ body: 'Kabir liked your post.', isRead: false });
      expect(fresh.id).not.toBe(gathered.id);
    });

    it('is not moved up, nor names them, when someone already in it likes again (a like taken back and given again); another comment is news', async () => {
      const author = await signUp(api);
      const [priya, kabir] = [await signUp(api, { name: 'Priya' }), await signUp(api, { name: 'Kabir' })];
      await group(author, kabir, 'post_liked:c');
      await group(author, priya, 'post_liked:c');
      const [before] = await inbox(author);
      await group(author, kabir, 'post_liked:c');
      const [after, ...rest] = await inbox(author);
      expect(rest).toEqual([]);
      expect(after).toMatchObject({
        id: before.id,
        fanId: priya.user.id,
        body: 'Priya and 1 other liked your post.',
        createdAt: before.createdAt,
      });

      // Another comment by someone already in the comments' notice is news: it names them and comes up again.
      await group(author, kabir, 'post_commented:c', 'commented');
      await group(author, priya, 'post_commented:c', 'commented');
      await group(author, kabir, 'post_commented:c', 'commented');
      const [comments] = await inbox(author);
      expect(comments).toMatchObject({ type: 'post_commented', fanId: kabir.user.id });
    });

    it('keeps one notification when the same like is told at once from several jobs', async () => {
      const [author, priya] = [await signUp(api), await signUp(api, { name: 'Priya' })];
      await Promise.all([1, 2, 3, 4].map(() => group(author, priya, 'post_liked:b')));
      const notifications = await inbox(author);
      expect(notifications).toEqual([expect.objectContaining({ body: 'Priya liked your post.' })]);
    });
  });
});
