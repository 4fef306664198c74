import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { Logo } from '~/components/ui/logo';

export function GuestHeader({ eventId }: { eventId: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/95" data-testid="guest-header">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4 sm:px-6">
        <Link to="/public" aria-label="Tribe public home">
          <Logo />
        </Link>
        <Link to={`/login?returnTo=${encodeURIComponent(`/event/${eventId}`)}`} className={buttonClasses('primary', 'sm')}>
          Log in
        </Link>
      </div>
    </header>
  );
}
