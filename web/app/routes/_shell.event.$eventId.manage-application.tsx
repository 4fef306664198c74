import type { MetaFunction } from '@remix-run/node';
import type { ShellHandle } from '~/lib/route-handle';
import type { loader } from './_shell.event.$eventId.applications';

/** /event/{eventId}/manage-application (SPEC §2): the same page as /event/{eventId}/applications, under the spec's other name. */
export { action, ErrorBoundary, loader, default } from './_shell.event.$eventId.applications';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Manage applications${data?.event ? ` · ${data.event.title}` : ''} · Tribe` },
];
export const handle: ShellHandle = { title: 'Applications', ownHeading: true };
