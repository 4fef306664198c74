import type { z } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; formError: string | null };

/**
 * Parses submitted form data with the form's zod schema. Issues on a field become that field's
 * message (first one wins); issues without a path become the form-level message.
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData | Record<string, unknown>): FormResult<z.output<S>> {
  const values = formData instanceof FormData ? Object.fromEntries(formData.entries()) : formData;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : null;
    if (field === null) formError ??= issue.message;
    else fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, formError };
}
