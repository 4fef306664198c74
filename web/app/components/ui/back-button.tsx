import { Link } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { cn } from '~/lib/cn';
import { ArrowLeftIcon } from './icons';

/**
 * The round back arrow of page headers: a link to `to`, named for screen readers by `label`
 * ("Back to the event"). `onClick` may go back in the history instead (it prevents the link).
 * `className` recolours it (utilities win over `.btn-icon`).
 */
export function BackButton({
  to,
  label,
  onClick,
  className,
}: {
  to: string;
  label: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}) {
  return (
    <Link to={to} onClick={onClick} aria-label={label} className={cn('btn-icon', className)}>
      <ArrowLeftIcon size={22} />
    </Link>
  );
}
