import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/** Someone liked a post (not published again when they unlike and like again while the author's notification is unread). */
export const PostLiked = defineDomainEvent('community.post_liked', z.object({ postId: z.uuid(), likerId: z.uuid() }));

/** A comment was added under a post: its author hears of it. */
export const CommentAdded = defineDomainEvent('community.comment_added', z.object({ postId: z.uuid(), commentId: z.uuid() }));

/** A post naming an event was published: the author's followers hear of it. */
export const EventPostPublished = defineDomainEvent('community.event_post_published', z.object({ postId: z.uuid() }));
