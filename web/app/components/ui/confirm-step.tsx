import { Form, Link, useLocation, useNavigate, type FetcherWithComponents } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/** The address with ?confirm= set to `key`, or taken off (null). */
function withConfirm(pathname: string, search: string, key: string | null): string {
  const params = new URLSearchParams(search);
  if (key) params.set('confirm', key);
  else params.delete('confirm');
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A destructive action behind a question. The trigger is a link that opens the question through
 * the address (?confirm=<confirmKey>), so it works without JavaScript; with JavaScript it opens in
 * place. Opening moves the keyboard focus to the safe choice, so Enter never destroys by accident;
 * keeping (or Escape) hands it back to the trigger. Confirming posts `fields` to the current
 * route's action, through `fetcher` when given (the page stays as it is).
 */
export function ConfirmStep({
  confirmKey,
  trigger,
  triggerLabel,
  triggerClassName,
  question,
  detail,
  confirmLabel,
  cancelLabel = 'Keep it',
  fields,
  fetcher,
  busy,
  className,
}: {
  confirmKey: string;
  trigger: ReactNode;
  /** The trigger's accessible name when its words alone would be ambiguous ("Delete comment"). */
  triggerLabel?: string;
  triggerClassName?: string;
  question: string;
  detail?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  fields: Record<string, string>;
  fetcher?: FetcherWithComponents<unknown>;
  busy: boolean;
  /** Added to the open question's box. */
  className?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get('confirm') === confirmKey;
  const [localOpen, setLocalOpen] = useState(false);
  const keepLink = useRef<HTMLAnchorElement>(null);
  const triggerLink = useRef<HTMLAnchorElement>(null);
  const refocusTrigger = useRef(false);
  // Open in place or through the address (as without JavaScript): focus follows either way.
  const open = localOpen || fromUrl;
  useEffect(() => {
    if (open) keepLink.current?.focus();
    else if (refocusTrigger.current) {
      refocusTrigger.current = false;
      triggerLink.current?.focus();
    }
  }, [open]);

  const closeHref = withConfirm(location.pathname, location.search, null);
  if (!open) {
    return (
      <Link
        ref={triggerLink}
        to={withConfirm(location.pathname, location.search, confirmKey)}
        preventScrollReset
        aria-label={triggerLabel}
        onClick={(event) => {
          event.preventDefault();
          setLocalOpen(true);
        }}
        className={triggerClassName}
      >
        {trigger}
      </Link>
    );
  }

  const keep = () => {
    refocusTrigger.current = true;
    setLocalOpen(false);
  };
  const FormTag = fetcher ? fetcher.Form : Form;
  return (
    <div
      role="alertdialog"
      aria-label={question}
      className={cn('w-full rounded-xl border border-rose-200 bg-rose-50 p-3.5', className)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        keep();
        if (fromUrl) navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <p className="text-sm font-semibold text-rose-900">{question}</p>
      {detail ? <div className="mt-1 text-sm text-rose-800">{detail}</div> : null}
      <FormTag method="post" preventScrollReset className="mt-3 flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="danger" size="sm" loading={busy}>
          {confirmLabel}
        </Button>
        <Link
          ref={keepLink}
          to={closeHref}
          preventScrollReset
          replace
          onClick={(event) => {
            keep();
            if (!fromUrl) event.preventDefault();
          }}
          className={buttonClasses('ghost', 'sm')}
        >
          {cancelLabel}
        </Link>
      </FormTag>
    </div>
  );
}
