import type { MetaFunction } from '@remix-run/node';
import type { ShellHandle } from '~/lib/route-handle';

/** /manage-application (SPEC §2): the same page as /applications, under the spec's other name. */
export { action, ErrorBoundary, loader, default } from './_shell.applications';

export const meta: MetaFunction = () => [{ title: 'Manage applications · Tribe' }];
export const handle: ShellHandle = { title: 'Applications', ownHeading: true };
