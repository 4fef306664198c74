import { Form, Link, useLocation, useNavigate, type FetcherWithComponents } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
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
 * Deleting a post or a comment, behind a question. The trigger opens it in place (or, without
 * JavaScript, through ?confirm=<key>); focus goes to "Keep it", so Enter never deletes by accident,
 * and comes back to the trigger when kept. The form posts `fields` to the page's action, through
 * `fetcher` when given (the page stays as it is).
 */
export function ConfirmDelete({
  confirmKey,
  question,
  trigger,
  triggerLabel,
  fields,
  fetcher,
  busy,
  className,
}: {
  confirmKey: string;
  question: string;
  trigger: string;
  /** The trigger's accessible name when its word alone would be ambiguous ("Delete comment"). */
  triggerLabel?: string;
  fields: Record<string, string>;
  fetcher?: FetcherWithComponents<unknown>;
  busy: boolean;
  className?: string;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromUrl = new URLSearchParams(location.search).get('confirm') === confirmKey;
  const [localOpen, setLocalOpen] = useState(false);
  const keepLink = useRef<HTMLAnchorElement>(null);
  const triggerLink = useRef<HTMLAnchorElement>(null);
  const refocusTrigger = useRef(false);
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
        className={className}
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
      className="w-full rounded-xl border border-rose-200 bg-rose-50 p-3"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        keep();
        if (fromUrl) navigate(closeHref, { replace: true, preventScrollReset: true });
      }}
    >
      <p className="text-sm font-semibold text-rose-900">{question}</p>
      <FormTag method="post" preventScrollReset className="mt-2.5 flex flex-wrap gap-2">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" variant="danger" size="sm" loading={busy}>
          Delete
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
          className={cn(buttonClasses('ghost', 'sm'))}
        >
          Keep it
        </Link>
      </FormTag>
    </div>
  );
}
