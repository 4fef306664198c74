import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { DashboardFigures } from '~/components/admin/dashboard-figures';
import { Alert } from '~/components/ui/alert';
import {
  AlertCircleIcon,
  ChevronRightIcon,
  ClockIcon,
  FileTextIcon,
  MailIcon,
  ShieldIcon,
  SparklesIcon,
  UsersIcon,
  WalletIcon,
} from '~/components/ui/icons';
import { requireSupport } from '~/lib/admin.server';
import { api } from '~/lib/api.server';
import { readForPage } from '~/lib/page-reads.server';
import { isAdminUser } from '~/lib/redirects';
import type { DashboardView } from '../../../api/src/contracts/analytics.contract.js';
import type { AdminLoader } from './admin';

/** The admin landing page: admins see the live figures and every card, support staff the job queue cards alone. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireSupport(request);
  if (!isAdminUser(user)) return { dashboard: null };
  return { dashboard: await readForPage(() => api<DashboardView>('/admin/dashboard', { token }), 'Failed to load the dashboard figures') };
}

/** What the admin home links to; support staff see the job tools alone. `document`: served outside the Remix app. */
const TOOLS = [
  {
    to: '/admin/events',
    adminOnly: true,
    title: 'Event review',
    body: 'Approve new events before they go live, and take down ones that break the rules.',
    icon: SparklesIcon,
  },
  {
    to: '/admin/users',
    adminOnly: true,
    title: 'People',
    body: 'Find a person, verify hosts, and suspend accounts that abuse Tribe.',
    icon: UsersIcon,
  },
  {
    to: '/admin/reports',
    adminOnly: true,
    title: 'Reports',
    body: 'What the community reported — events, people, posts and reviews — to act on or dismiss.',
    icon: AlertCircleIcon,
  },
  {
    to: '/admin/audit',
    adminOnly: true,
    title: 'Audit log',
    body: 'Every admin action: who did what to which record, when and why.',
    icon: FileTextIcon,
  },
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
    icon: ClockIcon,
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
  const { dashboard } = useLoaderData<typeof loader>();
  const fullAdmin = admin?.fullAdmin ?? false;
  return (
    <>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Hello, <bdi>{admin?.name ?? 'Admin'}</bdi>
      </h1>
      <p className="mt-1 text-[15px] text-slate-600">Keep Tribe safe and running smoothly.</p>

      {dashboard ? (
        <div className="mt-8">{dashboard.ok ? <DashboardFigures view={dashboard.value} /> : <Alert>{dashboard.error}</Alert>}</div>
      ) : null}

      <h2 className="mt-10 text-lg font-semibold text-slate-900">Tools</h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {TOOLS.filter((tool) => fullAdmin || !tool.adminOnly).map((tool) => (
          <ToolCard key={tool.to} {...tool} />
        ))}
      </div>
    </>
  );
}
