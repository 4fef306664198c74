import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { canonicalCity } from '../../contracts/city.js';
import {
  CommunityLimits,
  type FeedQuery,
  type FeedView,
  type PostEditInput,
  type PostInput,
  type PostView,
} from '../../contracts/community.contract.js';
import { isOwnUploadUrl } from '../../contracts/media-url.js';
import { Messages } from '../../contracts/messages.js';
import { type AuthUser } from '../../platform/http/auth-context.js';
import { UnauthorizedError } from '../../platform/http/domain-error.js';
import { OutboxService } from '../../platform/outbox/outbox.service.js';
import { EventApplicants } from '../events/event-applicants.port.js';
import { EventNotFoundError } from '../events/events.errors.js';
import { CommentsRepository } from './comments.repository.js';
import { CommunityRate } from './community-rate.js';
import { NotAtEventError, NotOwnUploadError, NotYourPostError, PostNotFoundError } from './community.errors.js';
import { EventPostPublished } from './community.events.js';
import { postView, type CommentRow, type PostRow, type SharedPostRow } from './community.views.js';
import { CommunityFeedCache, type SharedFeedPage } from './feed-cache.js';
import { keysetPage, seqOfCursor } from './keyset.js';
import { PostsRepository, type FeedFilter, type LivePost } from './posts.repository.js';

/** Photos must be the product's own uploads: the uploads sweep keeps what a post shows, and nothing else is vouched for. */
function checkPhotos(photos: readonly string[]): void {
  if (!photos.every(isOwnUploadUrl)) throw new NotOwnUploadError();
}

/** Posts: the feed, one post, and what their authors (and admins) do with them. */
@Injectable()
export class PostsService {
  constructor(
    private readonly posts: PostsRepository,
    private readonly comments: CommentsRepository,
    private readonly applicants: EventApplicants,
    private readonly outbox: OutboxService,
    private readonly rate: CommunityRate,
    private readonly feedCache: CommunityFeedCache,
  ) {}

  /**
   * Newest first, each post with its first comments. A page of everyone's posts (or a city's, an
   * event's, an author's) comes from the shared feed cache, with counts, likes and readability read
   * fresh for the reader in one statement; a page of the people someone follows is theirs alone.
   */
  async feed(viewer: AuthUser | null, query: FeedQuery): Promise<FeedView> {
    if (query.following && !viewer) throw new UnauthorizedError(Messages.auth.noToken);
    const filter: FeedFilter = {
      beforeSeq: seqOfCursor(query.cursor),
      limit: query.limit,
      cityKey: query.city ? canonicalCity(query.city).toLowerCase() : null,
      eventId: query.eventId ?? null,
      authorId: query.authorId ?? null,
    };
    if (query.following) return this.followedFeed(viewer!, filter);
    const page = await this.feedCache.page(filter, () => this.sharedPage(filter));
    return { posts: await this.forReader(page, viewer?.id ?? null), nextCursor: page.nextCursor };
  }

  async view(viewer: AuthUser | null, postId: string): Promise<PostView> {
    const row = await this.posts.view(postId, viewer?.id ?? null);
    if (!row) throw new PostNotFoundError();
    return (await this.views([row], viewer))[0]!;
  }

  /**
   * A post by the caller. One about an event needs them to be its host or an accepted attendee; it
   * takes the event's city (else the author's) and tells the author's followers once it commits.
   */
  async create(user: AuthUser, input: PostInput): Promise<PostView> {
    checkPhotos(input.photos);
    const eventId = input.eventId ?? null;
    let city: string | null = null;
    if (eventId) {
      const event = await this.posts.findEvent(eventId);
      if (!event) throw new EventNotFoundError();
      if (event.hostId !== user.id && !(await this.applicants.isAcceptedAttendee(eventId, user.id))) throw new NotAtEventError();
      city = event.city;
    }
    // Only a post that would be written counts against the hour's limit: a refused one uses none of it.
    await this.rate.take('post', user.id);
    const postId = await this.posts.transaction(async (tx) => {
      const id = await this.posts.insert(tx, { authorId: user.id, eventId, text: input.text, photos: input.photos, city });
      if (eventId) await this.outbox.publish(tx, EventPostPublished, { postId: id });
      return id;
    });
    this.feedCache.clear();
    return this.view(user, postId);
  }

  /** The author's new text and photos (the event it is about stays). */
  async edit(user: AuthUser, postId: string, input: PostEditInput): Promise<PostView> {
    const post = await this.livePost(postId);
    if (post.authorId !== user.id) throw new NotYourPostError();
    checkPhotos(input.photos);
    if (!(await this.posts.edit(postId, input.text, input.photos))) throw new PostNotFoundError();
    this.feedCache.clear();
    return this.view(user, postId);
  }

  /** Who wrote the post, while it is readable (404 otherwise). */
  async authorOf(postId: string): Promise<string> {
    return (await this.livePost(postId)).authorId;
  }

  /**
   * By its author: hidden for everyone at once, its photos released to the uploads sweep. (An admin
   * removes someone else's through the report queue's decision: ContentRemoval.)
   */
  async remove(user: AuthUser, postId: string): Promise<void> {
    const post = await this.livePost(postId);
    if (post.authorId !== user.id) throw new NotYourPostError();
    if (!(await this.removeIn(postId, user.id))) throw new PostNotFoundError();
  }

  /**
   * Removes a post (its author, or the report queue's decision to act on it: from the queue or its page), in `tx` when given; false
   * when it was gone already. The shared feed pages are cleared.
   */
  async removeIn(postId: string, removedBy: string, tx?: EntityManager): Promise<boolean> {
    const removed = await this.posts.remove(postId, removedBy, tx);
    if (removed) this.feedCache.clear();
    return removed;
  }

  private async livePost(postId: string): Promise<LivePost> {
    const post = await this.posts.findLive(postId);
    if (!post) throw new PostNotFoundError();
    return post;
  }

  private async followedFeed(viewer: AuthUser, filter: FeedFilter): Promise<FeedView> {
    const page = keysetPage(await this.posts.followedFeed(viewer.id, filter), filter.limit);
    return { posts: await this.views(page.rows, viewer), nextCursor: page.nextCursor };
  }

  private async sharedPage(filter: FeedFilter): Promise<SharedFeedPage> {
    const page = keysetPage(await this.posts.feed(filter), filter.limit);
    const firstComments = await this.firstComments(page.rows, null);
    return { rows: page.rows, firstComments, nextCursor: page.nextCursor };
  }

  /**
   * A shared page as the reader sees it now: posts and comments removed since it was cached (or whose
   * author is leaving) left out, counts as they are, the reader's own likes and posts marked.
   */
  private async forReader(page: SharedFeedPage, viewerId: string | null): Promise<PostView[]> {
    const commentIds = [...page.firstComments.values()].flat().map((comment) => comment.id);
    const state = await this.posts.pageState(
      viewerId,
      page.rows.map((row) => row.id),
      commentIds,
    );
    return page.rows.flatMap((row) => {
      const post = state.posts.get(row.id);
      if (!post) return [];
      const comments = (page.firstComments.get(row.id) ?? []).flatMap((comment) => {
        const fresh = state.comments.get(comment.id);
        return fresh ? [{ ...comment, likeCount: fresh.likeCount, likedByMe: fresh.liked }] : [];
      });
      const fresh = { ...row, likeCount: post.likeCount, commentCount: post.commentCount, likedByMe: post.liked };
      return [postView(fresh, comments, viewerId)];
    });
  }

  private async views(rows: readonly PostRow[], viewer: AuthUser | null): Promise<PostView[]> {
    const viewerId = viewer?.id ?? null;
    const firstComments = await this.firstComments(rows, viewerId);
    return rows.map((row) => postView(row, firstComments.get(row.id) ?? [], viewerId));
  }

  private firstComments(rows: readonly SharedPostRow[], viewerId: string | null): Promise<Map<string, CommentRow[]>> {
    const commented = rows.filter((row) => row.commentCount > 0).map((row) => row.id);
    return this.comments.firstOf(commented, viewerId, CommunityLimits.inlineComments);
  }
}
