import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { SelectField, TextField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { searchPeople } from '~/lib/people.server';
import { peopleSearchQuerySchema, type PersonSummaryView } from '../../../api/src/contracts/people.contract.js';

export const meta: MetaFunction = () => [{ title: 'People · Admin · Tribe' }];

const FILTERS = ['q', 'city', 'role', 'status'] as const;

/** /admin/users?q=&city=&role=&status=&after=: people by name, email, phone or city, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const form = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim() ?? '']));
  const parsed = peopleSearchQuerySchema.safeParse({ ...form, after: params.get('after') ?? undefined });
  if (!parsed.success) return { form, result: { ok: false as const, error: 'Check the search: a filter is not valid.', status: 400 } };
  return { form, result: await searchPeople(token, parsed.data) };
}

export default function PeoplePage() {
  const { form, result } = useLoaderData<typeof loader>();
  const next =
    result.ok && result.value.next_after ? `?${new URLSearchParams({ ...form, after: result.value.next_after }).toString()}` : null;
  return (
    <div className="space-y-6">
      <AdminPageHeader title="People">Find a person by name, email, phone number or city, and open their page.</AdminPageHeader>
      <Form method="get" className="grid gap-2 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-end" role="search" aria-label="Find people">
        <TextField label="Name, email or phone" name="q" defaultValue={form.q} autoComplete="off" spellCheck={false} />
        <TextField label="City" name="city" defaultValue={form.city} autoComplete="off" />
        <SelectField label="Role" name="role" defaultValue={form.role}>
          <option value="">Any role</option>
          <option value="fan">Fan</option>
          <option value="influencer">Influencer</option>
          <option value="admin">Admin</option>
        </SelectField>
        <SelectField label="Status" name="status" defaultValue={form.status}>
          <option value="">Anyone</option>
          <option value="active">Active</option>
          <option value="suspended">Suspended</option>
        </SelectField>
        <Button type="submit">Search</Button>
      </Form>
      {!result.ok ? <Alert>{result.error}</Alert> : <PeopleList people={result.value.people} />}
      {next ? (
        <ButtonLink to={next} variant="outline">
          Next page
        </ButtonLink>
      ) : null}
    </div>
  );
}

function PeopleList({ people }: { people: PersonSummaryView[] }) {
  if (people.length === 0) return <p className="text-[15px] text-slate-600">No one matches this search.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-label="People found">
      {people.map((person) => (
        <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 p-3.5">
          <div className="min-w-0">
            <Link to={`/admin/users/${person.id}`} className="font-medium text-brand-700 hover:underline">
              <bdi>{person.name ?? 'No name'}</bdi>
            </Link>
            <p className="text-sm break-all text-slate-600">
              {[person.email, person.mobile_number, person.city].filter(Boolean).join(' · ') || '—'}
            </p>
          </div>
          <PersonBadges person={person} />
        </li>
      ))}
    </ul>
  );
}

export function PersonBadges({ person }: { person: Pick<PersonSummaryView, 'role' | 'verified' | 'suspended_at'> }) {
  return (
    <span className="flex gap-1.5 text-xs font-semibold">
      <span className="rounded-md bg-slate-100 px-1.5 py-0.5 text-slate-700">{person.role}</span>
      {person.verified ? <span className="rounded-md bg-emerald-100 px-1.5 py-0.5 text-emerald-800">verified</span> : null}
      {person.suspended_at ? <span className="rounded-md bg-red-100 px-1.5 py-0.5 text-red-800">suspended</span> : null}
    </span>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
