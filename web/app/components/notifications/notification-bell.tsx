import { Link, useLocation } from '@remix-run/react';
import { BellIcon } from '~/components/ui/icons';
import { cn } from '~/lib/cn';
import { formatBadge, matchesPrefix } from '~/lib/nav';
import { bellLabel } from '~/lib/notifications';
import { useLiveNotifications } from './live-notifications';

/**
 * The bell: a link to /notifications with the live unread count ("Notifications, 3 unread" to
 * screen readers). `icon` is the round button of the top bar and page headers (phones and tablets);
 * `rail` is the row under the tabs of the desktop rail.
 */
export function NotificationBell({ variant = 'icon', className }: { variant?: 'icon' | 'rail'; className?: string }) {
  const { count } = useLiveNotifications();
  const location = useLocation();
  const badge = formatBadge(count);
  const here = matchesPrefix(location.pathname, '/notifications');

  if (variant === 'rail') {
    return (
      <Link
        to="/notifications"
        aria-label={bellLabel(count)}
        aria-current={here ? 'page' : undefined}
        data-testid="notification-bell"
        className={cn(
          'flex h-12 items-center gap-3 rounded-xl px-3 text-[15px] font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          here ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          className,
        )}
      >
        <BellIcon size={24} strokeWidth={here ? 2.2 : 1.8} />
        <span className="flex-1">Notifications</span>
        {badge ? <Count badge={badge} /> : null}
      </Link>
    );
  }
  return (
    <Link
      to="/notifications"
      aria-label={bellLabel(count)}
      aria-current={here ? 'page' : undefined}
      data-testid="notification-bell"
      className={cn(
        'relative flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100',
        'focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <BellIcon size={22} />
      {badge ? <Count badge={badge} className="absolute -top-0.5 left-5 ring-2 ring-white" /> : null}
    </Link>
  );
}

function Count({ badge, className }: { badge: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid="notification-count"
      className={cn('min-w-[1.25rem] rounded-full bg-rose-600 px-1 text-center text-[10px] leading-5 font-semibold text-white', className)}
    >
      {badge}
    </span>
  );
}
