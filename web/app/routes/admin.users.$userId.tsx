import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { AdminErrorBoundary } from '~/components/admin/admin-error-boundary';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { requireAdmin } from '~/lib/admin.server';
import { formatInstant } from '~/lib/format-event';
import { actOnPerson, loadGovernmentIdLink, loadPerson, type PersonAction } from '~/lib/people.server';
import { flashToast } from '~/lib/session.server';
import { Messages } from '../../../api/src/contracts/messages.js';
import { type PersonPageView } from '../../../api/src/contracts/people.contract.js';
import { PersonBadges } from './admin.users._index';

export const meta: MetaFunction = () => [{ title: 'Person · Admin · Tribe' }];

const ACTIONS: Record<PersonAction, { question: string; confirm: string; reasonLabel: string; done: string; danger: boolean }> = {
  suspend: {
    question:
      'Suspend this person? They are signed out everywhere at once, cannot sign in, their events leave the lists and their pending applications are released.',
    confirm: 'Yes, suspend',
    reasonLabel: 'Why (kept in the audit log)',
    done: 'Person suspended',
    danger: true,
  },
  restore: {
    question: 'Restore this person? They can sign in again and their events return to the lists.',
    confirm: 'Yes, restore',
    reasonLabel: 'Why (kept in the audit log)',
    done: 'Person restored',
    danger: false,
  },
  verify: {
    question: 'Approve the verification? The verified badge shows on their profile and events.',
    confirm: 'Yes, verify',
    reasonLabel: 'Note (optional, kept in the audit log)',
    done: 'Influencer verified',
    danger: false,
  },
  refuse: {
    question: 'Refuse the verification? The influencer reads your reason in their inbox.',
    confirm: 'Yes, refuse',
    reasonLabel: 'Reason (sent to the influencer)',
    done: 'Verification refused',
    danger: true,
  },
};

const isAction = (value: unknown): value is PersonAction => typeof value === 'string' && value in ACTIONS;

/** /admin/users/{id}: the person's page; ?confirm=<action> asks before acting, ?id=show opens the government id. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, user } = await requireAdmin(request);
  const userId = params.userId ?? '';
  const url = new URL(request.url);
  const canVerify = user.admin_permissions?.verify_influencers === true;
  const person = await loadPerson(token, userId);
  if (!person.ok) throw data({ error: person.error }, { status: person.status });
  const showId = canVerify && url.searchParams.get('id') === 'show' && person.value.person.has_government_id;
  const idLink = showId ? await loadGovernmentIdLink(token, userId) : null;
  const confirm = url.searchParams.get('confirm');
  return { page: person.value, canVerify, idLink, confirm: isAction(confirm) ? confirm : null, selfId: user.id };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const userId = params.userId ?? '';
  const form = await request.formData();
  const intent = form.get('intent');
  if (!isAction(intent) || form.get('confirm') !== 'true') return data({ error: 'Unknown action' }, { status: 400 });
  const reason = String(form.get('reason') ?? '').trim();
  if (!reason && intent !== 'verify') return data({ error: Messages.people.reasonRequired }, { status: 400 });
  const result = await actOnPerson(token, userId, intent, reason);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const cookie = await flashToast(request, { kind: 'success', message: ACTIONS[intent].done });
  return redirect(`/admin/users/${userId}`, { headers: { 'Set-Cookie': cookie } });
}

export default function PersonPage() {
  const { page, canVerify, idLink, confirm, selfId } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const { person } = page;
  const here = `/admin/users/${person.id}`;
  const isInfluencer = person.role === 'influencer';
  const available: PersonAction[] = [];
  if (!person.is_admin && person.role !== 'admin' && person.id !== selfId) available.push(person.suspended_at ? 'restore' : 'suspend');
  if (canVerify && isInfluencer) available.push(...(['verify', 'refuse'] as const));
  return (
    <div className="space-y-6">
      <AdminPageHeader title={person.name ?? 'No name'}>
        <Link to="/admin/users" className="text-brand-700 hover:underline">
          People
        </Link>{' '}
        · {[person.email, person.mobile_number, person.location].filter(Boolean).join(' · ')}
      </AdminPageHeader>
      <PersonBadges person={person} />
      {person.suspended_at ? (
        <Alert>
          Suspended {formatInstant(person.suspended_at)}: “{person.suspension_reason}”
        </Alert>
      ) : null}
      {person.verification_refused_at ? (
        <Alert tone="info">
          Verification refused {formatInstant(person.verification_refused_at)}: “{person.verification_refusal_reason}”
        </Alert>
      ) : null}
      {confirm && available.includes(confirm) ? (
        <ConfirmAction intent={confirm} cancelTo={here} />
      ) : (
        <>
          {/* Another admin acted first: the step asked for is gone with the change, its refusal is said here. */}
          {refusal?.error ? <Alert>{refusal.error}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            {available.map((action) => (
              <ButtonLink key={action} to={`${here}?confirm=${action}`} variant={ACTIONS[action].danger ? 'outline' : 'primary'}>
                {action === 'suspend'
                  ? 'Suspend…'
                  : action === 'restore'
                    ? 'Restore…'
                    : action === 'verify'
                      ? 'Verify…'
                      : 'Refuse verification…'}
              </ButtonLink>
            ))}
          </div>
        </>
      )}
      {canVerify && isInfluencer ? <GovernmentId here={here} has={person.has_government_id} link={idLink} userId={person.id} /> : null}
      <Section title="Profile">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
          {Object.entries({
            Role: person.role,
            City: person.city,
            Age: person.age,
            Gender: person.gender,
            Instagram: person.instagram_handle,
            Followers: person.follower_count,
            Rating: person.rating,
            Joined: formatInstant(person.created_at),
          }).map(([field, value]) => (
            <div key={field} className="contents">
              <dt className="text-slate-500">{field}</dt>
              <dd className="break-all text-slate-900">{value === null || value === '' ? '—' : String(value)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Records page={page} />
    </div>
  );
}

function Records({ page }: { page: PersonPageView }) {
  return (
    <>
      <Section title={`Events hosted (${page.events.length})`}>
        <Rows
          items={page.events.map((event) => [
            event.id,
            `${event.title} · ${formatInstant(event.date)}`,
            `${event.status} · ${event.moderation_status}`,
          ])}
        />
      </Section>
      <Section title={`Applications (${page.applications.length})`}>
        <Rows
          items={page.applications.map((application) => [
            application.id,
            application.event_title,
            `${application.status} · ₹${application.bid_amount}`,
          ])}
        />
      </Section>
      <Section title={`Payments (${page.payments.length})`}>
        <Rows items={page.payments.map((payment) => [payment.id, payment.event_title, `${payment.state} · ₹${payment.amount}`])} />
      </Section>
      <Section title={`Reports about them (${page.reports.length})`}>
        <Rows
          items={page.reports.map((report) => [
            report.id,
            `${report.reason}${report.details ? `: “${report.details}”` : ''} — by ${report.reporter.name ?? 'someone'}`,
            report.status,
          ])}
        />
      </Section>
      <Section title="Admin history">
        <Rows
          items={page.history.map((entry) => [
            entry.id,
            `${entry.action} by ${entry.admin.name ?? entry.admin.id}${entry.reason ? `: “${entry.reason}”` : ''}`,
            formatInstant(entry.created_at),
          ])}
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Rows({ items }: { items: Array<[key: string, text: string, aside: string]> }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">None.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {items.map(([key, text, aside]) => (
        <li key={key} className="flex flex-wrap justify-between gap-2 py-1.5">
          <bdi className="min-w-0 text-slate-900">{text}</bdi>
          <span className="text-slate-600">{aside}</span>
        </li>
      ))}
    </ul>
  );
}

function GovernmentId({
  here,
  has,
  link,
  userId,
}: {
  here: string;
  has: boolean;
  link: Awaited<ReturnType<typeof loader>>['idLink'];
  userId: string;
}) {
  if (!has) return <p className="text-sm text-slate-600">No government id uploaded.</p>;
  if (!link)
    return (
      <ButtonLink to={`${here}?id=show`} variant="outline">
        Show government id
      </ButtonLink>
    );
  if (!link.ok) return <Alert>{link.error}</Alert>;
  const signed = new URL(link.value.url, 'http://api.invalid').search;
  return (
    <figure className="space-y-1">
      <img
        src={`/resources/admin/government-id/${userId}${signed}`}
        alt="Government id"
        className="max-h-96 rounded-xl border border-slate-200"
      />
      <figcaption className="text-sm text-slate-600">This link stops working at {formatInstant(link.value.expires_at)}.</figcaption>
    </figure>
  );
}

function ConfirmAction({ intent, cancelTo }: { intent: PersonAction; cancelTo: string }) {
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const words = ACTIONS[intent];
  return (
    <Form method="post" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-3.5" aria-label={`Confirm ${intent}`}>
      <p className="text-[15px] font-medium text-slate-900">{words.question}</p>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirm" value="true" />
      <TextField label={words.reasonLabel} name="reason" maxLength={1000} autoComplete="off" error={refusal?.error ?? null} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={words.danger ? 'danger' : 'primary'} loading={navigation.state !== 'idle'}>
          {words.confirm}
        </Button>
        <ButtonLink to={cancelTo} variant="ghost">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export { AdminErrorBoundary as ErrorBoundary };
