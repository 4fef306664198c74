import { Link, useFetcher } from '@remix-run/react';
import { Avatar } from '~/components/events/event-bits';
import { Button } from '~/components/ui/button';
import { applicationStatusBadge, formatRelativeTime } from '~/lib/applications';
import { formatRupees } from '~/lib/format-event';
import type { HostApplicationView } from '../../../../api/src/contracts/applications.contract.js';
import { StatusBadge } from './status-badge';

type Fetcher = ReturnType<typeof useFetcher>;

/**
 * Accept and Reject for one application. Both are disabled while either runs, and the pressed one
 * says "Processing..." (SPEC §4). Without JavaScript it is a plain form posting to `action`.
 */
export function DecisionButtons({
  fetcher,
  applicationId,
  action,
  size = 'sm',
  fullWidth = false,
  label,
}: {
  fetcher: Fetcher;
  applicationId: string;
  /** The route whose action decides (default: the current one). */
  action?: string;
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  /** Who is decided on, for screen readers ("Accept Asha"). */
  label?: string;
}) {
  const busy = fetcher.state !== 'idle';
  const pressed = busy ? fetcher.formData?.get('intent') : null;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className={fullWidth ? 'grid grid-cols-2 gap-2' : 'flex gap-2'}>
      <input type="hidden" name="applicationId" value={applicationId} />
      <Button
        type="submit"
        name="intent"
        value="accept"
        size={size}
        disabled={busy}
        aria-label={label && !busy ? `Accept ${label}` : undefined}
        fullWidth={fullWidth}
      >
        {pressed === 'accept' ? 'Processing...' : 'Accept'}
      </Button>
      <Button
        type="submit"
        name="intent"
        value="reject"
        variant="outline"
        size={size}
        disabled={busy}
        aria-label={label && !busy ? `Reject ${label}` : undefined}
        fullWidth={fullWidth}
      >
        {pressed === 'reject' ? 'Processing...' : 'Reject'}
      </Button>
    </fetcher.Form>
  );
}

/** The fan behind an application: photo, name, email when the host may see it. */
export function ApplicantLine({ application }: { application: Pick<HostApplicationView, 'fan'> }) {
  const name = application.fan.name || 'Tribe member';
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={name} url={application.fan.photoUrl} size={40} />
      <div className="min-w-0">
        <p className="truncate text-[15px] font-semibold text-slate-900">
          <bdi>{name}</bdi>
        </p>
        {application.fan.email ? <p className="truncate text-xs text-slate-500">{application.fan.email}</p> : null}
      </div>
    </div>
  );
}

/** One application in the host's lists: the fan, the bid, their message, when it came, and Accept / Reject while pending. */
export function ApplicationRow({
  application,
  now,
  showEvent = false,
}: {
  application: HostApplicationView;
  now: number;
  /** On the lists across events, the event's title links to it. */
  showEvent?: boolean;
}) {
  const fetcher = useFetcher({ key: `decide-${application.id}` });
  const pending = application.status === 'pending';
  const name = application.fan.name || 'Tribe member';
  return (
    <li className="space-y-3 px-4 py-4" data-testid="application-row" data-application-id={application.id}>
      <div className="flex items-start justify-between gap-3">
        <ApplicantLine application={application} />
        <StatusBadge status={applicationStatusBadge(application.status, 'host')} />
      </div>
      {showEvent ? (
        <p className="text-sm text-slate-600">
          For{' '}
          <Link to={`/event/${application.eventId}`} className="font-medium text-brand-700 underline underline-offset-2">
            <bdi>{application.eventTitle}</bdi>
          </Link>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">{application.bidAmount > 0 ? formatRupees(application.bidAmount) : 'Free'}</span>
        <span className="text-slate-500"> · {formatRelativeTime(application.createdAt, now)}</span>
      </p>
      {application.message ? (
        <p dir="auto" className="rounded-xl bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700">
          {application.message}
        </p>
      ) : null}
      {pending ? <DecisionButtons fetcher={fetcher} applicationId={application.id} label={name} /> : null}
    </li>
  );
}
