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

/** What the form sent, as typed: shown again when the report is refused (the page comes back without JavaScript). */
export interface ReportSent {
  reason: string;
  details: string;
}

export type ReportFormInput<Reason extends string> =
  | { ok: true; value: { reason: Reason; details: string | null }; sent: ReportSent }
  | { ok: false; fieldErrors: ReportFieldErrors; sent: ReportSent };

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
  const sent = { reason: String(form.get('reason') ?? ''), details: String(form.get('details') ?? '') };
  const parsed = schema.safeParse(sent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'reason');
    const message = issue?.code === 'too_big' ? `Please keep it under ${detailsMax} characters.` : FIELD_MESSAGES[field];
    return { ok: false, fieldErrors: { [field]: message }, sent };
  }
  return { ok: true, value: { reason: parsed.data.reason, details: parsed.data.details || null }, sent };
}
