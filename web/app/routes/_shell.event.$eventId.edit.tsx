import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { EventForm } from '~/components/events/event-form';
import { eventToFormValues, type EventFormErrors, type EventFormValues } from '~/components/events/event-form-values';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { moderationNotice } from '~/lib/event-moderation';
import { requireUser } from '~/lib/auth.server';
import { eventApiErrors } from '~/lib/event-form-validation';
import { loadOwnEvent } from '~/lib/event-detail.server';
import { readEventSubmission } from '~/lib/event-form.server';
import { updateEvent } from '~/lib/event-writes.server';
import { eventChangesAllowed, isCancelled } from '~/lib/format-event';
import { Messages } from '../../../api/src/contracts/messages.js';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.title} · Tribe` : 'Edit event · Tribe' }];

export const handle: ShellHandle = { title: 'Edit Event' };

/** /event/{eventId}/edit (SPEC §2): the host (or an admin) changes any field; PUT /events/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireUser(request);
  const event = await loadOwnEvent(params.eventId ?? '', auth);
  // An admin edits another host's event only with the flag the API asks for.
  if (!eventChangesAllowed(event, auth.user).edit)
    throw data({ error: Messages.auth.permissionRequired('approve_events') }, { status: 403 });
  // The host goes on from their changes still waiting for review, not from what is listed.
  const shown = { ...event, ...event.moderation?.pending_changes };
  return {
    id: event.id,
    title: event.title,
    cancelled: isCancelled(event),
    values: eventToFormValues(shown),
    notice: moderationNotice(event.moderation),
    resubmits: event.moderation?.status === 'rejected',
  };
}

type ActionResult = { values: EventFormValues; errors: EventFormErrors };

/** The stored event is read first: a start left as it was may be in the past, a changed one may not. */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireUser(request);
  const event = await loadOwnEvent(params.eventId ?? '', auth);
  const submission = await readEventSubmission(request, auth.token, 'edit', event.date);
  if (!submission.ok) return data<ActionResult>({ values: submission.values, errors: submission.errors }, { status: 400 });
  const { values, body } = submission;

  const result = await updateEvent(auth.token, event.id, body);
  if (!result.ok) return data<ActionResult>({ values, errors: eventApiErrors(result, body) }, { status: result.status });
  return redirect(`/event/${event.id}`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Event updated' }) },
  });
}

export default function EditEventPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-4 sm:px-6">
      {loaded.cancelled ? <Alert className="mb-4">This event has been cancelled and can no longer be changed.</Alert> : null}
      {loaded.notice && !loaded.cancelled ? (
        <Alert tone={loaded.notice.tone} className="mb-4">
          <bdi>{loaded.notice.text}</bdi>
          {loaded.resubmits ? ' Fix what the reviewer asked and save: your event goes back for review.' : null}
        </Alert>
      ) : null}
      <p className="mb-4 text-sm text-slate-500">
        Editing{' '}
        <Link to={`/event/${loaded.id}`} className="font-medium text-brand-700 hover:underline">
          {loaded.title}
        </Link>
      </p>
      <EventForm
        values={actionData?.values ?? loaded.values}
        errors={actionData?.errors ?? null}
        submitLabel={loaded.resubmits ? 'Save and resubmit' : 'Save changes'}
        busyLabel="Saving…"
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage message="Only the host of this event can change it." />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
