import { BackButton } from '~/components/ui/back-button';

/**
 * The back button of a full-screen profile page (SPEC §2): to `from` when the link that opened the
 * page passed one (a same-origin path, checked by the loader), else one step back in this tab's
 * history, else home. Without JavaScript it is a plain link to `from` or home.
 */
export function BackLink({ from, label = 'Go back' }: { from: string | null; label?: string }) {
  return <BackButton to={from ?? '/home'} historyFirst={!from} label={label} className="bg-white/90 shadow-sm hover:bg-white" />;
}
