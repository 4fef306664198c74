import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { buttonClasses, Button } from '~/components/ui/button';
import { Logo } from '~/components/ui/logo';
import { mayReload, notifyWebViewHost, RELOAD_GUARD_KEY, renderErrorReport } from '~/lib/webview';

/**
 * What a route shows when it fails: a not-found or forbidden page for those statuses, the API's
 * message for other refused requests, and for crashes "Reloading app..." followed by one reload
 * (SPEC §8 Rendering). If the page crashed again right after a reload it offers a retry instead
 * of looping.
 */
/** The error boundary of a layout (the root, the shell): the route's error on a full page. */
export function FullPageRouteError() {
  const error = useRouteError();
  return (
    <div className="shell">
      <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />
    </div>
  );
}

export function RouteErrorPage({ error, status }: { error: unknown; status: number }) {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status === 403) return <ForbiddenPage />;
    const message = typeof error.data === 'string' ? error.data : (error.data as { error?: string } | null)?.error;
    if (error.status === 503) return <UnavailablePage message={message} />;
    return <MessagePage title="Something went wrong" message={message || `HTTP ${status}: ${error.statusText}`} />;
  }
  return <CrashPage error={error} />;
}

/** The not-found page; a route may say what was not found and where to go instead. */
export function NotFoundPage({
  title = 'Page not found',
  message = 'The page you are looking for has moved, ended, or never existed.',
  back = { to: '/', label: 'Back to Tribe' },
}: {
  title?: string;
  message?: string;
  back?: { to: string; label: string };
}) {
  return (
    <MessagePage
      code="404"
      title={title}
      message={message}
      action={
        <Link to={back.to} className={buttonClasses('primary', 'lg')}>
          {back.label}
        </Link>
      }
    />
  );
}

export function ForbiddenPage({ message }: { message?: string }) {
  return (
    <MessagePage
      code="403"
      title="You don't have access to this page"
      message={message ?? 'This area is for Tribe administrators only.'}
      action={
        <Link to="/home" className={buttonClasses('primary', 'lg')}>
          Go to Home
        </Link>
      }
    />
  );
}

/** The API is unreachable, too slow or unavailable (503): nothing is wrong with the page; try it again. */
export function UnavailablePage({ message }: { message?: string }) {
  const location = useLocation();
  return (
    <MessagePage
      title="Temporarily unavailable"
      message={message || 'Tribe is not reachable right now. Please try again in a moment.'}
      action={
        // A plain link, so it works before (or without) JavaScript too.
        <a href={location.pathname + location.search} className={buttonClasses('primary', 'lg')}>
          Try again
        </a>
      }
    />
  );
}

function CrashPage({ error }: { error: unknown }) {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    notifyWebViewHost(renderErrorReport(error));
    console.error(error);
    let last: number | null = null;
    try {
      const raw = window.sessionStorage.getItem(RELOAD_GUARD_KEY);
      last = raw === null ? null : Number(raw);
    } catch {
      last = null;
    }
    const now = Date.now();
    if (!mayReload(last, now)) {
      setGaveUp(true);
      return;
    }
    try {
      window.sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
    } catch {
      // without storage we still reload once per page view
    }
    const timer = window.setTimeout(() => window.location.reload(), 1_200);
    return () => window.clearTimeout(timer);
  }, [error]);

  if (gaveUp) {
    return (
      <MessagePage
        title="Something went wrong"
        message="We couldn't load this page. Please check your connection and try again."
        action={
          <Button size="lg" onClick={() => window.location.reload()}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center" role="status">
      <span className="size-10 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600" aria-hidden="true" />
      <p className="text-base font-medium text-slate-700">Reloading app...</p>
    </div>
  );
}

function MessagePage({ code, title, message, action }: { code?: string; title: string; message: string; action?: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-20 text-center">
      <Logo showName={false} className="mb-6 opacity-90" />
      {code ? <p className="text-sm font-semibold tracking-widest text-brand-600">{code}</p> : null}
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-md text-[15px] text-slate-600">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{action}</div>
    </div>
  );
}
