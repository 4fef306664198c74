import { createCookie, redirect } from '@remix-run/node';

/** The home tabs, in ?tab= (SPEC §2); influencer-events is the default. */
export const HOME_TABS = ['influencer-events', 'plan-together'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const DEFAULT_HOME_TAB: HomeTab = 'influencer-events';

const isHomeTab = (value: unknown): value is HomeTab => (HOME_TABS as readonly unknown[]).includes(value);

export function homeTabFrom(params: URLSearchParams): HomeTab {
  const value = params.get('tab');
  return isHomeTab(value) ? value : DEFAULT_HOME_TAB;
}

/** The home tab last chosen, so the Home button brings the person back to it (SPEC §2). */
const homeTabCookie = createCookie('tribe_home_tab', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 30 });

/**
 * /home without ?tab= opens the tab last chosen (by redirecting to it, so the URL, the list and the
 * scroll memory agree); a /home with ?tab= remembers it. Returns the Set-Cookie to send, if any.
 */
export async function rememberHomeTab(request: Request, url: URL): Promise<string | null> {
  const chosen = url.searchParams.get('tab');
  const remembered: unknown = await homeTabCookie.parse(request.headers.get('Cookie'));
  if (chosen === null) {
    if (isHomeTab(remembered) && remembered !== DEFAULT_HOME_TAB) {
      const next = new URLSearchParams(url.searchParams);
      next.set('tab', remembered);
      throw redirect(`${url.pathname}?${next.toString()}`);
    }
    return null;
  }
  return isHomeTab(chosen) && chosen !== remembered ? homeTabCookie.serialize(chosen) : null;
}
