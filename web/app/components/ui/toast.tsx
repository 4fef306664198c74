import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { TOAST_DURATION_MS, type ToastMessage } from '~/lib/toast';
import { AlertCircleIcon, CheckCircleIcon, InfoIcon, XIcon } from './icons';

interface ShownToast extends ToastMessage {
  id: number;
}

interface ToastApi {
  show: (toast: ToastMessage) => void;
  dismiss: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Client events call `useToast().show(...)`; server actions flash a toast into the session instead. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

/**
 * Holds one toast at a time (a new one replaces the current one) and hides it after 4 s.
 * `initial` is the flash message the root loader read from the session.
 */
export function ToastProvider({ initial, children }: { initial?: ToastMessage | null; children: ReactNode }) {
  // Drawn on the server too: without JavaScript the flash message of a form sent is still read.
  const [toast, setToast] = useState<ShownToast | null>(() => (initial ? { ...initial, id: 0 } : null));
  const counter = useRef(0);

  const show = useCallback((next: ToastMessage) => {
    counter.current += 1;
    setToast({ ...next, id: counter.current });
  }, []);
  const dismiss = useCallback(() => setToast(null), []);

  // A flash message arrives with each loader run that found one; identical consecutive flashes are separate events.
  const drawn = useRef(initial);
  useEffect(() => {
    // The one drawn with the page is shown already; each later loader run's flash is new.
    if (initial && initial !== drawn.current) show(initial);
    drawn.current = null;
  }, [initial, show]);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast((current) => (current?.id === toast.id ? null : current)), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toast={toast} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

const styles = {
  success: { Icon: CheckCircleIcon, tone: 'text-emerald-600' },
  error: { Icon: AlertCircleIcon, tone: 'text-rose-600' },
  info: { Icon: InfoIcon, tone: 'text-brand-600' },
} as const;

function Toaster({ toast, onDismiss }: { toast: ShownToast | null; onDismiss: () => void }) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      // Top centre, below the 56 px top bar, so a toast never covers the back button or the title.
      className="toast-region"
    >
      {toast ? <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
    </div>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  const { Icon, tone } = styles[toast.kind];
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      className={cn(
        'pointer-events-auto flex w-full max-w-[356px] items-start gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3 shadow-lg',
        // Drawn with the page (id 0): it also goes by itself where no script will dismiss it.
        toast.id === 0 ? 'animate-toast-in-out' : 'animate-toast-in',
      )}
    >
      <Icon size={20} className={cn('mt-0.5 shrink-0', tone)} />
      <div className="min-w-0 flex-1 text-sm">
        {toast.title ? <p className="font-semibold text-slate-900">{toast.title}</p> : null}
        <p className="text-slate-700">{toast.message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-mr-1 rounded-full p-1 text-slate-500 hover:text-slate-700"
      >
        <XIcon size={16} />
      </button>
    </div>
  );
}
