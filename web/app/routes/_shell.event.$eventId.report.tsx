import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { ReportForm } from '~/components/ui/report-form';
import { reportEventSchema } from '../../../api/src/contracts/event/report-event.schema.js';
import { requireUser } from '~/lib/auth.server';
import { loadEvent } from '~/lib/event-detail.server';
import { reportEvent } from '~/lib/event-writes.server';
import { flashToast } from '~/lib/session.server';
import { BackButton } from '~/components/ui/back-button';

export const meta: MetaFunction = () => [{ title: 'Report event · Tribe' }];

const REASONS = [
  'Spam or misleading',
  'Scam or fraud',
  'Inappropriate or offensive content',
  'Dangerous or illegal activity',
  'Something else',
] as const;

/** Each reason travels in its own words (the API takes the reason as text). */
const REASON_CHOICES = Object.fromEntries(REASONS.map((reason) => [reason, reason]));

/** /event/{eventId}/report (SPEC §2): a signed-in person tells the moderators what is wrong with an event. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const { event } = await loadEvent(params.eventId ?? '', token);
  return { event: { id: event.id, title: event.title } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const id = params.eventId ?? '';
  const form = await request.formData();
  const choice = String(form.get('choice') ?? '').trim();
  const details = String(form.get('details') ?? '').trim();
  const sent = { reason: choice, details };
  if (!choice) return { fieldError: 'Please choose a reason.', error: null, sent };
  const reason = details ? `${choice}: ${details}` : choice;
  const parsed = reportEventSchema.safeParse({ reason });
  if (!parsed.success) return { fieldError: parsed.error.issues[0]?.message ?? 'Please tell us more.', error: null, sent };
  const result = await reportEvent(token, id, parsed.data.reason);
  if (!result.ok) return { fieldError: null, error: result.error, sent };
  return redirect(`/event/${id}`, {
    headers: {
      'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Thanks for letting us know. Our team will review this event.' }),
    },
  });
}

export default function ReportEventPage() {
  const { event } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackButton to={`/event/${event.id}`} label="Back to the event" />
        <h1 className="text-lg font-semibold text-slate-900">Report Event</h1>
      </header>
      <p className="mt-3 text-sm text-slate-600">
        What's wrong with <span className="font-semibold text-slate-900">{event.title}</span>? Reports are private: the host is not told who
        sent them.
      </p>
      <ReportForm
        reasons={REASON_CHOICES}
        reasonName="choice"
        reasonRequired
        answer={actionData}
        sent={actionData?.sent}
        errors={{ reason: actionData?.fieldError }}
        error={actionData?.error ?? null}
        detailsLabel="Details (optional)"
        detailsMax={900}
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
