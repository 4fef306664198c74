import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyState } from '~/components/ui/empty-state';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { cn } from '~/lib/cn';
import { formatInstant } from '~/lib/format-event';
import { parseForm } from '~/lib/forms';
import { decideReports, loadReportQueue } from '~/lib/reports.server';
import { flashToast } from '~/lib/session.server';
import {
  REPORT_ACT_LABELS,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  reportDecisionSchema,
  reportTargetParamsSchema,
  type ReportKind,
  type ReportQueueItemView,
} from '../../../api/src/contracts/reports.contract.js';

export const meta: MetaFunction = () => [{ title: 'Reports · Admin · Tribe' }];

const isKind = (value: string | null): value is ReportKind => (REPORT_KINDS as readonly (string | null)[]).includes(value);

type Decision = 'dismiss' | 'act';

/** This page's address with `confirm` (which decision on which target) set or taken off, the filter kept. */
function withConfirm(search: string, confirm: string | null): string {
  const params = new URLSearchParams(search);
  if (confirm) params.set('confirm', confirm);
  else params.delete('confirm');
  const query = params.toString();
  return query ? `/admin/reports?${query}` : '/admin/reports';
}

/**
 * /admin/reports?kind=&cursor=: every open report, grouped by what it is about, the longest waiting
 * first; &confirm=dismiss:<id>|act:<id> asks for the reason before deciding.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const url = new URL(request.url);
  const kind = url.searchParams.get('kind');
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const queue = await loadReportQueue(token, { kind: isKind(kind) ? kind : undefined, cursor });
  return { kind: isKind(kind) ? kind : null, queue };
}

/** intent=dismiss|act with kind, targetId and reason: every open report of the target closed; back to the queue with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const target = reportTargetParamsSchema.safeParse({ kind: form.get('kind'), targetId: form.get('targetId') });
  if ((intent !== 'dismiss' && intent !== 'act') || !target.success)
    return data({ targetId: null, error: 'Unknown action' }, { status: 400 });
  const targetId = target.data.targetId;
  const parsed = parseForm(reportDecisionSchema, { reason: form.get('reason') ?? '' });
  if (!parsed.ok) return data({ targetId, error: parsed.fieldErrors.reason ?? 'Say why' }, { status: 400 });
  const result = await decideReports(token, target.data, intent === 'act' ? 'acted' : 'dismissed', parsed.data.reason);
  if (!result.ok) return data({ targetId, error: result.error }, { status: result.status });
  const told = `${result.value.reportersTold} ${result.value.reportersTold === 1 ? 'reporter' : 'reporters'} told`;
  const done = intent === 'act' ? `${REPORT_ACT_LABELS[target.data.kind]}: done` : 'Reports dismissed';
  const cookie = await flashToast(request, { kind: 'success', message: `${done}, ${told}` });
  const back = new URL(request.url);
  back.searchParams.delete('confirm');
  return redirect(`${back.pathname}${back.search}`, { headers: { 'Set-Cookie': cookie } });
}

export default function AdminReportsPage() {
  const { kind, queue } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  // Another admin decided first: the item left the queue with its form, so its refusal is said here.
  const orphaned = refusal?.error && !(queue.ok && queue.value.items.some((item) => item.targetId === refusal.targetId));
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Reports">
        What people reported, grouped by the event, person, post, comment or review they are about, the longest waiting first. Dismiss the
        reports or act on them; the reporters are told the outcome in their inbox.
      </AdminPageHeader>
      <KindFilter kind={kind} />
      {!queue.ok ? <Alert>{queue.error}</Alert> : null}
      {orphaned ? <Alert>{refusal.error}</Alert> : null}
      {queue.ok && queue.value.items.length === 0 ? (
        <EmptyState title="Nothing reported" detail="Reports people send show up here until an admin decides on them." />
      ) : null}
      {queue.ok ? (
        <ul className="space-y-4">
          {queue.value.items.map((item) => (
            <QueueItem key={`${item.kind}/${item.targetId}`} item={item} />
          ))}
        </ul>
      ) : null}
      {queue.ok && queue.value.nextCursor ? (
        <ButtonLink
          to={`/admin/reports?${new URLSearchParams({ ...(kind ? { kind } : {}), cursor: queue.value.nextCursor })}`}
          variant="outline"
        >
          Next reports
        </ButtonLink>
      ) : null}
    </div>
  );
}

function KindFilter({ kind }: { kind: ReportKind | null }) {
  const choices: Array<{ value: ReportKind | null; label: string }> = [
    { value: null, label: 'All' },
    ...REPORT_KINDS.map((value) => ({ value, label: REPORT_KIND_LABELS[value] })),
  ];
  return (
    <nav aria-label="Kind of report" className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <Link
          key={choice.label}
          to={choice.value ? `/admin/reports?kind=${choice.value}` : '/admin/reports'}
          aria-current={choice.value === kind ? 'page' : undefined}
          className={cn(
            'rounded-full border px-3 py-1.5 text-sm font-medium',
            choice.value === kind
              ? 'border-slate-900 bg-slate-900 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
          )}
        >
          {choice.label}
        </Link>
      ))}
    </nav>
  );
}

const KIND_NAMES: Record<ReportKind, string> = { event: 'Event', person: 'Person', post: 'Post', comment: 'Comment', review: 'Review' };

function QueueItem({ item }: { item: ReportQueueItemView }) {
  const { content } = item;
  const headingId = `report-${item.targetId}`;
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5" aria-labelledby={headingId} data-testid="report-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-[15px] font-semibold text-slate-900">
          {KIND_NAMES[item.kind]}
          {content.title ? (
            <>
              : <bdi>{content.title}</bdi>
            </>
          ) : null}
          {content.author ? (
            <span className="font-normal text-slate-600">
              {' '}
              by <bdi>{content.author.name ?? 'someone'}</bdi>
            </span>
          ) : null}
        </h2>
        <span className="rounded-md bg-rose-100 px-2 py-0.5 text-xs font-semibold text-rose-800">
          {item.count} {item.count === 1 ? 'report' : 'reports'}
        </span>
      </div>
      {content.text ? <p className="text-[15px] break-words whitespace-pre-line text-slate-800">{content.text}</p> : null}
      <p className="text-sm text-slate-600">
        {content.details ? `${content.details} · ` : null}
        {content.gone ? <span className="font-medium text-amber-700">Already removed or ended · </span> : null}
        <Link to={content.link} className="text-brand-700 hover:underline">
          Open
        </Link>
      </p>
      <ul className="space-y-1.5 border-t border-slate-100 pt-3 text-sm" aria-label="Reasons">
        {item.reports.map((report) => (
          <li key={report.id}>
            <span className="font-medium text-slate-900">{report.reason}</span>
            {report.details ? <span className="text-slate-800"> — “{report.details}”</span> : null}
            <span className="text-slate-500">
              {' '}
              · <bdi>{report.reporter.name ?? 'Someone'}</bdi>, {formatInstant(report.reportedAt)}
            </span>
          </li>
        ))}
        {item.count > item.reports.length ? <li className="text-slate-500">and {item.count - item.reports.length} more</li> : null}
      </ul>
      <Decide item={item} />
    </li>
  );
}

/** Two steps: the buttons open a form asking why; only that form decides. */
function Decide({ item }: { item: ReportQueueItemView }) {
  const location = useLocation();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const open = new URLSearchParams(location.search).get('confirm');
  const decision: Decision | null = open === `act:${item.targetId}` ? 'act' : open === `dismiss:${item.targetId}` ? 'dismiss' : null;
  const actLabel = REPORT_ACT_LABELS[item.kind];
  if (!decision) {
    return (
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={withConfirm(location.search, `act:${item.targetId}`)} variant="danger" size="sm" preventScrollReset>
          {actLabel}…
        </ButtonLink>
        <ButtonLink to={withConfirm(location.search, `dismiss:${item.targetId}`)} variant="outline" size="sm" preventScrollReset>
          Dismiss…
        </ButtonLink>
      </div>
    );
  }
  const question =
    decision === 'act'
      ? `${actLabel}? The ${item.count === 1 ? 'report is' : `${item.count} reports are`} closed and the reporters told.`
      : `Dismiss the ${item.count === 1 ? 'report' : `${item.count} reports`}? It stays as it is, and the reporters are told.`;
  return (
    <Form
      method="post"
      preventScrollReset
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3.5"
      aria-label={decision === 'act' ? actLabel : 'Dismiss the reports'}
    >
      <p className="text-[15px] font-medium text-slate-900">{question}</p>
      <input type="hidden" name="intent" value={decision} />
      <input type="hidden" name="kind" value={item.kind} />
      <input type="hidden" name="targetId" value={item.targetId} />
      <TextField
        label="Why (kept in the audit log)"
        name="reason"
        maxLength={500}
        autoComplete="off"
        error={refusal?.targetId === item.targetId ? refusal.error : null}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={decision === 'act' ? 'danger' : 'primary'} loading={navigation.state !== 'idle'}>
          {decision === 'act' ? `Yes, ${actLabel.toLowerCase()}` : 'Yes, dismiss'}
        </Button>
        <ButtonLink to={withConfirm(location.search, null)} variant="ghost" preventScrollReset>
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
