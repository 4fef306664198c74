import { ShareIcon } from '~/components/ui/icons';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/lib/cn';

/**
 * Shares a page: the device's share sheet where there is one, else the link is copied.
 * Without JavaScript it is a plain link to the page itself (copyable from the address bar).
 */
export function ShareButton({
  url,
  title,
  label = 'Share event',
  failure = 'Could not share this event',
  className,
}: {
  url: string;
  title: string;
  label?: string;
  failure?: string;
  className?: string;
}) {
  const toast = useToast();
  const share = async (event: React.MouseEvent) => {
    event.preventDefault();
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      toast.show({ kind: 'success', message: 'Link copied' });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the person closed the share sheet
      toast.show({ kind: 'error', message: failure });
    }
  };
  return (
    <a href={url} onClick={share} aria-label={label} className={cn('btn-icon text-slate-600', className)}>
      <ShareIcon size={20} />
    </a>
  );
}
