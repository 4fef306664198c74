import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon } from './icons';

const tones = {
  error: { box: 'border-rose-200 bg-rose-50 text-rose-800', Icon: AlertCircleIcon },
  success: { box: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CheckCircleIcon },
  info: { box: 'border-brand-200 bg-brand-50 text-brand-800', Icon: InfoIcon },
} as const;

/** An inline message box; errors are announced to screen readers. */
export function Alert({ tone = 'error', children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex items-start gap-2.5 rounded-xl border px-3.5 py-3 text-sm', box, className)}
    >
      <Icon size={18} className="mt-px shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
