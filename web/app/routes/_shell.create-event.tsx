import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { EventForm } from '~/components/events/event-form';
import { emptyEventForm, type EventFormErrors, type EventFormValues } from '~/components/events/event-form-values';
import { RouteErrorPage } from '~/components/layout/error-page';
import { requireUser } from '~/lib/auth.server';
import { eventApiErrors } from '~/lib/event-form-validation';
import { readEventSubmission } from '~/lib/event-form.server';
import { createEvent } from '~/lib/event-writes.server';
import { EventMessages } from '~/lib/format-event';
import { flashToast } from '~/lib/session.server';
import { BackButton } from '~/components/ui/back-button';

export const meta: MetaFunction = () => [{ title: 'Create event · Tribe' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { values: emptyEventForm() };
}

type ActionResult = { values: EventFormValues; errors: EventFormErrors };

/** /create-event (SPEC §2): POST /events with every field; errors (the API's too) come back per field. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const submission = await readEventSubmission(request, token, 'create');
  if (!submission.ok) return data<ActionResult>({ values: submission.values, errors: submission.errors }, { status: 400 });
  const { values, body } = submission;

  const result = await createEvent(token, body);
  if (!result.ok) {
    const errors =
      result.status === 401 || result.status === 403 ? { fields: {}, form: EventMessages.createAuth } : eventApiErrors(result, body);
    return data<ActionResult>({ values, errors }, { status: result.status });
  }
  return redirect(`/event/${result.value.id}`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Your event is live!' }) },
  });
}

export default function CreateEventPage() {
  const { values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-2xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="mb-4 flex items-center gap-2">
        <BackButton to="/home" label="Back to home" />
        <div>
          <h1 className="text-xl font-bold text-slate-900">Create event</h1>
          <p className="text-sm text-slate-500">Host an experience and build your tribe.</p>
        </div>
      </header>
      <EventForm
        values={actionData?.values ?? values}
        errors={actionData?.errors ?? null}
        submitLabel="Publish event"
        busyLabel="Publishing…"
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
