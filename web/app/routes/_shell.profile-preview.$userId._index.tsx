import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { FollowButton, FollowerCount } from '~/components/community/follow-button';
import { PostFeed } from '~/components/community/post-feed';
import { useNow } from '~/components/events/event-bits';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackLink } from '~/components/profile/back-link';
import { ProfileView } from '~/components/profile/profile-view';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { COMMUNITY_PATH } from '~/lib/community';
import { loadFeed, loadFollow } from '~/lib/community.server';
import { originOf, profilePreviewPath } from '~/lib/profile';
import { loadPublicProfile } from '~/lib/profile.server';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.profile.name ?? 'Profile'} · Tribe` }];

/**
 * /profile-preview/{userId} (SPEC §2): another person's public profile, full screen (no top bar or
 * bottom nav, see ~/lib/nav), with a back button to where it was opened from, their follower count
 * with Follow / Following, and their Community posts (?cursor= goes on without JavaScript).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const url = new URL(request.url);
  const profile = await loadPublicProfile(token, params.userId ?? '');
  const [follow, posts] = await Promise.all([
    loadFollow(token, profile.id),
    loadFeed(token, { authorId: profile.id, cursor: url.searchParams.get('cursor') }),
  ]);
  return { profile, from: originOf(request.url), isSelf: profile.id === user.id, follow, posts, now: Date.now() };
}

export default function ProfilePreview() {
  const { profile, from, isSelf, follow, posts, now: loadedAt } = useLoaderData<typeof loader>();
  const now = useNow(loadedAt);
  const here = profilePreviewPath(profile.id, from ?? undefined);
  const reportPath = `/profile-preview/${profile.id}/report${from ? `?from=${encodeURIComponent(from)}` : ''}`;
  return (
    <div className="relative min-h-dvh bg-slate-50">
      <div className="absolute top-[calc(0.75rem+env(safe-area-inset-top))] left-3 z-10">
        <BackLink from={from} />
      </div>
      <ProfileView
        profile={profile}
        reviewsFrom={here}
        actions={
          isSelf ? (
            <>
              {follow.ok ? <FollowerCount count={follow.value.followerCount} /> : null}
              <Link to="/profile-v2?edit=1" className={buttonClasses('outline', 'sm')}>
                Edit profile
              </Link>
            </>
          ) : (
            <>
              {follow.ok ? <FollowButton userId={profile.id} name={profile.name} initial={follow.value} /> : null}
              <Link to={reportPath} className={buttonClasses('outline', 'sm', false, 'text-rose-700')}>
                Report
              </Link>
            </>
          )
        }
      />
      <section aria-labelledby="profile-posts" className="mx-auto max-w-3xl px-4 pb-12 sm:px-6">
        <h2 id="profile-posts" className="mb-3 text-lg font-semibold text-slate-900">
          Posts
        </h2>
        {posts.ok ? (
          <PostFeed
            key={`${profile.id}:${loadedAt}`}
            initial={posts.value}
            query={{ authorId: profile.id }}
            moreHref={(cursor) => `${here}${here.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`}
            now={now}
            from={here}
            label={`Posts by ${profile.name}`}
            empty={
              <EmptyState
                title={isSelf ? 'You have not posted yet' : `${profile.name} has not posted yet`}
                action={
                  isSelf ? (
                    <Link to={`${COMMUNITY_PATH}?compose=1`} className={buttonClasses('primary', 'sm')}>
                      Write your first post
                    </Link>
                  ) : null
                }
                testId="no-posts"
              />
            }
          />
        ) : (
          <Alert>{posts.error}</Alert>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
