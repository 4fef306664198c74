import { cn } from '~/lib/cn';

function Seal({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 1.5l2.6 1.9 3.2-.1 1 3.1 2.6 1.9-1 3.1 1 3.1-2.6 1.9-1 3.1-3.2-.1L12 22.5l-2.6-1.9-3.2.1-1-3.1-2.6-1.9 1-3.1-1-3.1 2.6-1.9 1-3.1 3.2.1z"
      />
      <path d="M8 12.3l2.7 2.7L16.2 9.5" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The mark of an influencer an admin verified: an image named "Verified" (a screen reader says
 * it), or with its word beside it where there is room (profiles).
 */
export function VerifiedBadge({
  withLabel = false,
  label = 'Verified',
  size = 16,
  className,
}: {
  withLabel?: boolean;
  /** What a screen reader says ("Verified host" beside a host's name). */
  label?: string;
  size?: number;
  className?: string;
}) {
  if (withLabel) {
    return (
      <span
        className={cn('inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-semibold text-sky-700', className)}
        data-testid="verified-badge"
      >
        <Seal size={14} />
        Verified
      </span>
    );
  }
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={cn('inline-flex align-middle text-sky-600', className)}
      data-testid="verified-badge"
    >
      <Seal size={size} />
    </span>
  );
}
