import { cn } from '~/lib/cn';

/**
 * The Tribe wordmark: three overlapping circles (people coming together) and the name. The mark is
 * painted by the stylesheet (`.logo-mark`): pages show it up to three times and it is the same everywhere.
 */
export function Logo({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn('logo', className)}>
      <span className="logo-mark" aria-hidden="true" />
      {showName ? <span className="text-xl">Tribe</span> : null}
    </span>
  );
}
