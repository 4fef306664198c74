import { Form, Link, useLocation, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, buttonClasses, type ButtonVariant } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/**
 * A destructive action behind a confirmation step. The trigger is a link that opens the
 * confirmation through the URL (?confirm=<id>) so it works without JavaScript; with JavaScript it
 * opens in place. Confirming posts `intent` (and `eventId`) to the current route's action.
 */
export function ConfirmAction({
  id,
  intent,
  eventId,
  trigger,
  question,
  detail,
  confirmLabel,
  cancelLabel = 'Keep it',
  variant = 'outline',
  className,
}: {
  id: string;
  intent: string;
  eventId: string;
  trigger: ReactNode;
  question: string;
  detail?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('confirm') === id;
  const [localOpen, setLocalOpen] = useState(false);
  // Opening moves the keyboard focus to the safe choice, so Enter never destroys by accident;
  // "keep" (or Escape) hands it back to the trigger.
  const keepLink = useRef<HTMLAnchorElement>(null);
  const triggerLink = useRef<HTMLAnchorElement>(null);
  const refocusTrigger = useRef(false);
  const navigate = useNavigate();
  // Open in place or through the URL (?confirm=, as without JavaScript): focus follows either way.
  const open = localOpen || fromUrl;
  useEffect(() => {
    if (open) keepLink.current?.focus();
    else if (refocusTrigger.current) {
      refocusTrigger.current = false;
      triggerLink.current?.focus();
    }
  }, [open]);
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('eventId') === eventId;

  const openHref = (() => {
    const next = new URLSearchParams(params);
    next.set('confirm', id);
    return `?${next.toString()}`;
  })();
  const closeHref = (() => {
    const next = new URLSearchParams(params);
    next.delete('confirm');
    const query = next.toString();
    return query ? `?${query}` : location.pathname;
  })();

  if (!open) {
    return (
      <Link
        ref={triggerLink}
        to={openHref}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          setLocalOpen(true);
        }}
        className={buttonClasses(variant, 'sm', false, className)}
      >
        {trigger}
      </Link>
    );
  }

  const keep = () => {
    refocusTrigger.current = true;
    setLocalOpen(false);
  };

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
      <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="eventId" value={eventId} />
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
      </Form>
    </div>
  );
}
