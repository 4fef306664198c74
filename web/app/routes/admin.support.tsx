import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireSupport } from '~/lib/admin.server';
import { formatInstant } from '~/lib/format-event';
import { parseForm } from '~/lib/forms';
import { flashToast } from '~/lib/session.server';
import { discardJob, loadJob, retryJob, searchJobs } from '~/lib/support.server';
import {
  supportActionSchema,
  supportSearchSchema,
  type SupportJobDetailView,
  type SupportJobView,
} from '../../../api/src/contracts/support.contract.js';

export const meta: MetaFunction = () => [{ title: 'Job support · Admin · Tribe' }];

type Confirming = 'retry' | 'discard';

/** This page's address for a search (`id`), an open job (`queue`, `job`) and a confirmation step. */
function pagePath(id: string, job?: { queue: string; id: string }, confirm?: Confirming): string {
  const params = new URLSearchParams();
  if (id) params.set('id', id);
  if (job) {
    params.set('queue', job.queue);
    params.set('job', job.id);
  }
  if (confirm) params.set('confirm', confirm);
  const query = params.toString();
  return query ? `/admin/support?${query}` : '/admin/support';
}

/**
 * /admin/support?id=…: the jobs of one application, payment, event or person across the queues;
 * &queue=…&job=… opens one (its failure in plain words, its records, what support did to it);
 * &confirm=retry|discard asks for the confirmation and the reason before the action.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireSupport(request);
  const url = new URL(request.url);
  const id = url.searchParams.get('id')?.trim() ?? '';
  const queue = url.searchParams.get('queue');
  const jobId = url.searchParams.get('job');
  const confirm = url.searchParams.get('confirm');
  const search = id
    ? supportSearchSchema.safeParse({ id }).success
      ? await searchJobs(token, id)
      : { ok: false as const, error: 'Enter the id of an application, a payment, an event or a person (a UUID).', status: 400 }
    : null;
  const job = queue && jobId ? await loadJob(token, queue, jobId) : null;
  return { id, search, job, confirm: confirm === 'retry' || confirm === 'discard' ? (confirm as Confirming) : null };
}

/** intent=retry|discard with confirm=true and a reason: the API records who did it; back to the job with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireSupport(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const job = { queue: String(form.get('queue') ?? ''), id: String(form.get('job') ?? '') };
  if (intent !== 'retry' && intent !== 'discard') return data({ error: 'Unknown action' }, { status: 400 });
  const parsed = parseForm(supportActionSchema, { confirm: form.get('confirm') === 'true', reason: form.get('reason') ?? '' });
  if (!parsed.ok) return data({ error: parsed.fieldErrors.reason ?? parsed.fieldErrors.confirm ?? 'Check the form' }, { status: 400 });
  const result =
    intent === 'retry' ? await retryJob(token, job.queue, job.id, parsed.data) : await discardJob(token, job.queue, job.id, parsed.data);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const message = intent === 'retry' ? 'Job sent back to its queue' : 'Job discarded';
  const cookie = await flashToast(request, { kind: 'success', message });
  return redirect(pagePath(id, intent === 'retry' ? job : undefined), { headers: { 'Set-Cookie': cookie } });
}

export default function SupportPage() {
  const { id, search, job, confirm } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Job support">
        Find the background jobs of an application, a payment, an event or a person: what ran, what is waiting, and why a job failed.
      </AdminPageHeader>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Find jobs">
        <TextField
          label="Application, payment, event or person id"
          name="id"
          defaultValue={id}
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1"
        />
        <Button type="submit">Find jobs</Button>
      </Form>
      {search && !search.ok ? <Alert>{search.error}</Alert> : null}
      {search?.ok ? (
        <JobList id={id} jobs={search.value.jobs} complete={search.value.complete} perState={search.value.scanned.perState} />
      ) : null}
      {job && !job.ok ? <Alert>{job.error}</Alert> : null}
      {job?.ok ? <JobDetail id={id} job={job.value} confirm={confirm} /> : null}
    </div>
  );
}

const STATE_TONES: Record<string, string> = {
  failed: 'bg-red-100 text-red-800',
  completed: 'bg-emerald-100 text-emerald-800',
  active: 'bg-blue-100 text-blue-800',
};

function StateBadge({ state }: { state: string }) {
  return (
    <span className={`rounded-md px-1.5 py-0.5 text-xs font-semibold ${STATE_TONES[state] ?? 'bg-slate-100 text-slate-700'}`}>{state}</span>
  );
}

function JobList({ id, jobs, complete, perState }: { id: string; jobs: SupportJobView[]; complete: boolean; perState: number }) {
  return (
    <section aria-labelledby="jobs-heading" className="space-y-3">
      <h2 id="jobs-heading" className="text-lg font-semibold text-slate-900">
        {jobs.length === 0 ? 'No jobs found' : `${jobs.length} job${jobs.length === 1 ? '' : 's'}`}
      </h2>
      {!complete ? (
        <Alert tone="info">
          Only the newest {perState} jobs of each state in each queue were searched: older jobs of this id may exist (Bull Board lists
          everything).
        </Alert>
      ) : null}
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {jobs.map((job) => (
          <li key={`${job.queue}/${job.id}`} className="flex flex-wrap items-center justify-between gap-2 p-3.5">
            <div className="min-w-0">
              <Link to={pagePath(id, job)} className="font-medium text-brand-700 hover:underline">
                {job.name}
              </Link>
              <p className="text-sm break-all text-slate-600">
                {job.queue} · {job.id} · {formatInstant(job.createdAt)}
              </p>
              <a
                href={job.dashboardPath}
                aria-label={`Open in the queue dashboard: ${job.name}`}
                className="text-sm text-brand-700 hover:underline"
              >
                Open in the queue dashboard
              </a>
            </div>
            <StateBadge state={job.state} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function JobDetail({ id, job, confirm }: { id: string; job: SupportJobDetailView; confirm: Confirming | null }) {
  return (
    <section aria-labelledby="job-heading" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="job-heading" className="text-lg font-semibold text-slate-900">
          {job.name}
        </h2>
        <StateBadge state={job.state} />
      </div>
      <p className="text-sm break-all text-slate-600">
        {job.queue} · {job.id} · attempt {job.attemptsMade} of {job.attempts} ·{' '}
        <a href={job.dashboardPath} className="text-brand-700 hover:underline">
          Open in the queue dashboard
        </a>
      </p>
      {job.explanation ? (
        <div className="space-y-2">
          <h3 className="text-[15px] font-semibold text-slate-900">What went wrong</h3>
          <p className="text-[15px] text-slate-800">{job.explanation}</p>
          <details className="text-sm text-slate-600">
            <summary>Technical message</summary>
            <pre className="mt-1 break-all whitespace-pre-wrap">{job.failedReason}</pre>
          </details>
        </div>
      ) : null}
      {job.related.map((record) => (
        <div key={`${record.kind}/${record.id}`} className="space-y-1">
          <h3 className="text-[15px] font-semibold text-slate-900">
            The {record.kind} <span className="font-normal break-all text-slate-600">{record.id}</span>
          </h3>
          {record.summary ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
              {Object.entries(record.summary).map(([field, value]) => (
                <div key={field} className="contents">
                  <dt className="text-slate-500">{field}</dt>
                  <dd className="break-all text-slate-900">{value === null ? '—' : String(value)}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">It no longer exists.</p>
          )}
        </div>
      ))}
      {job.history.length > 0 ? (
        <div className="space-y-1">
          <h3 className="text-[15px] font-semibold text-slate-900">What support did</h3>
          <ul className="text-sm text-slate-700">
            {job.history.map((entry) => (
              <li key={entry.createdAt}>
                {formatInstant(entry.createdAt)}: {entry.action} by {entry.adminId} — “{entry.reason}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {job.state === 'failed' ? <FailedJobActions id={id} job={job} confirm={confirm} /> : null}
    </section>
  );
}

/** Two steps: the buttons open a confirmation that asks why; only that form changes anything. */
function FailedJobActions({ id, job, confirm }: { id: string; job: SupportJobView; confirm: Confirming | null }) {
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!confirm) {
    return (
      <div className="flex flex-wrap gap-2">
        <ButtonLink to={pagePath(id, job, 'retry')}>Retry…</ButtonLink>
        <ButtonLink to={pagePath(id, job, 'discard')} variant="outline">
          Discard…
        </ButtonLink>
      </div>
    );
  }
  const question =
    confirm === 'retry'
      ? 'Send this job back to its queue? The workers run it again, with all its attempts.'
      : 'Discard this job for good? The workers will not run it again, and nothing retries it.';
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3.5" aria-label={`Confirm ${confirm}`}>
      <p className="text-[15px] font-medium text-slate-900">{question}</p>
      <input type="hidden" name="intent" value={confirm} />
      <input type="hidden" name="confirm" value="true" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="queue" value={job.queue} />
      <input type="hidden" name="job" value={job.id} />
      <TextField label="Why (kept in the audit record)" name="reason" maxLength={500} autoComplete="off" error={refusal?.error ?? null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={confirm === 'discard' ? 'danger' : 'primary'} loading={navigation.state !== 'idle'}>
          {confirm === 'retry' ? 'Yes, retry this job' : 'Yes, discard this job'}
        </Button>
        <ButtonLink to={pagePath(id, job)} variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
