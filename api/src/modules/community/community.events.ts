import { z } from 'zod';
import { defineDomainEvent } from '../../platform/outbox/domain-event.js';

/**
 * Someone newly liked another person's post (a like already there, or one's own, publishes nothing). A
 * like taken back and given again publishes again; the author's unread notification names them once.
 */
export const PostLiked = defineDomainEvent('community.post_liked', z.object({ postId: z.uuid(), likerId: z.uuid() }));

/** A comment was added under someone else's post: the post's author hears of it. */
export const CommentAdded = defineDomainEvent('community.comment_added', z.object({ postId: z.uuid(), commentId: z.uuid() }));

/** A post naming an event was published: the author's followers hear of it. */
export const EventPostPublished = defineDomainEvent('community.event_post_published', z.object({ postId: z.uuid() }));
