/**
 * Community's request schemas (zod), apart from its contract (community.contract.ts: limits, rates,
 * messages, reasons and views), so that the pages that show the feed and posts do not ship zod.
 */
import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { CommunityLimits, CommunityMessages, CONTENT_REPORT_REASONS, writtenTextProblem } from './community.contract.js';
import { booleanish, emptyToUndefined, intText } from './event/coercions.js';
import { wholeNumber } from './event/fields.js';
import { mediaUrl } from './media-url.js';
import { reportInputSchema, reportListQuerySchema } from './report-input.js';

/** Text people write here: checked as writtenTextProblem says, then stored without bidi controls, trimmed. */
const writtenText = (max: number, emptyMessage: string) =>
  z
    .string({ message: emptyMessage })
    .superRefine((text, context) => {
      const problem = writtenTextProblem(text, max, emptyMessage);
      if (problem) context.addIssue({ code: 'custom', message: problem, continue: false });
    })
    .overwrite(stripBidiControls)
    .trim()
    // Met by every text the rule let through: they put the lengths in the OpenAPI document.
    .min(1, { message: emptyMessage })
    .max(max, { message: CommunityMessages.tooLong(max) });

export const postText = writtenText(CommunityLimits.postMaxLength, CommunityMessages.emptyText);
export const commentText = writtenText(CommunityLimits.commentMaxLength, CommunityMessages.emptyComment);

const photos = z
  .array(mediaUrl, { message: 'must be a list of photo addresses' })
  .max(CommunityLimits.maxPhotos, { message: CommunityMessages.tooManyPhotos })
  .default([]);

/** POST /community/posts. `photos` are URLs answered by POST /upload; `eventId` names the event it is about. */
export const postInputSchema = z.object({
  text: postText,
  photos,
  eventId: z.uuid({ message: 'must be a valid id' }).nullable().optional(),
});
export type PostInput = z.infer<typeof postInputSchema>;

/** PUT /community/posts/{id}: text and photos; the event a post is about does not change. */
export const postEditInputSchema = z.object({ text: postText, photos });
export type PostEditInput = z.infer<typeof postEditInputSchema>;

export const commentInputSchema = z.object({ text: commentText });
export type CommentInput = z.infer<typeof commentInputSchema>;

/**
 * POST …/like: without a body (or without `liked`) it toggles; with `{ "liked": true | false }` it
 * sets, so a client that retries after a lost answer lands where it meant to.
 */
export const likeInputSchema = z.object({ liked: z.boolean({ message: 'must be true or false' }).optional() }).default({});
export type LikeInput = z.infer<typeof likeInputSchema>;

const limitParam = (defaultLimit: number, max: number) =>
  z.preprocess((value) => intText(emptyToUndefined(value)), wholeNumber(1, max).default(defaultLimit));
const cursorParam = z.preprocess(emptyToUndefined, z.string().max(200).optional());

/** GET /community/posts/interactions. `following=true` needs sign-in (a guest gets 401). */
export const feedQuerySchema = z.object({
  cursor: cursorParam,
  limit: limitParam(CommunityLimits.feedPage, CommunityLimits.maxPage),
  following: z.preprocess(booleanish, z.boolean().default(false)),
  city: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  eventId: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
  authorId: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a valid id' }).optional()),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;

export const commentsQuerySchema = z.object({
  cursor: cursorParam,
  limit: limitParam(CommunityLimits.commentsPage, CommunityLimits.maxPage),
});
export type CommentsQuery = z.infer<typeof commentsQuerySchema>;

export const peopleQuerySchema = z.object({
  cursor: cursorParam,
  limit: limitParam(CommunityLimits.peoplePage, 100),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

/** POST /community/posts/{id}/report and /community/comments/{id}/report. */
export const contentReportInputSchema = reportInputSchema(CONTENT_REPORT_REASONS, CommunityLimits.reportDetailsMax);
export type ContentReportInput = z.infer<typeof contentReportInputSchema>;

/** GET /admin/community-reports?status=open|closed (open by default), newest first. */
export const contentReportListQuerySchema = reportListQuerySchema;
export type ContentReportListQuery = z.infer<typeof contentReportListQuerySchema>;
