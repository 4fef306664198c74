import { useNavigate } from '@remix-run/react';
import { BackButton } from '~/components/ui/back-button';

/**
 * The back button of a full-screen profile page (SPEC §2): to `from` when the link that opened the
 * page passed one (a same-origin path, checked by the loader), else one step back in this tab's
 * history, else home. Without JavaScript it is a plain link to `from` or home.
 */
export function BackLink({ from, label = 'Go back' }: { from: string | null; label?: string }) {
  const navigate = useNavigate();
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (from) return;
    event.preventDefault();
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/home');
  };
  return <BackButton to={from ?? '/home'} onClick={onClick} label={label} className="bg-white/90 shadow-sm hover:bg-white" />;
}
