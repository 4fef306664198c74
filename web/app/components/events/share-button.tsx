import { useToast } from '~/components/ui/toast';

function ShareIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 15V3M7.5 7.5 12 3l4.5 4.5" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </svg>
  );
}

/**
 * Shares the event: the device's share sheet where there is one, else the link is copied.
 * Without JavaScript it is a plain link to the page itself (copyable from the address bar).
 */
export function ShareButton({ url, title }: { url: string; title: string }) {
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
      toast.show({ kind: 'error', message: 'Could not share this event' });
    }
  };
  return (
    <a
      href={url}
      onClick={share}
      aria-label="Share event"
      className="flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ShareIcon />
    </a>
  );
}
