import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { EVENT_GENERAL_LIST_LIMIT, pageQuery } from './event/pagination.js';

/**
 * The body of every report a person files (of a person, a post or comment, a review): one of the
 * listed reasons, and details in their own words, which "Something else" (`other`) requires.
 */
export function reportInputSchema<Reason extends string>(reasons: Record<Reason, string>, detailsMax: number) {
  const keys = Object.keys(reasons) as [Reason, ...Reason[]];
  return z
    .object({
      reason: z.enum(keys, { message: 'must be one of the listed reasons' }),
      details: z
        .string({ message: 'must be text' })
        .overwrite(stripBidiControls)
        .trim()
        .max(detailsMax, { message: `must be at most ${detailsMax} characters` })
        .nullable()
        .optional(),
    })
    .refine((body) => body.reason !== 'other' || Boolean(body.details), {
      message: 'is required when the reason is "Something else"',
      path: ['details'],
    });
}

/** Where a report stands: open until an admin acts on it or dismisses it. */
export const reportStatusSchema = z.enum(['open', 'closed']);
export type ReportStatus = z.infer<typeof reportStatusSchema>;

/** An admin's list of one kind of report: ?status=open|closed (open by default), paged. */
export const reportListQuerySchema = z.object({
  status: reportStatusSchema.default('open'),
  ...pageQuery(EVENT_GENERAL_LIST_LIMIT),
});
