import { useLocation } from '@remix-run/react';
import { useRef, useState, type MouseEvent } from 'react';
import { buttonClasses, Spinner, type ButtonVariant } from '~/components/ui/button';
import { DownloadIcon } from '~/components/ui/icons';
import { useToast } from '~/components/ui/toast';
import { fileNameFromDisposition, invoiceDownloadHref, invoiceFailureToast, type InvoiceTarget } from '~/lib/invoices';
import { Messages } from '../../../../api/src/contracts/messages.js';

/** Hands a downloaded file to the browser's downloads, under the name the server gave it. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the object URL by the time this runs; then it can go.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * "Download invoice" (or a credit note): a link to the web's download route, which fetches the PDF
 * with the session's token. Without JavaScript the browser follows it and saves the file (a failure
 * comes back to this page with its message). With JavaScript the page fetches it, saves it and says
 * "Invoice downloaded successfully", or shows why not: not issued yet, or "Failed to download
 * invoice. Please try again." (SPEC §8).
 */
export function InvoiceDownloadLink({
  target,
  label = 'Download invoice',
  context,
  variant = 'outline',
  testId = 'invoice-download',
}: {
  target: InvoiceTarget;
  label?: string;
  /** Said to screen readers after the label, so each row's link names its own document ("for Sunset kayaking"). */
  context?: string | null;
  variant?: ButtonVariant;
  testId?: string;
}) {
  const location = useLocation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const href = invoiceDownloadHref(target, location.pathname + location.search);

  const download = async (click: MouseEvent<HTMLAnchorElement>) => {
    // Opening in a new tab or window, or saving the link, stays the browser's own.
    if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
    click.preventDefault();
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      const response = await fetch(href, { headers: { Accept: 'application/pdf, application/json' }, credentials: 'same-origin' });
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !type.toLowerCase().startsWith('application/pdf')) {
        const failure = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
        toast.show(invoiceFailureToast(failure));
        return;
      }
      saveFile(await response.blob(), fileNameFromDisposition(response.headers.get('Content-Disposition')));
      toast.show({ kind: 'success', message: Messages.invoices.downloaded });
    } catch {
      toast.show({ kind: 'error', message: Messages.invoices.downloadError });
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <a
      href={href}
      onClick={(click) => void download(click)}
      aria-busy={busy || undefined}
      data-testid={testId}
      className={buttonClasses(variant, 'sm', false, 'whitespace-nowrap')}
    >
      {busy ? <Spinner /> : <DownloadIcon size={16} />}
      {label}
      {context ? <span className="sr-only"> for {context}</span> : null}
    </a>
  );
}
