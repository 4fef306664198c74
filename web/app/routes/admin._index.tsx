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

/** What the admin home links to; support staff see the job tools alone. `document`: served outside the Remix app. */
const TOOLS = [
  {
    to: '/api/v1/admin/queues',
    document: true,
    title: 'Queue dashboard',
    body: 'Background jobs — account deletions, payments, notifications: see what is waiting, running or failed, and retry.',
    icon: ShieldIcon,
  },
  {
    to: '/admin/support',
    title: 'Job support',
    body: 'What happened to this payment? Find the jobs of an application, payment, event or person, read why one failed, and retry or discard it.',
    icon: AlertCircleIcon,
  },
  {
    to: '/admin/payouts',
    adminOnly: true,
    title: 'Payouts',
    body: 'What each host is owed per event: record a payout, and mark it paid with the bank’s reference.',
    icon: WalletIcon,
  },
  {
    to: '/admin/notifications',
    adminOnly: true,
    title: 'Notifications',
    body: 'Announce to everyone, a city, a role or listed people, now or later; follow deliveries and retry the failed ones.',
    icon: MailIcon,
  },
];

type Tool = (typeof TOOLS)[number] & { document?: boolean; adminOnly?: boolean };

function ToolCard({ to, document, title, body, icon: Icon }: Tool) {
  const content = (
    <>
      <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
        <Icon size={22} />
      </span>
      <h2 className="mt-4 flex items-center gap-1 text-lg font-semibold text-slate-900">
        {title}
        <ChevronRightIcon size={18} className="text-slate-400 transition group-hover:translate-x-0.5" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">{body}</p>
    </>
  );
  return document ? (
    <a href={to} className={cardLink}>
      {content}
    </a>
  ) : (
    <Link to={to} className={cardLink}>
      {content}
    </Link>
  );
}

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
        {TOOLS.filter((tool) => fullAdmin || !tool.adminOnly).map((tool) => (
          <ToolCard key={tool.to} {...tool} />
        ))}
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
