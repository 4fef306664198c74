import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { ReviewsPage } from '~/components/ratings/reviews-page';
import { loadReviewsPage, reviewsAction } from '~/lib/ratings.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Reviews of ${data?.host.name ?? 'a host'} · Tribe` }];

/**
 * /profile-preview/{userId}/reviews (SPEC §2; issue 23): a host's ratings and reviews, full screen.
 * ?page= pages through them; the host replies here (?reply={ratingId} without JavaScript).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadReviewsPage(request, params.userId ?? '', null);
}

export function action({ request }: ActionFunctionArgs) {
  return reviewsAction(request);
}

export default ReviewsPage;

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
