/**
 * What a child route of the shell may export as `handle` to shape the chrome around it:
 *   export const handle: ShellHandle = { title: 'My Events' };
 *   export const handle: ShellHandle = { title: (data) => `Past Events by ${(data as X).host.name}` };
 */
import type { AnalyticsPage } from '../../../api/src/contracts/analytics-recording.js';

/** SPEC §2 "Analytics page names" (kept with the analytics contract). */
export { ANALYTICS_PAGES, type AnalyticsPage } from '../../../api/src/contracts/analytics-recording.js';

export interface ShellHandle {
  /**
   * The page's analytics name (SPEC §2), when its path alone does not say it (analytics.ts
   * `pageOfPath`); the recorder reads this first.
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
