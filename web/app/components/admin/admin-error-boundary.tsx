import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';

/** An admin page's error: a 403 says the page is not theirs, anything else is the route error page. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
