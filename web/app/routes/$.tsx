import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundPage } from '~/components/layout/error-page';

export const meta: MetaFunction = () => [{ title: 'Page not found · Tribe' }];

/** Any path no route claims: a 404 status and the not-found page. */
export const loader = () => data(null, { status: 404 });

export default function NotFound() {
  return (
    <div className="shell">
      <NotFoundPage />
    </div>
  );
}
