import { Link, useLocation } from '@remix-run/react';
import { MaskIcon } from '~/components/ui/mask-icon';
import { cn } from '~/lib/cn';
import { formatBadge, matchesPrefix } from '~/lib/nav';
import { bellLabel } from '~/lib/notifications';
import { useLiveNotifications } from './live-notifications';

/**
 * The bell: a link to /notifications with the live unread count ("Notifications, 3 unread" to
 * screen readers). `icon` is the round button of the top bar and page headers (phones and tablets);
 * `rail` is the row under the tabs of the desktop rail.
 */
export function NotificationBell({
  variant = 'icon',
  className,
  linkClassName,
}: {
  variant?: 'icon' | 'rail';
  /** Placement (and visibility) of the bell. */
  className?: string;
  /** Extra look of the link itself (a white ground over a picture). */
  linkClassName?: string;
}) {
  const { count } = useLiveNotifications();
  const location = useLocation();
  const badge = formatBadge(count);
  const here = matchesPrefix(location.pathname, '/notifications');

  const rail = variant === 'rail';

  // The count sits beside the link, not in it: the link's name says it in words, and a visible
  // "3" inside would not be part of that name (WCAG 2.5.3).
  return (
    <span className={cn('relative', rail ? 'block' : 'inline-flex shrink-0', className)}>
      <Link
        to="/notifications"
        aria-label={bellLabel(count)}
        aria-current={here ? 'page' : undefined}
        data-testid="notification-bell"
        className={cn(rail ? 'rail-link' : 'btn-icon', linkClassName)}
      >
        <MaskIcon name="bell" bold={rail && here} className={rail ? undefined : 'size-[22px]'} />
        {rail ? <span>Notifications</span> : null}
      </Link>
      {badge ? <Count badge={badge} className={rail ? 'top-3.5 right-3' : '-top-0.5 left-5 ring-2 ring-white'} /> : null}
    </span>
  );
}

function Count({ badge, className }: { badge: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="notification-count"
      className={cn(
        'pointer-events-none absolute min-w-[1.25rem] rounded-full bg-rose-600 px-1 text-center text-[10px] leading-5 font-semibold text-white',
        className,
      )}
    >
      {badge}
    </span>
  );
}
