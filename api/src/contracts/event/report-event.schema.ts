import { z } from 'zod';
import { Messages } from '../messages.js';

export const reportEventSchema = z.object({
  reason: z
    .string({ message: Messages.events.reportReasonRequired })
    .trim()
    .min(1, { message: Messages.events.reportReasonRequired })
    .max(1000, { message: 'must be at most 1000 characters' }),
});
export type ReportEventInput = z.output<typeof reportEventSchema>;
