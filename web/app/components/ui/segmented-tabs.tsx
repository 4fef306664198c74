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
    // Its look is in tailwind.css (.segmented), the tab you are on marked by aria-current.
    <nav aria-label={label} className={cn('segmented', className)}>
      {tabs.map((tab) => {
        const active = tab.key === current;
        return (
          <Link
            key={tab.key}
            to={tab.to}
            aria-current={active ? 'page' : undefined}
            data-testid={`${testIdPrefix}-${tab.key}`}
            // A tab is a view of the page it is on, whose route the browser already has.
            discover="none"
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
