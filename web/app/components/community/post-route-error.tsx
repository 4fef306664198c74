import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { NotFoundPage, RouteErrorPage } from '~/components/layout/error-page';
import { COMMUNITY_PATH } from '~/lib/community';

/** The error boundary of a post's pages: "Post not found" (deleted, or a wrong link) back to Community, else the usual error page. */
export function PostRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundPage
        title="Post not found"
        message="This post was deleted, or the link is not quite right."
        back={{ to: COMMUNITY_PATH, label: 'Back to Community' }}
      />
    );
  }
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
