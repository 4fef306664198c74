import { Link, useNavigate } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui/icons';

/**
 * The back button of a full-screen profile page (SPEC §2): to `from` when the link that opened the
 * page passed one (a same-origin path, checked by the loader), else one step back in this tab's
 * history, else home. Without JavaScript it is a plain link to `from` or home.
 */
export function BackLink({ from, label = 'Go back' }: { from: string | null; label?: string }) {
  const navigate = useNavigate();
  const onClick = (event: React.MouseEvent) => {
    if (from) return;
    event.preventDefault();
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/home');
  };
  return (
    <Link
      to={from ?? '/home'}
      onClick={onClick}
      aria-label={label}
      className="flex size-10 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ArrowLeftIcon size={22} />
    </Link>
  );
}
