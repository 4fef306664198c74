import { randomUUID } from 'node:crypto';
import { type PostView } from '../../api/src/contracts/community.contract.js';
import { CommunityErasureStep } from '../../api/src/modules/community/community-erasure.step.js';
import { CommunityMediaReferences } from '../../api/src/modules/community/community-media-references.adapter.js';
import { NotifyCommentHandler } from '../../api/src/modules/community/jobs/notify-comment.job.js';
import { NotifyEventPostHandler } from '../../api/src/modules/community/jobs/notify-event-post.job.js';
import { NotifyLikeHandler } from '../../api/src/modules/community/jobs/notify-like.job.js';
import { MEDIA_REFERENCES, type MediaReferences } from '../../api/src/modules/uploads/media-references.port.js';
import { AccountEraseHandler } from '../../api/src/modules/users/jobs/account-erase.job.js';
import { publicUploadBase } from '../../api/src/platform/providers/storage/storage.module.js';
import { STORAGE, type StoragePort } from '../../api/src/platform/providers/storage/storage.port.js';
import { bearer, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { createEvent } from '../support/join-flow.js';
import { runPendingJobs } from '../support/run-jobs.js';
import { startTestApi, type TestApi } from '../support/test-api.js';

interface NotificationRow {
  type: string;
  fan_id: string;
  actor_ids: string[];
  group_key: string | null;
  link: string;
  event_id: string | null;
  event_title: string | null;
}

/** The community's jobs (notifications of likes, comments and event posts), account erasure and the uploads sweep's port. */
describe('community: notifications, account erasure, photos', () => {
  let api: TestApi;
  let author: SignedUp;
  let photoBase: string;

  beforeAll(async () => {
    api = await startTestApi();
    author = await signUp(api, { name: 'Priya Author' });
    photoBase = publicUploadBase(api.app.get<StoragePort>(STORAGE));
  });
  afterAll(async () => {
    await api.close();
  });

  const people = (count: number, name = 'Person') =>
    Promise.all(Array.from({ length: count }, (_, i) => signUp(api, { name: `${name} ${i}` })));
  const base = '/api/v1/community';
  const newPost = async (who: SignedUp, body: object = {}): Promise<PostView> =>
    (
      await api
        .http()
        .post(`${base}/posts`)
        .set(bearer(who.token))
        .send({ text: 'Evening walk', ...body })
        .expect(201)
    ).body;
  const like = (who: SignedUp, postId: string, liked?: boolean) =>
    api
      .http()
      .post(`${base}/posts/${postId}/like`)
      .set(bearer(who.token))
      .send(liked === undefined ? {} : { liked })
      .expect(200);
  const comment = async (who: SignedUp, postId: string, text = 'Nice'): Promise<string> =>
    (await api.http().post(`${base}/posts/${postId}/comments`).set(bearer(who.token)).send({ text }).expect(201)).body.id;
  const notificationsOf = async (who: SignedUp, type: string) =>
    (
      await api.db.query<NotificationRow>(
        `SELECT type, fan_id, actor_ids, group_key, link, event_id, event_title FROM notification
          WHERE user_id = $1 AND type = $2 ORDER BY created_at`,
        [who.user.id, type],
      )
    ).rows;
  /** The outbox events of this type are marked published without their jobs running: Redis lost them. */
  const loseJobs = (type: string) =>
    api.db.query('UPDATE outbox_event SET published_at = now() WHERE type = $1 AND published_at IS NULL', [type]);

  describe('likes and comments', () => {
    it('tells the author of likes in one unread notification naming each person once, and starts a new one once it is read', async () => {
      const post = await newPost(author);
      const [first, second, third] = await people(3, 'Liker');
      await like(first!, post.id);
      await like(second!, post.id);
      await like(author, post.id);
      await runPendingJobs(api);
      const group = `post_liked:${post.id}`;
      expect(await notificationsOf(author, 'post_liked')).toEqual([
        {
          type: 'post_liked',
          fan_id: second!.user.id,
          actor_ids: [first!.user.id, second!.user.id],
          group_key: group,
          link: `/post/${post.id}`,
          event_id: null,
          event_title: null,
        },
      ]);

      // Taken back and given again: the same notification, the person counted once, and no news (the latest new liker stays named).
      await like(first!, post.id, false);
      await like(first!, post.id, true);
      await runPendingJobs(api);
      expect((await notificationsOf(author, 'post_liked')).map((row) => [row.fan_id, row.actor_ids])).toEqual([
        [second!.user.id, [first!.user.id, second!.user.id]],
      ]);

      await api.db.query('UPDATE notification SET read_at = now() WHERE user_id = $1 AND group_key = $2', [author.user.id, group]);
      await like(third!, post.id);
      await runPendingJobs(api);
      expect((await notificationsOf(author, 'post_liked')).map((row) => [row.fan_id, row.actor_ids])).toEqual([
        [second!.user.id, [first!.user.id, second!.user.id]],
        [third!.user.id, [third!.user.id]],
      ]);
      // A like the author already read about, taken back and given again, is no news: nothing new, nobody added.
      await like(first!, post.id, false);
      await like(first!, post.id, true);
      await runPendingJobs(api);
      expect((await notificationsOf(author, 'post_liked')).map((row) => [row.fan_id, row.actor_ids])).toEqual([
        [second!.user.id, [first!.user.id, second!.user.id]],
        [third!.user.id, [third!.user.id]],
      ]);
      for (const liker of [first!, second!, third!]) expect(await notificationsOf(liker, 'post_liked')).toEqual([]);
    });

    it('gathers likes and comments addressed with the post id in capitals into the notification the reconciler looks for', async () => {
      const post = await newPost(author);
      const [shouting, quiet] = await people(2, 'Caps');
      await like(shouting!, post.id.toUpperCase());
      await like(quiet!, post.id);
      await comment(shouting!, post.id.toUpperCase());
      await runPendingJobs(api);
      // Every notification of this post's likes or comments, whatever case its key was spelled in.
      const ofPost = async (type: string) =>
        (await notificationsOf(author, type)).filter((row) => row.group_key?.toLowerCase() === `${type}:${post.id}`);
      expect(await ofPost('post_liked')).toEqual([
        expect.objectContaining({
          group_key: `post_liked:${post.id}`,
          link: `/post/${post.id}`,
          actor_ids: [shouting!.user.id, quiet!.user.id],
        }),
      ]);
      expect(await ofPost('post_commented')).toEqual([
        expect.objectContaining({ group_key: `post_commented:${post.id}`, link: `/post/${post.id}`, actor_ids: [shouting!.user.id] }),
      ]);
      // Told, so the reconciler finds nothing to tell once the likes are a minute old.
      await api.db.query(`UPDATE community_post_like SET created_at = now() - interval '2 minutes' WHERE post_id = $1`, [post.id]);
      expect((await api.app.get(NotifyLikeHandler).findDue(1000)).filter((due) => due.postId === post.id)).toEqual([]);
    });

    it('tells nobody of a like taken back, or a comment removed, before the job ran, nor of anything on a removed post', async () => {
      const post = await newPost(author);
      const [fickle, remover, late] = await people(3);
      await like(fickle!, post.id);
      await like(fickle!, post.id, false);
      const removed = await comment(remover!, post.id);
      await api.http().delete(`${base}/comments/${removed}`).set(bearer(remover!.token)).expect(204);
      const gone = await newPost(author);
      await like(late!, gone.id);
      await comment(late!, gone.id);
      await api.http().delete(`${base}/posts/${gone.id}`).set(bearer(author.token)).expect(204);
      await runPendingJobs(api);
      const groups = [`post_liked:${post.id}`, `post_commented:${post.id}`, `post_liked:${gone.id}`, `post_commented:${gone.id}`];
      const { rows } = await api.db.query('SELECT 1 FROM notification WHERE group_key = ANY($1)', [groups]);
      expect(rows).toEqual([]);
    });

    it('tells the author of comments by others in one notification, a person named once however often they comment', async () => {
      const post = await newPost(author);
      const [first, second] = await people(2, 'Commenter');
      await comment(first!, post.id, 'one');
      await comment(first!, post.id, 'two');
      await comment(author, post.id, 'thanks');
      await comment(second!, post.id, 'three');
      await runPendingJobs(api);
      expect(await notificationsOf(author, 'post_commented')).toContainEqual({
        type: 'post_commented',
        fan_id: second!.user.id,
        actor_ids: [first!.user.id, second!.user.id],
        group_key: `post_commented:${post.id}`,
        link: `/post/${post.id}`,
        event_id: null,
        event_title: null,
      });
      // A job run twice names nobody twice.
      const handler = api.app.get(NotifyCommentHandler);
      const { rows } = await api.db.query<{ id: string }>('SELECT id FROM community_comment WHERE post_id = $1 AND author_id = $2', [
        post.id,
        second!.user.id,
      ]);
      await handler.handle({ postId: post.id, commentId: rows[0]!.id, outboxId: randomUUID() });
      const group = (await notificationsOf(author, 'post_commented')).filter((row) => row.group_key === `post_commented:${post.id}`);
      expect(group.map((row) => row.actor_ids)).toEqual([[first!.user.id, second!.user.id]]);
    });

    it('finds a like or comment whose job was lost once a minute has passed, and nothing once told', async () => {
      const post = await newPost(author);
      const [liker] = await people(1);
      await like(liker!, post.id);
      const commentId = await comment(liker!, post.id);
      await Promise.all([loseJobs('community.post_liked'), loseJobs('community.comment_added')]);
      const likes = api.app.get(NotifyLikeHandler);
      const comments = api.app.get(NotifyCommentHandler);
      const liked = { postId: post.id, likerId: liker!.user.id };
      const commented = { postId: post.id, commentId };
      expect(await likes.findDue(100)).not.toContainEqual(liked);
      expect(await comments.findDue(100)).not.toContainEqual(commented);

      await api.db.query(`UPDATE community_post_like SET created_at = now() - interval '2 minutes' WHERE post_id = $1`, [post.id]);
      await api.db.query(`UPDATE community_comment SET created_at = now() - interval '2 minutes' WHERE id = $1`, [commentId]);
      expect(await likes.findDue(100)).toContainEqual(liked);
      expect(await comments.findDue(100)).toContainEqual(commented);

      await likes.handle({ ...liked, outboxId: randomUUID() });
      await comments.handle({ ...commented, outboxId: randomUUID() });
      expect(await likes.findDue(100)).not.toContainEqual(liked);
      expect(await comments.findDue(100)).not.toContainEqual(commented);
      // Past the hour it is no longer looked for.
      await api.db.query(`UPDATE community_post_like SET created_at = now() - interval '2 hours' WHERE post_id = $1`, [post.id]);
      await api.db.query('DELETE FROM notification WHERE user_id = $1 AND group_key = $2', [author.user.id, `post_liked:${post.id}`]);
      expect(await likes.findDue(100)).not.toContainEqual(liked);
    });
  });

  describe('a new post about an event', () => {
    /** Followers of `who` since ten minutes ago (the follows endpoints are not this file's subject). */
    const follow = (followerIds: string[], who: SignedUp, since = "now() - interval '10 minutes'") =>
      api.db.query(`INSERT INTO user_follow (follower_id, followed_id, created_at) SELECT f, $2, ${since} FROM unnest($1::uuid[]) AS f`, [
        followerIds,
        who.user.id,
      ]);

    it('tells each of the author’s followers once, in chunks, and not those who followed after it', async () => {
      const host = await signUpHost(api, { name: 'Host Meera' });
      const event = await createEvent(api, host, { title: 'Rooftop jazz', location: 'Pune' });
      // More followers than one chunk: made in SQL, as a famous host's would take long through the API.
      const { rows } = await api.db.query<{ id: string }>(
        `INSERT INTO users (name) SELECT 'Follower ' || n FROM generate_series(1, 1205) AS n RETURNING id`,
      );
      const followerIds = rows.map(({ id }) => id);
      await follow(followerIds, host);
      const gone = followerIds[0]!;
      await api.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [gone]);

      await newPost(host, { text: 'No event, no news' });
      const post = await newPost(host, { eventId: event.id });
      const late = await signUp(api);
      await follow([late.user.id], host, 'now()');
      await runPendingJobs(api);

      const told = await api.db.query<{
        id: string;
        user_id: string;
        fan_id: string;
        event_id: string;
        event_title: string;
        link: string;
        dedupe_key: string;
      }>(`SELECT id, user_id, fan_id, event_id, event_title, link, dedupe_key FROM notification WHERE type = 'new_post' AND fan_id = $1`, [
        host.user.id,
      ]);
      expect(told.rows).toHaveLength(followerIds.length - 1);
      expect(new Set(told.rows.map((row) => row.user_id))).toEqual(new Set(followerIds.slice(1)));
      expect(told.rows[0]).toMatchObject({
        event_id: event.id,
        event_title: 'Rooftop jazz',
        link: `/post/${post.id}`,
        dedupe_key: `new_post:${post.id}`,
      });
      // Each chunk's notifications are pushed by their own notification.created events.
      const pushed = await api.db.query<{ size: number }>(
        `SELECT jsonb_array_length(payload->'notificationIds') AS size FROM outbox_event
          WHERE type = 'notification.created' AND payload->'notificationIds' ?| $1::text[] ORDER BY created_at`,
        [told.rows.map((row) => row.id)],
      );
      expect(pushed.rows.map((row) => row.size)).toEqual([1000, followerIds.length - 1 - 1000]);

      // Run again (a retry, or the reconciler): nobody is told twice.
      const handler = api.app.get(NotifyEventPostHandler);
      await handler.handle({ postId: post.id, outboxId: randomUUID() });
      expect(
        Number(
          (await api.db.query(`SELECT count(*) FROM notification WHERE type = 'new_post' AND fan_id = $1`, [host.user.id])).rows[0].count,
        ),
      ).toBe(followerIds.length - 1);
      expect(await handler.findDue(100)).not.toContainEqual({ postId: post.id });
    });

    it('finds an event post whose followers were not told once a minute has passed', async () => {
      const host = await signUpHost(api);
      const event = await createEvent(api, host, { location: 'Goa' });
      const [follower] = await people(1);
      await follow([follower!.user.id], host);
      const post = await newPost(host, { eventId: event.id });
      await loseJobs('community.event_post_published');
      const handler = api.app.get(NotifyEventPostHandler);
      expect(await handler.findDue(100)).not.toContainEqual({ postId: post.id });
      await api.db.query(`UPDATE community_post SET created_at = now() - interval '2 minutes' WHERE id = $1`, [post.id]);
      expect(await handler.findDue(100)).toContainEqual({ postId: post.id });
      await handler.handle({ postId: post.id, outboxId: randomUUID() });
      expect(await notificationsOf(follower!, 'new_post')).toHaveLength(1);
      expect(await handler.findDue(100)).not.toContainEqual({ postId: post.id });
    });
  });

  describe('an account being deleted, then erased', () => {
    it('hides what they wrote at once; erasure deletes it and corrects the counts of other people’s posts and comments', async () => {
      const [leaving, friend] = await people(2, 'Deleting');
      const mediaId = randomUUID();
      const theirs = await newPost(leaving!, { photos: [`${photoBase}${mediaId}-w640.webp`] });
      await comment(friend!, theirs.id, 'On their post');
      await like(friend!, theirs.id);

      const friends = await newPost(friend!);
      const friendsComment = await comment(friend!, friends.id, 'My own words');
      await like(leaving!, friends.id);
      await api.http().post(`${base}/comments/${friendsComment}/like`).set(bearer(leaving!.token)).expect(200);
      await comment(leaving!, friends.id, 'Their words');
      const takenBack = await comment(leaving!, friends.id, 'Taken back');
      await api.http().delete(`${base}/comments/${takenBack}`).set(bearer(leaving!.token)).expect(204);
      await api
        .http()
        .post(`${base}/posts/${friends.id}/report`)
        .set(bearer(leaving!.token))
        .send({ reason: 'other', details: 'Their words' })
        .expect(201);
      const friendsPost = async () => (await api.http().get(`${base}/posts/${friends.id}`).expect(200)).body as PostView;
      expect(await friendsPost()).toMatchObject({ likeCount: 1, commentCount: 2 });

      await api.http().delete('/api/v1/users/me').set(bearer(leaving!.token)).expect(200);
      await api.http().get(`${base}/posts/${theirs.id}`).expect(404);
      expect((await api.http().get(`${base}/posts/interactions?authorId=${leaving!.user.id}`).expect(200)).body.posts).toEqual([]);
      const listed = (await api.http().get(`${base}/posts/${friends.id}/comments`).expect(200)).body.comments as Array<{ text: string }>;
      expect(listed.map(({ text }) => text)).toEqual(['My own words']);
      expect((await friendsPost()).firstComments.map(({ text }) => text)).toEqual(['My own words']);

      await api.app.get(AccountEraseHandler).handle({ userId: leaving!.user.id, outboxId: randomUUID() });
      const state = async () => ({
        posts: (await api.db.query('SELECT 1 FROM community_post WHERE author_id = $1', [leaving!.user.id])).rowCount,
        comments: (await api.db.query('SELECT 1 FROM community_comment WHERE author_id = $1', [leaving!.user.id])).rowCount,
        likes: (await api.db.query('SELECT 1 FROM community_post_like WHERE user_id = $1', [leaving!.user.id])).rowCount,
        commentLikes: (await api.db.query('SELECT 1 FROM community_comment_like WHERE user_id = $1', [leaving!.user.id])).rowCount,
        counts: (await api.db.query('SELECT like_count, comment_count FROM community_post WHERE id = $1', [friends.id])).rows[0],
        commentLikes_: (await api.db.query('SELECT like_count FROM community_comment WHERE id = $1', [friendsComment])).rows[0],
        reports: (await api.db.query('SELECT reason, details FROM community_report WHERE reporter_id = $1', [leaving!.user.id])).rows,
        photo: await api.app.get(CommunityMediaReferences).referencedAmong([mediaId]),
      });
      const erased = {
        posts: 0,
        comments: 0,
        likes: 0,
        commentLikes: 0,
        counts: { like_count: 0, comment_count: 1 },
        commentLikes_: { like_count: 0 },
        reports: [{ reason: 'other', details: null }],
        photo: new Set(),
      };
      expect(await state()).toEqual(erased);
      // The erasure may run again: nothing more changes.
      await api.app.get(CommunityErasureStep).erase(leaving!.user.id);
      expect(await state()).toEqual(erased);
      expect(await friendsPost()).toMatchObject({ likeCount: 0, commentCount: 1 });
    });
  });

  describe('photos and the uploads sweep', () => {
    it('answers the uploads module for the photos of posts not removed', async () => {
      const [shown, removed, never] = [randomUUID(), randomUUID(), randomUUID()];
      await newPost(author, { photos: [`${photoBase}${shown}.jpg`] });
      const gone = await newPost(author, { photos: [`${photoBase}${removed}-w1080.webp`] });
      await api.http().delete(`${base}/posts/${gone.id}`).set(bearer(author.token)).expect(204);
      const references = api.app.get(CommunityMediaReferences);
      expect(await references.referencedAmong([shown, removed, never])).toEqual(new Set([shown]));
      expect(api.app.get<MediaReferences[]>(MEDIA_REFERENCES)).toContain(references);
    });
  });
});
