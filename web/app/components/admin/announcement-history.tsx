import { Form, Link, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Button } from '~/components/ui/button';
import { TYPE_LABELS, describeAudience, peopleCount } from '~/lib/admin-notifications';
import { cn } from '~/lib/cn';
import { formatDay, formatTime } from '~/lib/format-event';
import type { Pagination } from '../../../../api/src/contracts/event/pagination.js';
import type { AdminNotificationStatus, AdminNotificationView } from '../../../../api/src/contracts/admin-notifications.contract.js';

/** How often the history is read again while a fan-out runs. */
const PROGRESS_POLL_MS = 2_000;

const STATUS: Record<AdminNotificationStatus, { label: string; tone: string }> = {
  scheduled: { label: 'Scheduled', tone: 'bg-slate-100 text-slate-700' },
  sending: { label: 'Sending', tone: 'bg-amber-100 text-amber-800' },
  sent: { label: 'Sent', tone: 'bg-emerald-100 text-emerald-800' },
  cancelled: { label: 'Cancelled', tone: 'bg-slate-100 text-slate-500' },
};

const when = (iso: string) => `${formatDay(iso)} · ${formatTime(iso)}`;

/** Pushes still pending this long after the fan-out are left to the workers' retries; the page stops following them. */
const FOLLOW_PUSHES_MS = 10 * 60_000;

/** Still on its way: sending, scheduled for a time that has come, or just sent with pushes pending. */
const inFlight = (item: AdminNotificationView, now: number) =>
  item.status === 'sending' ||
  (item.status === 'scheduled' && Date.parse(item.sendAt) <= now) ||
  (item.status === 'sent' && item.deliveries.pending > 0 && now - Date.parse(item.finishedAt ?? item.sendAt) < FOLLOW_PUSHES_MS);

/** Reads the page again every few seconds while an announcement is on its way. */
function usePollWhileSending(items: AdminNotificationView[]) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const running = items.some((item) => inFlight(item, Date.now()));
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void revalidate.current();
    }, PROGRESS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [running]);
}

export function AnnouncementHistory({ items, pagination }: { items: AdminNotificationView[]; pagination: Pagination }) {
  usePollWhileSending(items);
  return (
    <section aria-labelledby="history-heading" className="space-y-3">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Sent and scheduled
      </h2>
      {items.length === 0 ? <p className="text-sm text-slate-600">No announcements yet.</p> : null}
      <ul className="space-y-3">
        {items.map((item) => (
          <AnnouncementRow key={item.id} item={item} />
        ))}
      </ul>
      {pagination.totalPages > 1 ? (
        <nav aria-label="History pages" className="flex justify-between text-sm font-medium">
          {pagination.hasPrev ? <Link to={`?page=${pagination.page - 1}`}>← Newer</Link> : <span />}
          {pagination.hasNext ? <Link to={`?page=${pagination.page + 1}`}>Older →</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}

function AnnouncementRow({ item }: { item: AdminNotificationView }) {
  const navigation = useNavigation();
  const retrying =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'retry' && navigation.formData?.get('id') === item.id;
  const status = STATUS[item.status];
  const { pending, delivered, failed, pruned } = item.deliveries;
  return (
    <li className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="announcement" aria-label={item.title}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-[15px] font-semibold break-words text-slate-900">
            <bdi>{item.title}</bdi>
          </h3>
          <p className="text-sm text-slate-600">
            {TYPE_LABELS[item.type]} · {describeAudience(item.audience)} · {item.status === 'scheduled' ? 'sends' : 'sent'}{' '}
            {when(item.sendAt)}
          </p>
        </div>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', status.tone)} data-testid="announcement-status">
          {status.label}
        </span>
      </div>
      {item.status === 'sending' ? <Progress notified={item.notified} total={item.recipientCount} /> : null}
      {item.status === 'sent' ? (
        <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6" data-testid="announcement-figures">
          <Figure label="Recipients" value={item.recipientCount ?? item.notified} />
          <Figure label="Delivered" value={delivered} />
          <Figure label="Pending" value={pending} />
          <Figure label="Failed" value={failed} tone={failed > 0 ? 'text-rose-700' : undefined} />
          <Figure label="Pruned" value={pruned} />
          <Figure label="Opened" value={item.opened} />
        </dl>
      ) : null}
      {item.status === 'sent' && failed > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="id" value={item.id} />
          <Button type="submit" size="sm" variant="outline" loading={retrying}>
            Retry {failed} failed
          </Button>
        </Form>
      ) : null}
    </li>
  );
}

function Progress({ notified, total }: { notified: number; total: number | null }) {
  const percent = total ? Math.min(100, Math.round((notified / total) * 100)) : 0;
  return (
    <div className="space-y-1">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Fan-out progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-600">
        {total === null ? 'Finding the audience…' : `${peopleCount(notified)} of ${total.toLocaleString('en-IN')} notified`}
      </p>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cn('font-semibold text-slate-900', tone)}>{value.toLocaleString('en-IN')}</dd>
    </div>
  );
}
