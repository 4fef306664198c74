import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { OpenReports, PendingChanges } from '~/components/admin/moderation-parts';
import { EventCard } from '~/components/events/event-card';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { TextAreaField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { decideEvent, loadEventReview, type ModerationDecision } from '~/lib/event-moderation.server';
import { holdsPermission } from '~/lib/user';
import { formatInstant } from '~/lib/format-event';
import { parseForm } from '~/lib/forms';
import { toEventCard } from '~/lib/event-card-view';
import { flashToast } from '~/lib/session.server';
import {
  ModerationLimits,
  ModerationMessages,
  moderationDecisionSchema,
  type EventModerationView,
} from '../../../api/src/contracts/event-moderation.contract.js';
import type { AdminAuditView } from '../../../api/src/contracts/admin-audit.contract.js';

export const meta: MetaFunction = () => [{ title: 'Review an event · Admin · Tribe' }];

/** /admin/events/{id}: the event, what changed, its reports and history, and the decisions this admin may take. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, user } = await requireAdmin(request);
  const review = await loadEventReview(token, params.eventId!);
  if (!review.ok && review.status === 404) throw data({ error: 'Event not found.' }, { status: 404 });
  return {
    review,
    mayApprove: holdsPermission(user, 'approve_events'),
    mayTakeDown: holdsPermission(user, 'delete_events'),
    now: Date.now(),
  };
}

const DONE: Record<ModerationDecision, string> = {
  approve: ModerationMessages.approved,
  reject: ModerationMessages.rejected,
  'take-down': ModerationMessages.takenDown,
};

interface Refusal {
  intent: ModerationDecision;
  error: string;
}

/** intent=approve | reject (reason) | take-down (reason, confirmed): the API decides and checks the permission again. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent !== 'approve' && intent !== 'reject' && intent !== 'take-down') {
    return data<Refusal>({ intent: 'approve', error: 'Unknown action' }, { status: 400 });
  }
  let reason: string | undefined;
  if (intent !== 'approve') {
    const parsed = parseForm(moderationDecisionSchema, { reason: form.get('reason') ?? '' });
    if (!parsed.ok) return data<Refusal>({ intent, error: ModerationMessages.reasonRequired }, { status: 400 });
    if (intent === 'take-down' && form.get('confirm') !== 'on') {
      return data<Refusal>({ intent, error: 'Tick the box to confirm the take-down.' }, { status: 400 });
    }
    reason = parsed.data.reason;
  }
  const result = await decideEvent(token, params.eventId!, intent, reason);
  if (!result.ok) return data<Refusal>({ intent, error: result.error }, { status: result.status });
  const cookie = await flashToast(request, { kind: 'success', message: DONE[intent] });
  return redirect(`/admin/events/${params.eventId}`, { headers: { 'Set-Cookie': cookie } });
}

const STATUS_WORDS: Record<EventModerationView['status'], string> = {
  published: 'Listed',
  pending_review: 'Waiting for review',
  rejected: 'Not approved',
  host_suspended: 'Hidden while its host is suspended',
};

export default function AdminEventReviewPage() {
  const { review, mayApprove, mayTakeDown, now } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  if (!review.ok) return <Alert>{review.error}</Alert>;
  const { event, moderation, open_reports: openReports, reports, history } = review.value;
  const waiting = event.status === 'active' && (moderation.status === 'pending_review' || moderation.pending_changes !== null);
  return (
    <div className="space-y-6">
      <Link to="/admin/events" className="text-sm font-medium text-brand-700 hover:underline">
        ← Event review
      </Link>
      <AdminPageHeader title={event.title}>
        <span data-testid="moderation-status">
          {event.status === 'cancelled'
            ? moderation.taken_down
              ? 'Taken down'
              : 'Cancelled by the host'
            : STATUS_WORDS[moderation.status]}
        </span>
        {moderation.reason ? (
          <>
            {' '}
            · Reason: <bdi>{moderation.reason}</bdi>
          </>
        ) : null}
      </AdminPageHeader>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="space-y-3" aria-label="The event as the public sees it">
          <EventCard event={toEventCard(event)} now={now} />
          {event.description ? (
            <p className="whitespace-pre-line text-sm text-slate-700">
              <bdi>{event.description}</bdi>
            </p>
          ) : null}
          {moderation.pending_changes ? <PendingChanges changes={moderation.pending_changes} /> : null}
          <OpenReports count={openReports} reports={reports} />
        </section>
        <section className="space-y-4" aria-label="Decisions">
          {refusal ? <Alert>{refusal.error}</Alert> : null}
          {waiting && mayApprove ? <ReviewForms /> : null}
          {event.status === 'active' && mayTakeDown ? <TakeDownForm /> : null}
          {!mayApprove && !mayTakeDown ? (
            <p className="text-sm text-slate-600">
              You can read this event; deciding needs the approve-events or delete-events permission.
            </p>
          ) : null}
          <History history={history} />
        </section>
      </div>
    </div>
  );
}

function useBusy(intent: ModerationDecision): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
}

function ReviewForms() {
  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <Button type="submit" loading={useBusy('approve')}>
          Approve
        </Button>
      </Form>
      <Form method="post" className="space-y-2" aria-label="Refuse with a reason">
        <input type="hidden" name="intent" value="reject" />
        <TextAreaField label="Reason for the host" name="reason" rows={3} required maxLength={ModerationLimits.reasonMaxLength} />
        <Button type="submit" variant="outline" loading={useBusy('reject')}>
          Refuse
        </Button>
      </Form>
    </div>
  );
}

function TakeDownForm() {
  return (
    <Form method="post" className="space-y-2 rounded-2xl border border-rose-200 bg-white p-4" aria-label="Take down">
      <input type="hidden" name="intent" value="take-down" />
      <TextAreaField label="Why it is taken down" name="reason" rows={3} required maxLength={ModerationLimits.reasonMaxLength} />
      <Checkbox name="confirm" required label="I understand: the event is cancelled, leaves every list, and its fans are refunded." />
      <Button type="submit" variant="danger" loading={useBusy('take-down')}>
        Take down
      </Button>
    </Form>
  );
}

function History({ history }: { history: AdminAuditView[] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No admin has acted on this event yet.</p>;
  return (
    <section aria-label="History">
      <h2 className="text-sm font-semibold text-slate-900">History</h2>
      <ol className="mt-2 space-y-2 text-sm text-slate-700" data-testid="moderation-history">
        {history.map((entry) => (
          <li key={entry.id}>
            <span className="font-medium">{entry.action}</span> by <bdi>{entry.admin.name ?? 'an admin'}</bdi> ·{' '}
            {formatInstant(entry.created_at)}
            {entry.reason ? (
              <>
                {' '}
                — <bdi>{entry.reason}</bdi>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
