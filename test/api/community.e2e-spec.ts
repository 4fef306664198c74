import { randomUUID } from 'node:crypto';
import {
  CommunityLimits,
  CommunityMessages,
  encodeCursor,
  type CommentView,
  type FeedView,
  type PostView,
} from '../../api/src/contracts/community.contract.js';
import { publicUploadBase } from '../../api/src/platform/providers/storage/storage.module.js';
import { STORAGE, type StoragePort } from '../../api/src/platform/providers/storage/storage.port.js';
import { bearer, makeAdmin, signUp, signUpHost, type SignedUp } from '../support/factories.js';
import { applyFree, createEvent, decide, times } from '../support/join-flow.js';
import { countRows, startTestApi, type TestApi } from '../support/test-api.js';

/** Reports per person per hour in this file: low enough to reach, high enough for the other report tests. */
const REPORT_LIMIT = 3;

/** Posts, comments, likes and reports over HTTP: access, validation, paging and concurrency. */
describe('community: posts, comments, likes, reports', () => {
  let api: TestApi;
  let author: SignedUp;
  let other: SignedUp;
  let admin: SignedUp;
  let photoBase: string;

  beforeAll(async () => {
    // Posting and commenting are limited per person; this file's few people post and comment far more.
    api = await startTestApi({
      COMMUNITY_REPORT_LIMIT: String(REPORT_LIMIT),
      COMMUNITY_POST_LIMIT: '1000',
      COMMUNITY_COMMENT_LIMIT: '1000',
    });
    [author, other, admin] = await Promise.all([
      signUp(api, { name: 'Priya Author', location: 'Koramangala, Bengaluru' }),
      signUp(api, { name: 'Ravi Other', location: 'Bandra, Mumbai' }),
      signUp(api, { name: 'Asha Admin' }),
    ]);
    await makeAdmin(api, admin.user.id);
    photoBase = publicUploadBase(api.app.get<StoragePort>(STORAGE));
  });
  afterAll(async () => {
    await api.close();
  });

  const ownPhoto = () => `${photoBase}${randomUUID()}-w640.webp`;

  /** The community's routes as one person (or a guest) calls them. */
  const as = (who: SignedUp | null) => {
    const auth = (test: ReturnType<ReturnType<TestApi['http']>['get']>) => (who ? test.set(bearer(who.token)) : test);
    const base = '/api/v1/community';
    return {
      feed: (query = '') => auth(api.http().get(`${base}/posts/interactions${query}`)),
      post: (id: string) => auth(api.http().get(`${base}/posts/${id}`)),
      create: (body: object) => auth(api.http().post(`${base}/posts`)).send(body),
      edit: (id: string, body: object) => auth(api.http().put(`${base}/posts/${id}`)).send(body),
      remove: (id: string) => auth(api.http().delete(`${base}/posts/${id}`)),
      like: (id: string, body?: object) => {
        const request = auth(api.http().post(`${base}/posts/${id}/like`));
        return body ? request.send(body) : request;
      },
      likeState: (id: string) => auth(api.http().get(`${base}/posts/${id}/like`)),
      comment: (id: string, text: string) => auth(api.http().post(`${base}/posts/${id}/comments`)).send({ text }),
      comments: (id: string, query = '') => auth(api.http().get(`${base}/posts/${id}/comments${query}`)),
      editComment: (id: string, text: string) => auth(api.http().put(`${base}/comments/${id}`)).send({ text }),
      removeComment: (id: string) => auth(api.http().delete(`${base}/comments/${id}`)),
      likeComment: (id: string, body?: object) => {
        const request = auth(api.http().post(`${base}/comments/${id}/like`));
        return body ? request.send(body) : request;
      },
      commentLikeState: (id: string) => auth(api.http().get(`${base}/comments/${id}/like`)),
      reportPost: (id: string, body: object) => auth(api.http().post(`${base}/posts/${id}/report`)).send(body),
      reportComment: (id: string, body: object) => auth(api.http().post(`${base}/comments/${id}/report`)).send(body),
      adminReports: (query = '') => auth(api.http().get(`/api/v1/admin/community-reports${query}`)),
    };
  };

  async function newPost(who: SignedUp, body: object = {}): Promise<PostView> {
    const response = await as(who).create({ text: 'Sunset at the lake', ...body });
    if (response.status !== 201) throw new Error(`posting answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as PostView;
  }

  async function newComment(who: SignedUp, postId: string, text = 'Lovely'): Promise<CommentView> {
    const response = await as(who).comment(postId, text);
    if (response.status !== 201) throw new Error(`commenting answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as CommentView;
  }

  const outboxCount = async (type: string, postId: string) =>
    Number(
      (
        await api.db.query<{ count: string }>(`SELECT count(*) FROM outbox_event WHERE type = $1 AND payload->>'postId' = $2`, [
          type,
          postId,
        ])
      ).rows[0]!.count,
    );

  describe('posts', () => {
    it('stores a trimmed post with its photos in the author city; anyone reads it, only the author as theirs', async () => {
      const photo = ownPhoto();
      const created = await as(author)
        .create({ text: '  First light at Ulsoor\n', photos: [photo] })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        text: 'First light at Ulsoor',
        photos: [photo],
        responsivePhotos: [{ url: photo, variants: [] }],
        event: null,
        city: 'Bengaluru',
        author: { id: author.user.id, name: 'Priya Author', avatarUrl: null, avatarThumbnailUrl: null, verified: false, role: 'fan' },
        likeCount: 0,
        commentCount: 0,
        likedByMe: false,
        isMine: true,
        createdAt: expect.any(String),
        editedAt: null,
        firstComments: [],
      });
      const id = created.body.id as string;
      expect((await as(null).post(id).expect(200)).body).toMatchObject({ id, isMine: false, likedByMe: false });
      expect((await as(other).post(id).expect(200)).body).toMatchObject({ id, isMine: false });
      expect(await outboxCount('community.event_post_published', id)).toBe(0);
    });

    it('shows each photo with its WebP variants once the workers have made them, in the feed and on its page', async () => {
      const mediaId = randomUUID();
      const photo = `${photoBase}${mediaId}.jpg`;
      await api.db.query(
        `INSERT INTO media (id, owner_id, kind, storage_key, content_type, bytes, width, height)
         VALUES ($1, $2, 'image', $3, 'image/jpeg', 2000000, 4000, 3000)`,
        [mediaId, author.user.id, `${mediaId}.jpg`],
      );
      const post = await newPost(author, { text: 'Fresh from the camera', photos: [photo] });
      expect(post.responsivePhotos).toEqual([{ url: photo, variants: [] }]);

      const variants = [1280, 320, 640].map((width) => ({
        width,
        height: (width * 3) / 4,
        key: `${mediaId}-w${width}.webp`,
        bytes: width * 50,
      }));
      await api.db.query(`UPDATE media SET variants = $2, variants_status = 'ready' WHERE id = $1`, [mediaId, JSON.stringify(variants)]);
      const expected = [
        {
          url: photo,
          variants: [320, 640, 1280].map((width) => ({ width, height: (width * 3) / 4, url: `${photoBase}${mediaId}-w${width}.webp` })),
        },
      ];
      expect((await as(other).post(post.id).expect(200)).body.responsivePhotos).toEqual(expected);
      const inFeed = ((await as(null).feed(`?authorId=${author.user.id}&limit=50`).expect(200)).body as FeedView).posts;
      expect(inFeed.find(({ id }) => id === post.id)?.responsivePhotos).toEqual(expected);
    });

    it('refuses every write to a guest with 401, and the following feed too', async () => {
      const post = await newPost(author);
      const comment = await newComment(other, post.id);
      const guest = as(null);
      const refused = [
        guest.create({ text: 'Hello' }),
        guest.edit(post.id, { text: 'Hello' }),
        guest.remove(post.id),
        guest.like(post.id),
        guest.comment(post.id, 'Hi'),
        guest.editComment(comment.id, 'Hi'),
        guest.removeComment(comment.id),
        guest.likeComment(comment.id),
        guest.reportPost(post.id, { reason: 'spam' }),
        guest.reportComment(comment.id, { reason: 'spam' }),
        guest.feed('?following=true'),
        guest.adminReports(),
      ];
      for (const response of await Promise.all(refused)) expect(response.status).toBe(401);
      // Reads stay open.
      await guest.feed().expect(200);
      await guest.comments(post.id).expect(200);
      await guest.likeState(post.id).expect(200);
      await guest.commentLikeState(comment.id).expect(200);
    });

    it('lets only the author edit, the author or an admin remove; a removed post is 404 to everyone', async () => {
      const post = await newPost(author);
      const photo = ownPhoto();
      const notYours = await as(other).edit(post.id, { text: 'Mine now' }).expect(403);
      expect(notYours.body).toEqual({ error: CommunityMessages.notYourPost, code: 'forbidden' });
      await as(admin).edit(post.id, { text: 'Moderated' }).expect(403);
      await as(other).remove(post.id).expect(403);

      const edited = await as(author)
        .edit(post.id, { text: ' Edited words ', photos: [photo] })
        .expect(200);
      expect(edited.body).toMatchObject({ id: post.id, text: 'Edited words', photos: [photo], editedAt: expect.any(String) });

      await as(admin).remove(post.id).expect(204);
      const stored = await api.db.query('SELECT removed_at, removed_by FROM community_post WHERE id = $1', [post.id]);
      expect(stored.rows[0]).toEqual({ removed_at: expect.any(Date), removed_by: admin.user.id });
      for (const who of [null, author, other, admin]) {
        expect((await as(who).post(post.id).expect(404)).body).toEqual({ error: CommunityMessages.postNotFound, code: 'post_not_found' });
        await as(who).likeState(post.id).expect(404);
        await as(who).comments(post.id).expect(404);
      }
      await as(author).edit(post.id, { text: 'Back' }).expect(404);
      await as(author).remove(post.id).expect(404);
      await as(author).like(post.id).expect(404);
      await as(other).comment(post.id, 'Hello?').expect(404);
      await as(other).reportPost(post.id, { reason: 'spam' }).expect(404);
      const feed = (await as(author).feed(`?authorId=${author.user.id}&limit=50`).expect(200)).body as FeedView;
      expect(feed.posts.map(({ id }) => id)).not.toContain(post.id);

      // The author may remove their own.
      const own = await newPost(author);
      await as(author).remove(own.id).expect(204);
      await as(author).post(own.id).expect(404);
    });

    it('answers 404 for a post that never existed and 400 for an id that is not one', async () => {
      await as(author).post(randomUUID()).expect(404);
      await as(author).like(randomUUID()).expect(404);
      await as(author).comment(randomUUID(), 'Hi').expect(404);
      expect((await as(author).post('not-an-id').expect(400)).body.error).toBe('id: must be a valid id');
    });

    it.each([
      ['empty text', { text: '' }, CommunityMessages.emptyText],
      ['whitespace only', { text: ' \n\t ' }, CommunityMessages.emptyText],
      ['no text', {}, CommunityMessages.emptyText],
      ['control characters', { text: 'Hello\u0007there' }, CommunityMessages.controlCharacters],
      ['the NUL character', { text: 'Hello\u0000there' }, CommunityMessages.controlCharacters],
      ['2,001 characters', { text: 'x'.repeat(2001) }, 'text: must be at most 2000 characters'],
      ['11 photos', { text: 'Many', photos: 'own' }, CommunityMessages.tooManyPhotos],
      ['a photo from elsewhere', { text: 'Look', photos: ['https://cdn.example.in/a.jpg'] }, CommunityMessages.notOwnUpload],
      ['a photo that is no address', { text: 'Look', photos: ['not a url'] }, 'photos.0: must be a valid URL'],
      ['an event id that is not one', { text: 'Look', eventId: 'nope' }, 'eventId: must be a valid id'],
    ])('refuses %s with 400 and stores nothing', async (_label, body, message) => {
      const before = await countRows(api.db, 'community_post');
      const sent = 'photos' in body && body.photos === 'own' ? { ...body, photos: times(11, ownPhoto) } : body;
      expect((await as(author).create(sent).expect(400)).body.error).toBe(message);
      expect(await countRows(api.db, 'community_post')).toBe(before);
    });

    it('takes 2,000 characters and ten photos, with line breaks and tabs kept and bidi controls dropped', async () => {
      const photos = times(CommunityLimits.maxPhotos, ownPhoto);
      const long = await as(author)
        .create({ text: 'y'.repeat(2000), photos })
        .expect(201);
      expect(long.body.photos).toEqual(photos);
      const shaped = await as(author).create({ text: 'Line one\n\tLine two\u202e' }).expect(201);
      expect(shaped.body.text).toBe('Line one\n\tLine two');
      const edit = await as(author)
        .edit(shaped.body.id, { text: 'ok', photos: ['https://cdn.example.in/a.jpg'] })
        .expect(400);
      expect(edit.body.error).toBe(CommunityMessages.notOwnUpload);
    });

    it('lets the host and accepted attendees post about an event, no one else; the post carries the event and its city', async () => {
      const host = await signUpHost(api, { name: 'Host Meera' });
      const [accepted, pending] = await Promise.all([signUp(api), signUp(api)]);
      const event = await createEvent(api, host, { title: 'Jazz by the sea', min_bid: 0, location: 'Juhu, Mumbai' });
      await decide(api, host, await applyFree(api, accepted, event.id), 'accept').expect(200);
      await applyFree(api, pending, event.id);

      const hosts = await newPost(host, { eventId: event.id });
      expect(hosts).toMatchObject({
        event: { id: event.id, title: 'Jazz by the sea', date: new Date('2031-06-01T19:00:00+05:30').toISOString(), city: 'Mumbai' },
        city: 'Mumbai',
        author: { id: host.user.id, role: 'influencer' },
      });
      expect(await outboxCount('community.event_post_published', hosts.id)).toBe(1);
      const attendees = await newPost(accepted, { eventId: event.id });
      expect(attendees.event?.id).toBe(event.id);

      const before = await countRows(api.db, 'community_post');
      for (const who of [pending, other]) {
        expect((await as(who).create({ text: 'I was there', eventId: event.id }).expect(403)).body).toEqual({
          error: CommunityMessages.notAtEvent,
          code: 'not_at_event',
        });
      }
      const unknown = await as(host).create({ text: 'Which one?', eventId: randomUUID() }).expect(404);
      expect(unknown.body).toEqual({ error: CommunityMessages.eventNotFound, code: 'event_not_found' });
      expect(await countRows(api.db, 'community_post')).toBe(before);

      // The event it is about does not change with an edit.
      const edited = await as(host).edit(hosts.id, { text: 'Still jazz', eventId: null }).expect(200);
      expect(edited.body.event.id).toBe(event.id);
    });

    it('stops showing the event of a post once moderation takes the event off the site', async () => {
      const host = await signUpHost(api, { name: 'Host Tara' });
      const event = await createEvent(api, host, { title: 'Sunset ride', min_bid: 0 });
      const post = await newPost(host, { eventId: event.id });
      expect(post.event?.id).toBe(event.id);

      await api.db.query(`UPDATE event SET moderation_status = 'host_suspended' WHERE id = $1`, [event.id]);
      expect((await api.http().get(`/api/v1/community/posts/${post.id}`).expect(200)).body).toMatchObject({ id: post.id, event: null });
      // Nor may a new post name it.
      const refused = await as(host).create({ text: 'Still on?', eventId: event.id }).expect(404);
      expect(refused.body).toEqual({ error: CommunityMessages.eventNotFound, code: 'event_not_found' });
    });
  });

  describe('the feed', () => {
    const feedIds = async (who: SignedUp | null, query: string) =>
      ((await as(who).feed(query).expect(200)).body as FeedView).posts.map(({ id }) => id);

    it('pages newest first by cursor with no post twice and none left out, while new posts arrive', async () => {
      const writer = await signUp(api);
      const made: string[] = [];
      for (let index = 0; index < 7; index += 1) made.push((await newPost(writer, { text: `Post ${index}` })).id);
      const newestFirst = [...made].reverse();

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?authorId=${writer.user.id}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await as(null).feed(query).expect(200)).body as FeedView;
        seen.push(...page.posts.map(({ id }) => id));
        cursor = page.nextCursor;
        pages += 1;
        // A post made while paging is above the cursor: later pages do not show it.
        if (pages === 1) await newPost(writer, { text: 'Late arrival' });
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(newestFirst);
      expect((await as(null).feed(`?authorId=${writer.user.id}&limit=3`).expect(200)).body.posts[0].text).toBe('Late arrival');
    });

    it('filters by city (its canonical name, any case), event, author, and the people the viewer follows', async () => {
      const [bengaluru, mumbai] = [await newPost(author, { text: 'Namma city' }), await newPost(other, { text: 'Aamchi city' })];
      for (const city of ['Bengaluru', 'bangalore', 'BENGALURU']) {
        const posts = ((await as(null).feed(`?city=${city}&limit=50`).expect(200)).body as FeedView).posts;
        expect(posts.map(({ id }) => id)).toContain(bengaluru.id);
        expect(posts.map(({ id }) => id)).not.toContain(mumbai.id);
        expect(new Set(posts.map((post) => post.city))).toEqual(new Set(['Bengaluru']));
      }

      const host = await signUpHost(api);
      const event = await createEvent(api, host, { location: 'Pune' });
      const about = await newPost(host, { eventId: event.id });
      await newPost(host, { text: 'Not about it' });
      expect(await feedIds(null, `?eventId=${event.id}`)).toEqual([about.id]);

      const authorIds = await feedIds(null, `?authorId=${other.user.id}&limit=50`);
      expect(authorIds).toContain(mumbai.id);
      expect(authorIds).not.toContain(bengaluru.id);

      // Follows are made by the follows endpoints; here the row is enough.
      const follower = await signUp(api);
      expect(await feedIds(follower, '?following=true')).toEqual([]);
      await api.db.query('INSERT INTO user_follow (follower_id, followed_id) VALUES ($1, $2)', [follower.user.id, host.user.id]);
      const following = await feedIds(follower, '?following=true&limit=50');
      expect(following).toContain(about.id);
      expect(following).not.toContain(mumbai.id);
      expect(new Set(((await as(follower).feed('?following=true').expect(200)).body as FeedView).posts.map((p) => p.author.id))).toEqual(
        new Set([host.user.id]),
      );
    });

    it('pages the posts of the people one follows newest first, whoever wrote more', async () => {
      const [busy, quiet, follower] = await Promise.all([signUp(api), signUp(api), signUp(api)]);
      const made: string[] = [];
      for (const [who, count] of [
        [busy, 4],
        [quiet, 1],
        [busy, 2],
      ] as const) {
        for (let index = 0; index < count; index += 1) made.push((await newPost(who)).id);
      }
      await api.db.query('INSERT INTO user_follow (follower_id, followed_id) VALUES ($1, $2), ($1, $3)', [
        follower.user.id,
        busy.user.id,
        quiet.user.id,
      ]);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await as(follower)
            .feed(`?following=true&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
            .expect(200)
        ).body as FeedView;
        seen.push(...page.posts.map(({ id }) => id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...made].reverse());
    });

    it('shows each post with its counts, the viewer’s like and its first comments, oldest first', async () => {
      const post = await newPost(author, { text: 'Chatty post' });
      const comments = [
        await newComment(other, post.id, 'one'),
        await newComment(author, post.id, 'two'),
        await newComment(other, post.id, 'three'),
      ];
      await as(other).like(post.id).expect(200);

      const inFeed = async (who: SignedUp | null) =>
        ((await as(who).feed(`?authorId=${author.user.id}`).expect(200)).body as FeedView).posts.find(({ id }) => id === post.id)!;
      const seenByOther = await inFeed(other);
      expect(seenByOther).toMatchObject({ likeCount: 1, commentCount: 3, likedByMe: true, isMine: false });
      expect(seenByOther.firstComments.map(({ text }) => text)).toEqual(['one', 'two']);
      expect(seenByOther.firstComments[0]).toMatchObject({
        id: comments[0]!.id,
        postId: post.id,
        author: { id: other.user.id, name: 'Ravi Other' },
        isMine: true,
        likedByMe: false,
      });
      const seenByGuest = await inFeed(null);
      expect(seenByGuest).toMatchObject({ likedByMe: false, isMine: false });
      expect(seenByGuest.firstComments.every((comment) => !comment.isMine)).toBe(true);
      expect((await inFeed(author)).isMine).toBe(true);
    });

    it('keeps a page everyone reads fresh for each reader: likes, counts, new and removed posts and comments at once', async () => {
      const writer = await signUp(api, { name: 'Meera Writer' });
      const older = await newPost(writer, { text: 'Older' });
      const comment = await newComment(other, older.id, 'First!');
      const page = async (who: SignedUp | null) => ((await as(who).feed(`?authorId=${writer.user.id}`).expect(200)).body as FeedView).posts;
      expect((await page(null)).map(({ text }) => text)).toEqual(['Older']);

      await as(other).like(older.id, { liked: true }).expect(200);
      await as(author).likeComment(comment.id, { liked: true }).expect(200);
      const [byOther, byAuthor, byGuest] = [await page(other), await page(author), await page(null)];
      expect(byOther[0]).toMatchObject({ likeCount: 1, likedByMe: true, commentCount: 1 });
      expect(byOther[0]!.firstComments[0]).toMatchObject({ likeCount: 1, likedByMe: false, isMine: true });
      expect(byAuthor[0]).toMatchObject({ likeCount: 1, likedByMe: false });
      expect(byAuthor[0]!.firstComments[0]).toMatchObject({ likeCount: 1, likedByMe: true, isMine: false });
      expect(byGuest[0]).toMatchObject({ likeCount: 1, likedByMe: false });

      const newer = await newPost(writer, { text: 'Newer' });
      await newComment(author, older.id, 'Second');
      const afterWrites = await page(null);
      expect(afterWrites.map(({ text }) => text)).toEqual(['Newer', 'Older']);
      expect(afterWrites[1]!.firstComments.map(({ text }) => text)).toEqual(['First!', 'Second']);
      expect(afterWrites[1]!.commentCount).toBe(2);

      // As another API process removes them, whose announcement has not arrived here yet.
      await api.db.query('UPDATE community_post SET removed_at = now() WHERE id = $1', [newer.id]);
      await api.db.query('UPDATE community_comment SET removed_at = now() WHERE id = $1', [comment.id]);
      const afterRemovals = await page(other);
      expect(afterRemovals.map(({ text }) => text)).toEqual(['Older']);
      expect(afterRemovals[0]!.firstComments.map(({ text }) => text)).toEqual(['Second']);
    });

    it('hides what a suspended person wrote while the suspension lasts, and they gain no followers meanwhile', async () => {
      const [suspended, reader] = [await signUp(api, { name: 'Spam Sender' }), await signUp(api)];
      const own = await newPost(suspended, { text: 'Buy followers here' });
      const elsewhere = await newPost(reader, { text: 'A quiet evening' });
      const comment = await newComment(suspended, elsewhere.id, 'Cheap followers, DM me');
      const moderation = (action: 'suspend' | 'restore') =>
        api
          .http()
          .post(`/api/v1/admin/users/${suspended.user.id}/${action}`)
          .set(bearer(admin.token))
          .send({ reason: 'Spam in the community' });
      const shown = async () => ({
        feed: ((await as(reader).feed(`?authorId=${suspended.user.id}`).expect(200)).body as FeedView).posts.map(({ id }) => id),
        post: (await as(reader).post(own.id)).status,
        comments: ((await as(reader).comments(elsewhere.id).expect(200)).body.comments as CommentView[]).map(({ id }) => id),
        inline: ((await as(reader).feed(`?authorId=${reader.user.id}`).expect(200)).body as FeedView).posts[0]!.firstComments.map(
          ({ id }) => id,
        ),
      });
      expect(await shown()).toEqual({ feed: [own.id], post: 200, comments: [comment.id], inline: [comment.id] });

      await moderation('suspend').expect(200);
      expect(await shown()).toEqual({ feed: [], post: 404, comments: [], inline: [] });
      expect((await api.http().post(`/api/v1/users/${suspended.user.id}/follow`).set(bearer(reader.token)).expect(404)).body.error).toBe(
        'User not found.',
      );
      await as(reader).comment(own.id, 'Hello?').expect(404);

      await moderation('restore').expect(200);
      expect(await shown()).toEqual({ feed: [own.id], post: 200, comments: [comment.id], inline: [comment.id] });
      await api.http().post(`/api/v1/users/${suspended.user.id}/follow`).set(bearer(reader.token)).expect(200);
    });

    it('refuses a cursor it did not write with 400', async () => {
      const post = await newPost(author);
      const bad = [
        'nope',
        encodeCursor(0),
        Buffer.from('s99999999999999999999').toString('base64url'),
        Buffer.from('s1x').toString('base64url'),
      ];
      for (const cursor of bad) {
        for (const request of [as(null).feed(`?cursor=${cursor}`), as(null).comments(post.id, `?cursor=${cursor}`)]) {
          expect((await request.expect(400)).body).toEqual({ error: CommunityMessages.badCursor, code: 'bad_cursor' });
        }
      }
      expect((await as(null).feed('?limit=51').expect(400)).body.error).toMatch(/^limit: /);
    });
  });

  describe('likes', () => {
    it('counts 50 people liking one post at once, then 50 taking it back at once', async () => {
      const post = await newPost(author);
      const likers = await Promise.all(times(50, () => signUp(api)));
      const liked = await Promise.all(likers.map((liker) => as(liker).like(post.id)));
      expect(liked.map((response) => [response.status, response.body.liked])).toEqual(times(50, () => [200, true]));
      expect((await as(null).likeState(post.id).expect(200)).body).toEqual({ liked: false, likeCount: 50 });
      expect(await outboxCount('community.post_liked', post.id)).toBe(50);

      const unliked = await Promise.all(likers.map((liker) => as(liker).like(post.id, { liked: false })));
      expect(unliked.map((response) => [response.status, response.body.liked])).toEqual(times(50, () => [200, false]));
      expect((await as(null).likeState(post.id).expect(200)).body).toEqual({ liked: false, likeCount: 0 });
      const stored = await api.db.query('SELECT like_count FROM community_post WHERE id = $1', [post.id]);
      expect(stored.rows[0].like_count).toBe(0);
      expect(await countRows(api.db, `community_post_like WHERE post_id = '${post.id}'`)).toBe(0);
    });

    it('toggles without a body and sets with one; a set that changes nothing publishes nothing', async () => {
      const post = await newPost(author);
      const liker = as(other);
      expect((await liker.like(post.id).expect(200)).body).toEqual({ liked: true, likeCount: 1 });
      expect((await liker.like(post.id, {}).expect(200)).body).toEqual({ liked: false, likeCount: 0 });
      expect((await liker.like(post.id, { liked: true }).expect(200)).body).toEqual({ liked: true, likeCount: 1 });
      expect((await liker.like(post.id, { liked: true }).expect(200)).body).toEqual({ liked: true, likeCount: 1 });
      expect((await liker.likeState(post.id).expect(200)).body).toEqual({ liked: true, likeCount: 1 });
      expect(await outboxCount('community.post_liked', post.id)).toBe(2);
      expect((await liker.like(post.id, { liked: false }).expect(200)).body).toEqual({ liked: false, likeCount: 0 });
      expect((await liker.like(post.id, { liked: false }).expect(200)).body).toEqual({ liked: false, likeCount: 0 });
      expect((await liker.like(post.id, { liked: 'yes' }).expect(400)).body.error).toBe('liked: must be true or false');

      // One's own like counts and tells nobody.
      expect((await as(author).like(post.id).expect(200)).body).toEqual({ liked: true, likeCount: 1 });
      expect(await outboxCount('community.post_liked', post.id)).toBe(2);
    });

    it('likes comments the same way, exactly under concurrency, and not once they are removed', async () => {
      const post = await newPost(author);
      const comment = await newComment(other, post.id);
      const likers = await Promise.all(times(10, () => signUp(api)));
      await Promise.all(likers.map((liker) => as(liker).likeComment(comment.id).expect(200)));
      expect((await as(likers[0]!).commentLikeState(comment.id).expect(200)).body).toEqual({ liked: true, likeCount: 10 });
      expect((await as(likers[0]!).likeComment(comment.id).expect(200)).body).toEqual({ liked: false, likeCount: 9 });
      expect((await as(likers[0]!).likeComment(comment.id, { liked: false }).expect(200)).body).toEqual({ liked: false, likeCount: 9 });
      const listed = (await as(likers[1]!).comments(post.id).expect(200)).body.comments[0];
      expect(listed).toMatchObject({ likeCount: 9, likedByMe: true });

      await as(other).removeComment(comment.id).expect(204);
      await as(likers[1]!).likeComment(comment.id).expect(404);
      await as(null).commentLikeState(comment.id).expect(404);
      await as(author).likeComment(randomUUID()).expect(404);
    });
  });

  describe('comments', () => {
    it('adds a comment, moves the count, lists oldest first by cursor, and tells the post author of others’ comments', async () => {
      const post = await newPost(author);
      const first = await as(other).comment(post.id, '  Wish I was there  ').expect(201);
      expect(first.body).toEqual({
        id: expect.any(String),
        postId: post.id,
        text: 'Wish I was there',
        author: { id: other.user.id, name: 'Ravi Other', avatarUrl: null, avatarThumbnailUrl: null, verified: false, role: 'fan' },
        likeCount: 0,
        likedByMe: false,
        isMine: true,
        createdAt: expect.any(String),
        editedAt: null,
      });
      for (const text of ['two', 'three', 'four']) await newComment(author, post.id, text);
      expect(await outboxCount('community.comment_added', post.id)).toBe(1);
      expect((await as(null).post(post.id).expect(200)).body.commentCount).toBe(4);

      const texts: string[] = [];
      let cursor: string | null = null;
      do {
        const page = (
          await as(null)
            .comments(post.id, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
            .expect(200)
        ).body as {
          comments: CommentView[];
          nextCursor: string | null;
        };
        texts.push(...page.comments.map(({ text }) => text));
        cursor = page.nextCursor;
      } while (cursor);
      expect(texts).toEqual(['Wish I was there', 'two', 'three', 'four']);
    });

    it('counts comments sent at once exactly', async () => {
      const post = await newPost(author);
      const commenters = await Promise.all(times(10, () => signUp(api)));
      await Promise.all(commenters.map((commenter) => as(commenter).comment(post.id, 'Me too').expect(201)));
      expect((await as(null).post(post.id).expect(200)).body.commentCount).toBe(10);
    });

    it('lets only the author edit a comment, the author or an admin remove it; removed is 404 and off the count', async () => {
      const post = await newPost(author);
      const comment = await newComment(other, post.id, 'Original');
      expect((await as(author).editComment(comment.id, 'Changed').expect(403)).body).toEqual({
        error: CommunityMessages.notYourComment,
        code: 'forbidden',
      });
      await as(admin).editComment(comment.id, 'Changed').expect(403);
      await as(author).removeComment(comment.id).expect(403);
      const edited = await as(other).editComment(comment.id, ' Changed ').expect(200);
      expect(edited.body).toMatchObject({ text: 'Changed', editedAt: expect.any(String) });

      await as(admin).removeComment(comment.id).expect(204);
      expect((await as(null).post(post.id).expect(200)).body.commentCount).toBe(0);
      expect((await as(null).comments(post.id).expect(200)).body.comments).toEqual([]);
      for (const response of await Promise.all([
        as(other).editComment(comment.id, 'Again'),
        as(other).removeComment(comment.id),
        as(other).likeComment(comment.id),
        as(author).reportComment(comment.id, { reason: 'spam' }),
      ])) {
        expect([response.status, response.body]).toEqual([404, { error: CommunityMessages.commentNotFound, code: 'comment_not_found' }]);
      }

      const own = await newComment(other, post.id, 'Mine');
      await as(other).removeComment(own.id).expect(204);
      expect((await as(null).post(post.id).expect(200)).body.commentCount).toBe(0);
    });

    it('hides the comments of a removed post', async () => {
      const post = await newPost(author);
      const comment = await newComment(other, post.id);
      await as(author).remove(post.id).expect(204);
      await as(other).editComment(comment.id, 'Still here?').expect(404);
      await as(null).commentLikeState(comment.id).expect(404);
      await as(other).comment(post.id, 'Hello?').expect(404);
    });

    it.each([
      ['empty', '', CommunityMessages.emptyComment],
      ['whitespace only', '   ', CommunityMessages.emptyComment],
      ['control characters', 'a\u001bb', CommunityMessages.controlCharacters],
      ['1,001 characters', 'x'.repeat(1001), 'text: must be at most 1000 characters'],
    ])('refuses a comment that is %s with 400', async (_label, text, message) => {
      const post = await newPost(author);
      expect((await as(other).comment(post.id, text).expect(400)).body.error).toBe(message);
      expect((await as(null).post(post.id).expect(200)).body.commentCount).toBe(0);
    });
  });

  describe('reports', () => {
    it('stores one open report per person and post or comment, never of one’s own', async () => {
      const reporter = await signUp(api);
      const post = await newPost(author);
      const reported = await as(reporter).reportPost(post.id, { reason: 'spam', details: '  Selling followers  ' }).expect(201);
      expect(reported.body).toEqual({
        id: expect.any(String),
        target: 'post',
        targetId: post.id,
        reason: 'spam',
        details: 'Selling followers',
        status: 'open',
        createdAt: expect.any(String),
        message: CommunityMessages.reported,
      });
      expect((await as(reporter).reportPost(post.id, { reason: 'hate' }).expect(409)).body).toEqual({
        error: CommunityMessages.reportAlreadyOpen,
        code: 'content_report_already_open',
      });
      expect((await as(author).reportPost(post.id, { reason: 'spam' }).expect(400)).body).toEqual({
        error: CommunityMessages.cannotReportOwn,
        code: 'cannot_report_own',
      });

      const comment = await newComment(other, post.id);
      await as(author).reportComment(comment.id, { reason: 'harassment' }).expect(201);
      await as(other).reportComment(comment.id, { reason: 'harassment' }).expect(400);
      const other2 = await signUp(api);
      const twice = await Promise.all([1, 2].map(() => as(other2).reportComment(comment.id, { reason: 'spam' })));
      expect(twice.map((response) => response.status).sort()).toEqual([201, 409]);
      expect((await as(other2).reportComment(comment.id, { reason: 'other' }).expect(400)).body.error).toBe(
        'details: is required when the reason is "Something else"',
      );
    });

    it('lists reports newest first for admins, with what was reported and who wrote it', async () => {
      const reporter = await signUp(api, { name: 'Reporter Rao' });
      const post = await newPost(author, { text: 'Buy cheap followers' });
      const comment = await newComment(other, post.id, 'Rude words');
      await as(reporter).reportPost(post.id, { reason: 'spam' }).expect(201);
      await as(reporter).reportComment(comment.id, { reason: 'harassment', details: 'Aimed at me' }).expect(201);

      const listed = await as(admin).adminReports('?limit=2').expect(200);
      expect(listed.body.data).toEqual([
        {
          id: expect.any(String),
          target: 'comment',
          targetId: comment.id,
          postId: post.id,
          reason: 'harassment',
          details: 'Aimed at me',
          status: 'open',
          createdAt: expect.any(String),
          reporter: { id: reporter.user.id, name: 'Reporter Rao' },
          content: { text: 'Rude words', removed: false, author: { id: other.user.id, name: 'Ravi Other', deleted: false } },
        },
        expect.objectContaining({
          target: 'post',
          targetId: post.id,
          postId: post.id,
          content: { text: 'Buy cheap followers', removed: false, author: { id: author.user.id, name: 'Priya Author', deleted: false } },
        }),
      ]);
      expect(listed.body.pagination).toMatchObject({ page: 1, limit: 2, hasNext: true });
      expect((await as(admin).adminReports('?status=closed').expect(200)).body.data).toEqual([]);

      for (const who of [author, await signUpHost(api)]) {
        expect((await as(who).adminReports().expect(403)).body).toMatchObject({ error: 'Admin access required' });
      }
    });

    it(`refuses more than ${REPORT_LIMIT} reports an hour from one person with 429 and Retry-After`, async () => {
      const reporter = await signUp(api);
      const posts = await Promise.all(times(REPORT_LIMIT + 1, () => newPost(other)));
      for (const post of posts.slice(0, REPORT_LIMIT)) await as(reporter).reportPost(post.id, { reason: 'spam' }).expect(201);
      const refused = await as(reporter).reportPost(posts.at(-1)!.id, { reason: 'spam' }).expect(429);
      expect(refused.body).toEqual({ error: CommunityMessages.reportingTooFast, code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // Others are not held back by it.
      await as(await signUp(api))
        .reportPost(posts.at(-1)!.id, { reason: 'spam' })
        .expect(201);
    });

    it('takes an admin removing a post or comment from its page as the queue takes acting on it: reports closed, audited, reporters told', async () => {
      const [reporter, writer] = [await signUp(api), await signUp(api)];
      const post = await newPost(writer, { text: 'Cheap followers, DM me' });
      const comment = await newComment(writer, post.id, 'Buy now');
      await as(reporter).reportPost(post.id, { reason: 'spam' }).expect(201);

      await as(admin).removeComment(comment.id).expect(204);
      await as(admin).remove(post.id).expect(204);
      await as(null).post(post.id).expect(404);
      const audit = await api.db.query<{ action: string; record_id: string; before: { openReports: number; text: string } }>(
        `SELECT action, record_id, before FROM admin_audit WHERE admin_id = $1 AND record_id = ANY($2::uuid[]) ORDER BY created_at`,
        [admin.user.id, [post.id, comment.id]],
      );
      expect(audit.rows.map(({ action, record_id, before }) => [action, record_id, before.openReports, before.text])).toEqual([
        ['comment.removed', comment.id, 0, 'Buy now'],
        ['post.removed', post.id, 1, 'Cheap followers, DM me'],
      ]);
      const reports = await api.db.query<{ status: string; outcome: string }>(
        'SELECT status, outcome FROM community_report WHERE post_id = $1',
        [post.id],
      );
      expect(reports.rows).toEqual([{ status: 'closed', outcome: 'acted' }]);
      const told = (await api.http().get('/api/v1/notifications').set(bearer(reporter.token)).expect(200)).body.notifications as Array<{
        type: string;
      }>;
      expect(told.map(({ type }) => type)).toEqual(['report_outcome']);
      // Two admins removing one post at the same moment: one removal, one audit row; the other finds it gone.
      const second = await signUp(api);
      await makeAdmin(api, second.user.id);
      const twice = await newPost(writer, { text: 'Removed twice?' });
      const answers = await Promise.all([as(admin).remove(twice.id), as(second).remove(twice.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([204, 404]);
      expect((await api.db.query('SELECT 1 FROM admin_audit WHERE record_id = $1', [twice.id])).rowCount).toBe(1);

      // Its author removing their own is theirs alone: nothing audited.
      const own = await newPost(writer);
      await as(writer).remove(own.id).expect(204);
      expect((await api.db.query('SELECT 1 FROM admin_audit WHERE record_id = $1', [own.id])).rowCount).toBe(0);
    });
  });
});
