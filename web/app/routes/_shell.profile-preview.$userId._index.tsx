import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackLink } from '~/components/profile/back-link';
import { ProfileView } from '~/components/profile/profile-view';
import { buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { originOf } from '~/lib/profile';
import { loadPublicProfile } from '~/lib/profile.server';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.profile.name ?? 'Profile'} · Tribe` }];

/**
 * /profile-preview/{userId} (SPEC §2): another person's public profile, full screen (no top bar or
 * bottom nav, see ~/lib/nav), with a back button to where it was opened from.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const profile = await loadPublicProfile(token, params.userId ?? '');
  return { profile, from: originOf(request.url), isSelf: profile.id === user.id };
}

export default function ProfilePreview() {
  const { profile, from, isSelf } = useLoaderData<typeof loader>();
  const reportPath = `/profile-preview/${profile.id}/report${from ? `?from=${encodeURIComponent(from)}` : ''}`;
  return (
    <div className="relative min-h-dvh bg-slate-50">
      <div className="absolute top-[calc(0.75rem+env(safe-area-inset-top))] left-3 z-10">
        <BackLink from={from} />
      </div>
      <ProfileView
        profile={profile}
        actions={
          isSelf ? (
            <Link to="/profile-v2?edit=1" className={buttonClasses('outline', 'sm', false, 'bg-white')}>
              Edit profile
            </Link>
          ) : (
            <Link to={reportPath} className={buttonClasses('outline', 'sm', false, 'bg-white text-rose-700')}>
              Report
            </Link>
          )
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
