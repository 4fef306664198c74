/**
 * What a child route of the shell may export as `handle` to shape the chrome around it:
 *   export const handle: ShellHandle = { title: 'My Events' };
 *   export const handle: ShellHandle = { title: (data) => `Past Events by ${(data as X).host.name}` };
 */
/** SPEC §2 "Analytics page names", word for word. */
export const ANALYTICS_PAGES = [
  'login',
  'signup',
  'forgot_password',
  'home',
  'event_list',
  'event_detail',
  'create_event',
  'edit_event',
  'host_events',
  'profile',
  'profile_edit',
  'settings',
  'chat',
  'chat_room',
  'notifications',
  'wallet',
  'transactions',
  'applications',
  'application_status',
  'admin',
  'admin_dashboard',
  'search',
  'filters',
  'legal',
  'help',
] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

export interface ShellHandle {
  /**
   * The page's analytics name (SPEC §2). Nothing records page views yet (docs/decisions.md); a
   * route names itself here so that the recorder, when it comes, reads one place.
   */
  page?: AnalyticsPage;
  /** Top bar title; a function receives the route's loader data. */
  title?: string | ((data: unknown) => string);
  /** Force the top bar off (for pages with their own header). */
  hideTopBar?: boolean;
  /** Force the bottom navigation off. */
  hideBottomNav?: boolean;
  /** The page has its own <h1>: the top bar title is then plain text, so the page keeps one main heading. */
  ownHeading?: boolean;
}

export function isShellHandle(value: unknown): value is ShellHandle {
  return typeof value === 'object' && value !== null;
}
