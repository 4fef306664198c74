import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import { Card } from '~/components/ui/card';
import { AlertCircleIcon, ChevronRightIcon, MailIcon, ShieldIcon, SparklesIcon, UsersIcon, WalletIcon } from '~/components/ui/icons';
import { requireSupport } from '~/lib/admin.server';
import type { AdminLoader } from './admin';

/** The admin landing page: admins see every card, support staff the job queue cards alone. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSupport(request);
  return null;
}

const UPCOMING = [
  { title: 'Event approvals', body: 'Review new events before they go live, and take down ones that break the rules.', icon: SparklesIcon },
  { title: 'User verification', body: 'Verify hosts and handle reports from the community.', icon: UsersIcon },
];

const cardLink = 'group rounded-2xl border border-brand-200 bg-white p-5 shadow-xs transition hover:border-brand-400 hover:shadow-md';

export default function AdminDashboard() {
  const admin = useRouteLoaderData<AdminLoader>('routes/admin');
  const fullAdmin = admin?.fullAdmin ?? false;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Hello, <bdi>{admin?.name ?? 'Admin'}</bdi>
      </h1>
      <p className="mt-1 text-[15px] text-slate-600">Keep Tribe safe and running smoothly.</p>

      <div className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        <a href="/api/v1/admin/queues" className={cardLink}>
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
            <ShieldIcon size={22} />
          </span>
          <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
            Queue dashboard
            <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Background jobs — account deletions, payments, notifications: see what is waiting, running or failed, and retry.
          </p>
        </a>
        <Link to="/admin/support" className={cardLink}>
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
            <AlertCircleIcon size={22} />
          </span>
          <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
            Job support
            <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What happened to this payment? Find the jobs of an application, payment, event or person, read why one failed, and retry or
            discard it.
          </p>
        </Link>
        {fullAdmin ? (
          <Link to="/admin/payouts" className={cardLink}>
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
              <WalletIcon size={22} />
            </span>
            <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
              Payouts
              <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              What each host is owed per event: record a payout, and mark it paid with the bank&rsquo;s reference.
            </p>
          </Link>
        ) : null}
        {fullAdmin ? (
          <Link to="/admin/notifications" className={cardLink}>
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
              <MailIcon size={22} />
            </span>
            <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
              Notifications
              <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Announce to everyone, a city, a role or listed people, now or later; follow deliveries and retry the failed ones.
            </p>
          </Link>
        ) : null}
        {fullAdmin &&
          UPCOMING.map(({ title, body, icon: Icon }) => (
            <Card key={title} className="p-5">
              <span className="flex size-11 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
                <Icon size={22} />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{body}</p>
              <p className="mt-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">Coming soon</p>
            </Card>
          ))}
      </div>
    </>
  );
}
