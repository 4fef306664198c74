import type { PendingEventChanges, ReviewReport } from '../../../../api/src/contracts/event-moderation.contract.js';
import { formatInstant } from '~/lib/format-event';

const FIELD_LABELS: Record<keyof PendingEventChanges, string> = { title: 'Title', description: 'Description', images: 'Photos' };

/** What an unverified host's held changes would replace, field by field. */
export function PendingChanges({ changes }: { changes: PendingEventChanges }) {
  return (
    <dl className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="pending-changes">
      {(Object.keys(changes) as Array<keyof PendingEventChanges>).map((field) => {
        const value = changes[field];
        return (
          <div key={field}>
            <dt className="font-semibold text-amber-900">New {FIELD_LABELS[field].toLowerCase()}</dt>
            <dd className="break-words text-amber-900">
              {Array.isArray(value) ? (
                <span className="flex flex-wrap gap-2">
                  {value.map((url) => (
                    <img key={url} src={url} alt="" className="size-16 rounded-lg object-cover" />
                  ))}
                </span>
              ) : (
                <bdi>{value || '(empty)'}</bdi>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** The open reports of an event: how many, and their reasons, oldest first. */
export function OpenReports({ count, reports }: { count: number; reports: ReviewReport[] }) {
  if (count === 0) return null;
  return (
    <div className="rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm" data-testid="open-reports">
      <p className="font-semibold text-rose-900">
        Reported by {count} {count === 1 ? 'person' : 'people'}
      </p>
      <ul className="mt-1 space-y-1 text-rose-900">
        {reports.map((report) => (
          <li key={report.id}>
            <bdi>{report.reason}</bdi> <span className="text-rose-700">· {formatInstant(report.created_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
