/**
 * The report forms' reason and details (a person, a post, a comment), read and checked with the
 * API's own schema before anything is sent. Plain functions, unit tested (report-form.spec.ts).
 */
import type { ZodType } from 'zod';

const FIELD_MESSAGES: Record<string, string> = {
  reason: 'Please choose a reason.',
  details: 'Please tell us what happened.',
};

export type ReportFieldErrors = Record<string, string | undefined>;

export type ReportFormInput<Reason extends string> =
  { ok: true; value: { reason: Reason; details: string | null } } | { ok: false; fieldErrors: ReportFieldErrors };

/**
 * The reason and details a report form sent, as the API takes them (empty details as null), or
 * the message for the first field the schema refuses: the reason missing, the details too long or
 * missing where the reason needs them.
 */
export function readReportForm<Reason extends string>(
  form: FormData,
  schema: ZodType<{ reason: Reason; details?: string | null }>,
  detailsMax: number,
): ReportFormInput<Reason> {
  const parsed = schema.safeParse({ reason: String(form.get('reason') ?? ''), details: String(form.get('details') ?? '') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'reason');
    const message = issue?.code === 'too_big' ? `Please keep it under ${detailsMax} characters.` : FIELD_MESSAGES[field];
    return { ok: false, fieldErrors: { [field]: message } };
  }
  return { ok: true, value: { reason: parsed.data.reason, details: parsed.data.details || null } };
}
