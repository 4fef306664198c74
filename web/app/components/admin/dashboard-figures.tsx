import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { formatRupees } from '~/lib/format-event';
import type { DashboardDay, DashboardView } from '../../../../api/src/contracts/analytics.contract.js';
import { DailyChart, FunnelChart } from './dashboard-charts';

function Tile({ label, value, detail, to, document }: { label: string; value: ReactNode; detail: string; to: string; document?: boolean }) {
  const className = 'block rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-400 hover:shadow-md';
  const content = (
    <>
      <span className="text-sm text-slate-600">{label}</span>
      <span className="mt-1 block text-2xl font-bold text-slate-900 tabular-nums">{value}</span>
      <span className="mt-1 block text-xs text-brand-700">{detail}</span>
    </>
  );
  return document ? (
    <a href={to} className={className}>
      {content}
    </a>
  ) : (
    <Link to={to} className={className}>
      {content}
    </Link>
  );
}

const column = (days: DashboardDay[], pick: (day: DashboardDay) => number) => days.map(pick);

/** The one-figure-a-day charts, as bars. */
const COUNTS: Array<{ title: string; name: string; pick: (day: DashboardDay) => number; tone: string }> = [
  { title: 'Sign-ups', name: 'Sign-ups', pick: (day) => day.signUps, tone: 'fill-brand-500' },
  { title: 'Events published', name: 'Events', pick: (day) => day.eventsPublished, tone: 'fill-emerald-500' },
  { title: 'Applications', name: 'Applications', pick: (day) => day.applications, tone: 'fill-amber-500' },
  { title: 'Daily active sessions', name: 'Sessions', pick: (day) => day.activeSessions, tone: 'fill-sky-500' },
];

/** The /admin figures for full admins: what waits for them, the queues, the last 30 days and the join funnel. */
export function DashboardFigures({ view }: { view: DashboardView }) {
  const days = view.days.map(({ day }) => day);
  const waiting = view.queues?.reduce((total, queue) => total + queue.waiting + queue.delayed, 0) ?? null;
  const failed = view.queues?.reduce((total, queue) => total + queue.failed, 0) ?? null;
  return (
    <section aria-labelledby="figures-title" className="space-y-4">
      <h2 id="figures-title" className="sr-only">
        Live figures
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Tile label="Open reports" value={view.openReports} detail="Review reports" to="/admin/reports" />
        <Tile label="Events awaiting review" value={view.eventsAwaitingReview} detail="Review events" to="/admin/events" />
        <Tile
          label="Queue health"
          value={
            waiting === null ? (
              'Unknown'
            ) : (
              <>
                {waiting} waiting · <span className={failed ? 'text-rose-600' : undefined}>{failed} failed</span>
              </>
            )
          }
          detail={waiting === null ? 'The queues did not answer: open the queue dashboard' : 'Open the queue dashboard'}
          to={view.queueDashboardPath}
          document
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {COUNTS.map(({ title, name, pick, tone }) => (
          <DailyChart key={title} title={title} days={days} series={[{ name, values: column(view.days, pick), tone }]} />
        ))}
        <DailyChart
          title="Money"
          days={days}
          format={formatRupees}
          series={[
            { name: 'Captured', values: column(view.days, (d) => d.capturedInr), tone: 'stroke-emerald-600' },
            { name: 'Refunded', values: column(view.days, (d) => d.refundedInr), tone: 'stroke-rose-500' },
          ]}
        />
        <FunnelChart funnel={view.funnel} />
      </div>
    </section>
  );
}
