import { cn } from '~/lib/cn';
import type { StatusBadgeText, StatusTone } from '~/lib/applications';

const TONES: Record<StatusTone, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  danger: 'bg-rose-50 text-rose-800 ring-rose-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
};

/** An application's or transaction's status as a small pill ("Pending Approval", "Paid", ...). */
export function StatusBadge({ status, className }: { status: StatusBadgeText; className?: string }) {
  return (
    <span
      data-testid="status-badge"
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[status.tone],
        className,
      )}
    >
      {status.label}
    </span>
  );
}
