import { data, redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect } from 'react';
import { LoginPromptProvider } from '~/components/auth/login-prompt';
import { clearBrowserMemory } from '~/components/auth/logout-button';
import { FullPageRouteError } from '~/components/layout/error-page';
import { NavigationProgress } from '~/components/layout/navigation-progress';
import { useNonce } from '~/components/layout/nonce';
import { Splash, dismissSplash, splashScript } from '~/components/layout/splash';
import { ToastProvider } from '~/components/ui/toast';
import { usePageViews } from '~/lib/analytics-recorder';
import { endedSessionToast, redirectCookieAfter, readAuth } from '~/lib/auth.server';
import { allowsIncompleteProfile, isProtectedPath } from '~/lib/nav';
import { completeProfilePath, isAdminUser, loginPathFor } from '~/lib/redirects';
import { commitSession, getSession } from '~/lib/session.server';
import { retiredWebViewCookieRemoval } from '~/lib/webview.server';
import type { ToastMessage } from '~/lib/toast';
import { toViewer } from '~/lib/user';
import faviconUrl from './favicon.svg?url';
import iconSheetUrl from './icons.png?url';
import './tailwind.css';

// The favicon is a file of its own, cached for good, rather than 400 bytes of every page's HTML.
// The stylesheet's icon sheet is asked for beside the stylesheet, so a first visit paints the icons
// with the page instead of a round trip after it.
export const links: LinksFunction = () => [
  { rel: 'icon', href: faviconUrl, type: 'image/svg+xml' },
  { rel: 'preload', href: iconSheetUrl, as: 'image', type: 'image/png' },
];

export const meta: MetaFunction = () => [
  { title: 'Tribe — Build your tribe' },
  {
    name: 'description',
    content: 'Discover and host well-curated in-person experiences across India. Real connections over digital ones.',
  },
  { name: 'theme-color', content: '#4f46e5' },
];

/**
 * Every request: who is signed in (the API is asked with the cookie's token; a refused token
 * clears the cookie), the guard for protected pages, the incomplete-profile redirect, and the
 * one-shot toast an action left in the session.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const read = await readAuth(request);
  const { setCookie } = read;
  const user = read.auth?.user ?? null;

  if (!user && isProtectedPath(url.pathname)) {
    const redirectCookie = await redirectCookieAfter(request, read);
    throw redirect(loginPathFor(url.pathname + url.search), redirectCookie ? { headers: { 'Set-Cookie': redirectCookie } } : undefined);
  }
  if (user?.needs_profile && !isAdminUser(user) && !allowsIncompleteProfile(url.pathname)) {
    throw redirect(completeProfilePath(user, url.pathname + url.search));
  }

  const headers = new Headers();
  const forgetWebView = retiredWebViewCookieRemoval(request);
  if (forgetWebView) headers.append('Set-Cookie', forgetWebView);
  let toast: ToastMessage | null = null;
  let signedOut = false;
  if (setCookie) {
    headers.append('Set-Cookie', setCookie);
    // A session ended elsewhere, or unreadable, is never ended silently: this page says so (SPEC §4, §8).
    toast = endedSessionToast(read);
  } else {
    const session = await getSession(request);
    toast = session.get('toast') ?? null;
    signedOut = session.get('signedOut') ?? false;
    if (toast || signedOut) headers.append('Set-Cookie', await commitSession(session));
  }

  return data(
    {
      user: user ? toViewer(user) : null,
      toast,
      signedOut,
    },
    { headers },
  );
}

export type RootLoaderData = typeof loader;

/** The signed-in person is re-read on every page change (role switches, deletions and expiries show at once). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export function Layout({ children }: { children: React.ReactNode }) {
  useEffect(() => dismissSplash(), []);
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: splashScript }} />
        <noscript>
          <style>{'.tribe-splash{display:none}'}</style>
        </noscript>
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">
        <Splash />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast, signedOut } = useLoaderData<typeof loader>();
  usePageViews();
  useEffect(() => {
    if (signedOut) clearBrowserMemory();
  }, [signedOut]);
  return (
    <ToastProvider initial={toast}>
      <LoginPromptProvider>
        <NavigationProgress />
        <Outlet />
      </LoginPromptProvider>
    </ToastProvider>
  );
}

/** Render crashes show "Reloading app..." (and tell the web view host); a 404 shows the not-found page. */
export const ErrorBoundary = FullPageRouteError;
