import { cn } from '~/lib/cn';

/** The Tribe wordmark: three overlapping circles (people coming together) and the name. */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight text-slate-900', className)}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="var(--color-brand-600)" />
        <circle cx="11.5" cy="13" r="4.5" fill="#fff" fillOpacity="0.95" />
        <circle cx="20.5" cy="13" r="4.5" fill="#fff" fillOpacity="0.7" />
        <path
          d="M6.5 24.5c1-3.4 3-5 5-5s4 1.6 5 5M15.5 24.5c1-3.4 3-5 5-5s4 1.6 5 5"
          stroke="#fff"
          strokeWidth="2"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      {showName ? <span className="text-xl">Tribe</span> : null}
    </span>
  );
}
