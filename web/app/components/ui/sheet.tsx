import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { XIcon } from './icons';

/**
 * A dialog that slides up as a bottom sheet on phones and sits centred on wider screens.
 * Escape, the backdrop and the close button all close it; focus moves into it on open and
 * returns to where it was on close.
 */
export function Sheet({
  open,
  onClose,
  title,
  description,
  icon,
  children,
  className,
  keepMounted = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Closed, it stays in the page, hidden, so what was picked in it (uploaded photos, a choice) is there when it opens again. */
  keepMounted?: boolean;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, read by the key handler: callers often pass a new function on every render,
  // and re-running the open effect for that would throw the focus back to the first control.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // The element marked data-autofocus first; otherwise the first control that is actually shown.
    const container = panel.current;
    const first = container?.querySelector<HTMLElement>('[data-autofocus]') ?? (container ? focusableIn(container)[0] : undefined);
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      if (event.key === 'Tab' && panel.current) trapFocus(event, panel.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  if (!open && !keepMounted) return null;
  return (
    <div className={cn('fixed inset-0 z-50 items-end justify-center sm:items-center sm:p-6', open ? 'flex' : 'hidden')} hidden={!open}>
      <div className="absolute inset-0 animate-fade-in bg-slate-900/55" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className={cn(
          'relative w-full animate-sheet-in rounded-t-3xl bg-white px-5 pt-3 pb-[calc(1.5rem+env(safe-area-inset-bottom))] shadow-2xl',
          'sm:max-w-md sm:rounded-3xl sm:px-6 sm:pt-6 sm:pb-6',
          className,
        )}
      >
        <div className="mx-auto mb-4 h-1.5 w-10 rounded-full bg-slate-200 sm:hidden" aria-hidden="true" />
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <XIcon size={20} />
        </button>
        <div className="flex flex-col items-center text-center">
          {icon ? <div className="mb-3 flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</div> : null}
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-1.5 text-[15px] text-slate-600">
              {description}
            </p>
          ) : null}
        </div>
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </div>
  );
}

/** The controls a keyboard can reach inside `container`, in order (hidden and disabled ones left out). */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(
    container.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary',
    ),
  ).filter((element) => element.getClientRects().length > 0 || element.classList.contains('sr-only'));
}

function trapFocus(event: KeyboardEvent, container: HTMLElement) {
  const focusable = focusableIn(container);
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
