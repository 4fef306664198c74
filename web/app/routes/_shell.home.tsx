import { data as withHeaders, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useLocation, useRouteError } from '@remix-run/react';
import { useNow } from '~/components/events/event-bits';
import { EventFeed, feedKeyFor } from '~/components/events/event-feed';
import { FilterControls } from '~/components/events/filter-sheet';
import { RecentlyViewedStrip } from '~/components/events/recently-viewed';
import { useScrollMemory } from '~/components/events/use-scroll-memory';
import { RouteErrorPage } from '~/components/layout/error-page';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { RatePrompts } from '~/components/ratings/rate-prompts';
import { OpenRatingSheet, useRatingSheet } from '~/components/ratings/rating-sheet';
import { buttonClasses } from '~/components/ui/button';
import { MaskIcon } from '~/components/ui/mask-icon';
import { Logo } from '~/components/ui/logo';
import { SegmentedTabs } from '~/components/ui/segmented-tabs';
import { requireUser } from '~/lib/auth.server';
import { readCityChoice } from '~/lib/city-choice.server';
import { loadHomeFeed, redirectFilterForm } from '~/lib/event-feeds.server';
import { homeTabFrom, rememberHomeTab, type HomeTab } from '~/lib/home-tab.server';
import { awaitingByRecency, myRatingOf, subjectOfAwaiting } from '~/lib/ratings';
import { loadMyRatings } from '~/lib/ratings.server';
import { activeFilterCount, filtersFromSearchParams, pageFromSearchParams } from '~/lib/filters';
import { scrollKeyFor } from '~/lib/scroll-memory';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [{ title: 'Home · Tribe' }];

/**
 * /home (SPEC §2): the event list with its tabs, city and filters, all carried in the URL so the
 * server renders the list. ?tab=influencer-events (default) is the influencer's own events in
 * influencer view and the discover list otherwise; ?tab=plan-together lists plan-together meetups.
 * Above it, a "How was …?" card for each event I attended and have not rated (issue 23);
 * ?rate={eventId}&stars= opens the rating sheet (what the cards' stars lead to without JavaScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = filtersFromSearchParams(params, await readCityChoice(request));
  redirectFilterForm(url, filters);
  const tabCookie = await rememberHomeTab(request, url);

  const tab = homeTabFrom(params);
  const page = pageFromSearchParams(params);
  const [feed, mine] = await Promise.all([loadHomeFeed({ token, role: user.role, tab, filters, page }), loadMyRatings(token)]);
  // The prompt decorates the page: ratings that cannot be read leave it out rather than fail /home.
  const ratings = mine.ok ? mine.value : null;
  const rateId = params.get('rate');
  const body = {
    feed,
    filters,
    tab,
    page,
    isInfluencer: user.role === 'influencer',
    isInfluencerView: user.role === 'influencer' && tab === 'influencer-events',
    firstName: user.name?.trim().split(/\s+/)[0] || null,
    awaiting: ratings ? awaitingByRecency(ratings.awaiting) : [],
    rating: rateId ? (myRatingOf(ratings, rateId)?.subject ?? null) : null,
    ratingStars: Number(params.get('stars')) || null,
    now: Date.now(),
  };
  return withHeaders(body, tabCookie ? { headers: { 'Set-Cookie': tabCookie } } : undefined);
}

const TABS: readonly { key: HomeTab; label: (influencer: boolean) => string }[] = [
  { key: 'influencer-events', label: (influencer) => (influencer ? 'My Events' : 'Discover') },
  { key: 'plan-together', label: () => 'Plan Together' },
];

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const now = useNow(data.now);
  useScrollMemory(scrollKeyFor(location.pathname, location.search));
  const params = new URLSearchParams(location.search);
  const feedKey = feedKeyFor(location.search);
  const rating = useRatingSheet(data.rating, data.ratingStars);

  const tabHref = (key: HomeTab) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    next.delete('sheet');
    for (const name of ['rate', 'stars', 'confirm']) next.delete(name);
    // Always explicit: a bare /home opens the tab chosen last time.
    next.set('tab', key);
    return `/home?${next.toString()}`;
  };

  const cityReturn = encodeURIComponent(location.pathname + location.search);
  const filtered = activeFilterCount(data.filters) > 0;

  return (
    <div className="list-page">
      <h1 className="sr-only">Home</h1>
      <header className="list-header">
        <div className="home-greeting">
          <Link to="/home" aria-label="Tribe home">
            <Logo showName={false} />
          </Link>
          <div>
            <p>
              {data.firstName ? (
                <>
                  Hi, <bdi>{data.firstName}</bdi>
                </>
              ) : (
                'Welcome'
              )}
            </p>
            <Link to={`/city-filter?returnTo=${cityReturn}`} className="city-link" data-testid="city-link">
              <MaskIcon name="pin" />
              <span className="truncate" data-testid="current-city">
                {data.filters.city ?? 'All cities'}
              </span>
            </Link>
          </div>
        </div>
        <div className="list-header-actions">
          <NotificationBell className="lg:hidden" />
          <FilterControls filters={data.filters} />
        </div>
      </header>

      <SegmentedTabs
        label="Home tabs"
        tabs={TABS.map((tab) => ({ key: tab.key, label: tab.label(data.isInfluencer), to: tabHref(tab.key) }))}
        current={data.tab}
        testIdPrefix="home-tab"
        className="mt-5"
      />

      <div className="mt-5 space-y-6">
        <RatePrompts awaiting={data.awaiting} onRate={(item, stars) => rating.open(subjectOfAwaiting(item), stars)} />
        <RecentlyViewedStrip />
        <section aria-label="Events" data-testid="event-list">
          <EventFeed
            key={feedKey}
            feed={data.feed}
            source="home"
            now={now}
            empty={
              <EmptyFeed
                filtered={filtered || Boolean(data.filters.city)}
                influencerView={data.isInfluencerView}
                planTogether={data.tab === 'plan-together'}
              />
            }
          />
        </section>
      </div>
      <OpenRatingSheet sheet={rating} now={now} />
    </div>
  );
}

function EmptyFeed({ filtered, influencerView, planTogether }: { filtered: boolean; influencerView: boolean; planTogether: boolean }) {
  const location = useLocation();
  const clearHref = (() => {
    const params = new URLSearchParams(location.search);
    const tab = params.get('tab');
    const next = new URLSearchParams();
    if (tab) next.set('tab', tab);
    next.set('city', '');
    return `${location.pathname}?${next.toString()}`;
  })();
  return (
    <EmptyState
      title={
        filtered
          ? 'No events match your filters'
          : influencerView
            ? "You haven't created any events yet"
            : planTogether
              ? 'No plans yet'
              : 'No events yet'
      }
      detail={
        filtered
          ? 'Try another city, category, age group or price range.'
          : influencerView
            ? 'Host your first experience and start building your tribe.'
            : 'New experiences are added all the time. Check back soon.'
      }
      action={
        filtered || influencerView || planTogether ? (
          <>
            {filtered ? (
              <Link to={clearHref} className={buttonClasses('outline', 'md')}>
                Clear filters
              </Link>
            ) : null}
            {influencerView || planTogether ? (
              <Link to="/create-event" className={buttonClasses('primary', 'md')}>
                Create event
              </Link>
            ) : null}
          </>
        ) : null
      }
      testId="feed-empty"
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
