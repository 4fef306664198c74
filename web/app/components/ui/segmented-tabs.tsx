import { Link } from '@remix-run/react';
import { cn } from '~/lib/cn';

export interface SegmentedTab {
  key: string;
  label: string;
  to: string;
}

/**
 * A page's tabs as one pill-shaped switch, each a link (so it works without JavaScript) with the
 * current one marked for screen readers (aria-current) and tests (`${testIdPrefix}-${key}`).
 */
export function SegmentedTabs({
  label,
  tabs,
  current,
  testIdPrefix,
  className,
}: {
  label: string;
  tabs: readonly SegmentedTab[];
  current: string;
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn('flex gap-1 rounded-full bg-slate-200/60 p-1', className)}>
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={active ? 'page' : undefined}
            data-testid={`${testIdPrefix}-${tab.key}`}
            className={cn(
              'flex-1 rounded-full px-3 py-2 text-center text-sm font-semibold transition-colors',
              active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
