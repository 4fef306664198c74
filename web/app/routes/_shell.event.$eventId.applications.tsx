import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { EventApplicationsPage } from '~/components/applications/event-applications-page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { decisionAction, loadEventApplicationsPage } from '~/lib/applications.server';
import type { ShellHandle } from '~/lib/route-handle';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Applications${data?.event ? ` · ${data.event.title}` : ''} · Tribe` },
];
export const handle: ShellHandle = { title: 'Applications', ownHeading: true };

/** /event/{eventId}/applications (SPEC §2): the host's view of everyone who applied to one event, with Accept and Reject. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadEventApplicationsPage(request, params.eventId ?? '');
}

export async function action({ request }: ActionFunctionArgs) {
  return decisionAction(request);
}

export default function EventApplicationsRoute() {
  const { event, applications, now } = useLoaderData<typeof loader>();
  return <EventApplicationsPage event={event} applications={applications} loadedAt={now} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
