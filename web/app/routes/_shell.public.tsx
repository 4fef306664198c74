import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useNow } from '~/components/events/event-bits';
import { EventFeed, feedKeyFor } from '~/components/events/event-feed';
import { FilterControls } from '~/components/events/filter-sheet';
import { useScrollMemory } from '~/components/events/use-scroll-memory';
import { RouteErrorPage } from '~/components/layout/error-page';
import { buttonClasses } from '~/components/ui/button';
import { Logo } from '~/components/ui/logo';
import { loadPublicFeed, redirectFilterForm } from '~/lib/event-feeds.server';
import { activeFilterCount, filtersFromSearchParams, pageFromSearchParams } from '~/lib/filters';
import { scrollKeyFor } from '~/lib/scroll-memory';
import type { RootLoaderData } from '~/root';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [
  { title: 'Tribe — Build your tribe' },
  { name: 'description', content: 'Discover well-curated in-person experiences across India, hosted by people worth meeting.' },
  { property: 'og:title', content: 'Tribe — Build your tribe' },
  { property: 'og:description', content: 'Discover well-curated in-person experiences across India, hosted by people worth meeting.' },
];

/** /public (SPEC §2): the logged-out home, listing published upcoming events through the public filter endpoint. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = filtersFromSearchParams(params);
  redirectFilterForm(url, filters);
  const page = pageFromSearchParams(params);
  const feed = await loadPublicFeed(request, { filters, page });
  return { feed, filters, page, now: Date.now() };
}

export default function PublicHomePage() {
  const data = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootLoaderData>('root');
  const location = useLocation();
  const now = useNow(data.now);
  useScrollMemory(scrollKeyFor(location.pathname, location.search));
  const feedKey = feedKeyFor(location.search);
  const filtered = activeFilterCount(data.filters) > 0 || Boolean(data.filters.city);
  const signedIn = Boolean(root?.user);

  return (
    <div className="list-page">
      <header className="list-header">
        <Link to="/public" aria-label="Tribe">
          <Logo />
        </Link>
        <div className="flex items-center gap-2">
          <FilterControls filters={data.filters} />
          {signedIn ? (
            <Link to="/home" className={buttonClasses('primary', 'sm')}>
              Home
            </Link>
          ) : (
            <Link to="/login?returnTo=%2Fhome" className={buttonClasses('primary', 'sm')}>
              Log in
            </Link>
          )}
        </div>
      </header>

      <section className="mt-6 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-fuchsia-700 px-6 py-8 text-white sm:px-10 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">Build your tribe</h1>
        <p className="mt-2 max-w-xl text-[15px] text-white/85 sm:text-lg">
          Real connections over digital ones. Find well-curated in-person experiences near you.
        </p>
        {!signedIn ? (
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('secondary', 'md')}>
              Create account
            </Link>
          </div>
        ) : null}
      </section>

      <section aria-label="Events" className="mt-6" data-testid="event-list">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Upcoming experiences</h2>
        <EventFeed
          key={feedKey}
          feed={data.feed}
          source="public"
          now={now}
          empty={
            <EmptyState
              title={filtered ? 'No events match your filters' : 'No events yet'}
              detail={
                filtered ? 'Try another category, age group or price range.' : 'New experiences are added all the time. Check back soon.'
              }
              action={
                filtered ? (
                  <Link to="/public" className={buttonClasses('outline', 'md')}>
                    Clear filters
                  </Link>
                ) : null
              }
              testId="feed-empty"
            />
          }
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
