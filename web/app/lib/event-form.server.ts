import { eventFormToBody, readEventForm, type EventFormValues } from '../components/events/event-form-values';
import { validateEventBody, type EventFormErrors } from './event-form-validation';
import { readSubmittedForm } from './event-form-staging.server';

export type EventSubmission =
  { ok: true; values: EventFormValues; body: Record<string, unknown> } | { ok: false; values: EventFormValues; errors: EventFormErrors };

/**
 * A create/edit submission as the API body, or the values with every error to show them again (a
 * refused file among them). `storedDate` is the start of the event being edited: kept, it may be past.
 */
export async function readEventSubmission(
  request: Request,
  token: string,
  mode: 'create' | 'edit',
  storedDate: string | null = null,
): Promise<EventSubmission> {
  const { form, uploaded, uploadError } = await readSubmittedForm(request, token);
  const values = readEventForm(form);
  values.images = [...values.images, ...uploaded.images];
  if (uploaded.video) values.video = uploaded.video;
  const body = eventFormToBody(values);
  const errors = validateEventBody(body, mode, { storedDate });
  if (uploadError) return { ok: false, values, errors: { fields: { ...errors?.fields, images: uploadError }, form: errors?.form ?? null } };
  return errors ? { ok: false, values, errors } : { ok: true, values, body };
}
