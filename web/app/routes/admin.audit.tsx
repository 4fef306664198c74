import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { EmptyState } from '~/components/ui/empty-state';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { auditRecordLink, auditValue } from '~/lib/admin-records';
import { requireAdmin } from '~/lib/admin.server';
import { formatInstant } from '~/lib/format-event';
import { loadAuditLog } from '~/lib/reports.server';
import { type AdminAuditView } from '../../../api/src/contracts/admin-audit.contract.js';

export const meta: MetaFunction = () => [{ title: 'Audit log · Admin · Tribe' }];

const FILTERS = ['record_type', 'record_id', 'admin_id', 'action'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const auditPath = (filters: Filters, cursor?: string) => {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
};

/** /admin/audit?record_type=&record_id=&admin_id=&action=&cursor=: every admin action, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const url = new URL(request.url);
  const filters: Filters = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name)?.trim() || undefined]));
  const log = await loadAuditLog(token, { ...filters, cursor: url.searchParams.get('cursor') ?? undefined });
  return { filters, log };
}

export default function AdminAuditPage() {
  const { filters, log } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Audit log">
        Every admin action: who did what, to which record, when and why. Entries are written with the action itself and cannot be changed or
        deleted.
      </AdminPageHeader>
      <Form method="get" className="grid gap-2 sm:grid-cols-2" role="search" aria-label="Filter the audit log">
        <TextField
          label="Record type (event, user, post…)"
          name="record_type"
          defaultValue={filters.record_type ?? ''}
          autoComplete="off"
        />
        <TextField label="Record id" name="record_id" defaultValue={filters.record_id ?? ''} autoComplete="off" spellCheck={false} />
        <TextField label="Admin id" name="admin_id" defaultValue={filters.admin_id ?? ''} autoComplete="off" spellCheck={false} />
        <TextField label="Action (post.removed…)" name="action" defaultValue={filters.action ?? ''} autoComplete="off" />
        <div className="flex gap-2 sm:col-span-2">
          <Button type="submit">Filter</Button>
          <ButtonLink to="/admin/audit" variant="ghost">
            Clear
          </ButtonLink>
        </div>
      </Form>
      {!log.ok ? <Alert>{log.error}</Alert> : null}
      {log.ok && log.value.entries.length === 0 ? <EmptyState title="No actions" detail="Nothing an admin did matches." /> : null}
      {log.ok && log.value.entries.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-label="Admin actions">
          {log.value.entries.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} filters={filters} />
          ))}
        </ul>
      ) : null}
      {log.ok && log.value.nextCursor ? (
        <ButtonLink to={auditPath(filters, log.value.nextCursor)} variant="outline">
          Older actions
        </ButtonLink>
      ) : null}
    </div>
  );
}

function AuditEntry({ entry, filters }: { entry: AdminAuditView; filters: Filters }) {
  const recordLink = auditRecordLink(entry);
  const record = `${entry.record_type} ${entry.record_id}`;
  return (
    <li className="space-y-1.5 p-3.5" data-testid="audit-entry">
      <p className="text-[15px] text-slate-900">
        <Link to={auditPath({ ...filters, admin_id: entry.admin.id })} className="font-semibold hover:underline">
          <bdi>{entry.admin.name ?? entry.admin.id}</bdi>
        </Link>{' '}
        <Link
          to={auditPath({ ...filters, action: entry.action })}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm hover:underline"
        >
          {entry.action}
        </Link>{' '}
        {recordLink ? (
          <Link to={recordLink} className="text-sm break-all text-brand-700 hover:underline">
            {record}
          </Link>
        ) : (
          <span className="text-sm break-all text-slate-700">{record}</span>
        )}
      </p>
      <p className="text-sm text-slate-600">
        <time dateTime={entry.created_at}>{formatInstant(entry.created_at)}</time>
        {entry.reason ? <> · “{entry.reason}”</> : null}
      </p>
      {entry.before || entry.after ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
          <Change label="Before" values={entry.before} />
          <Change label="After" values={entry.after} />
        </dl>
      ) : null}
    </li>
  );
}

function Change({ label, values }: { label: string; values: Record<string, unknown> | null }) {
  if (!values) return null;
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-800">
        {Object.entries(values)
          .map(([field, value]) => `${field}: ${auditValue(value)}`)
          .join(' · ')}
      </dd>
    </>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
