import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { PendingApplicationsPage } from '~/components/applications/pending-applications-page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { decisionAction, loadPendingApplications } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import type { ShellHandle } from '~/lib/route-handle';

export const meta: MetaFunction = () => [{ title: 'Applications · Tribe' }];
export const handle: ShellHandle = { title: 'Applications', ownHeading: true };

/** /applications (SPEC §2): the pending applications on all of the host's events. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  return { applications: await loadPendingApplications(token), now: Date.now() };
}

export async function action({ request }: ActionFunctionArgs) {
  return decisionAction(request);
}

export default function PendingApplicationsRoute() {
  const { applications, now } = useLoaderData<typeof loader>();
  return <PendingApplicationsPage applications={applications} loadedAt={now} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
