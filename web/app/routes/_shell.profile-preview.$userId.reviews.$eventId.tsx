import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { ReviewsPage } from '~/components/ratings/reviews-page';
import { loadReviewsPage, reviewsAction } from '~/lib/ratings.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Reviews of ${data?.event?.title ?? 'an event'} · Tribe` }];

/**
 * /profile-preview/{userId}/reviews/{eventId} (SPEC §2; issue 23): the reviews of one of the host's
 * events, its title in the heading; the host's standing in a line above. Replies as on all reviews.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadReviewsPage(request, params.userId ?? '', params.eventId ?? '');
}

export function action({ request }: ActionFunctionArgs) {
  return reviewsAction(request);
}

export default ReviewsPage;

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
