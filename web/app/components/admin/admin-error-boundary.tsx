import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';

/** An admin page's error boundary: 403 as the forbidden page, anything else as the error page. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
