import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Logo } from '~/components/ui/logo';
import { BackButton } from '~/components/ui/back-button';

/**
 * The top bar: a back button on nested paths (history back, or the fallback when the app was
 * opened directly on this page), the page title, and room for page actions on the right.
 */
export function TopBar({
  title,
  titleIsHeading = true,
  showBack,
  backFallback,
  actions,
}: {
  title: string;
  /** False when the page has its own <h1> (the bar then shows the title as plain text). */
  titleIsHeading?: boolean;
  showBack: boolean;
  backFallback: string;
  actions?: ReactNode;
}) {
  const TitleTag = titleIsHeading ? 'h1' : 'p';
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/95 pt-[env(safe-area-inset-top)]">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-2 sm:px-4">
        {showBack ? (
          <BackButton to={backFallback} historyFirst label="Go back" />
        ) : (
          <Link to="/" aria-label="Tribe home" className="flex h-10 items-center px-2">
            <Logo showName={!title} />
          </Link>
        )}
        {title ? (
          // A page with its own <h1> says its title there: the bar's copy is for the eyes only, not read out twice.
          <TitleTag
            className="min-w-0 flex-1 truncate text-[17px] font-semibold text-slate-900"
            aria-hidden={titleIsHeading ? undefined : true}
          >
            <bdi>{title}</bdi>
          </TitleTag>
        ) : (
          <div className="flex-1" />
        )}
        {actions ? <div className="flex items-center gap-1">{actions}</div> : null}
      </div>
    </header>
  );
}
