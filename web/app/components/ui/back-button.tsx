import { Link, useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { cn } from '~/lib/cn';
import { ArrowLeftIcon } from './icons';

/**
 * The round back arrow of page headers: a link to `to`, named for screen readers by `label`
 * ("Back to the event"). With `historyFirst` it goes one step back in this tab's history when the
 * app has a page there, and to `to` only when the page was opened directly (a shared link, a new
 * tab); without JavaScript it is always the link. `className` recolours it (utilities win over `.btn-icon`).
 */
export function BackButton({
  to,
  label,
  historyFirst = false,
  className,
}: {
  to: string;
  label: string;
  historyFirst?: boolean;
  className?: string;
}) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!hasPageBefore()) return;
    event.preventDefault();
    navigate(-1);
  };
  return (
    <Link to={to} onClick={historyFirst ? goBack : undefined} aria-label={label} className={cn('btn-icon', className)}>
      <ArrowLeftIcon size={22} />
    </Link>
  );
}

/** Whether the router has an entry of this app before the current one (its history state counts them). */
function hasPageBefore(): boolean {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return index > 0;
}
