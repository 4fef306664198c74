import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { buttonClasses } from '~/components/ui/button';
import { MapPinIcon, SettingsIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';
import { initialsOf } from '~/lib/text';

export const meta: MetaFunction = () => [{ title: 'Profile · Tribe' }];

/** The Profile tab: who you are on Tribe. Editing, photos and reviews come with the profile issue. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  return {
    name: user.name ?? 'Tribe member',
    username: user.username,
    role: user.role,
    avatarUrl: user.avatar_url,
    bio: user.bio,
    location: user.location,
    age: user.age,
    instagram: user.instagram_handle,
    stats: [
      { label: 'Attended', value: user.events_attended ?? 0 },
      { label: 'Hosted', value: user.events_hosted ?? 0 },
      { label: 'Followers', value: user.follower_count ?? 0 },
    ],
    rating: user.rating,
    verified: Boolean(user.verified),
  };
}

const ROLE_LABEL: Record<string, string> = { fan: 'Fan', influencer: 'Host', admin: 'Admin' };

export default function Profile() {
  const profile = useLoaderData<typeof loader>();
  return (
    <div>
      <div className="h-32 bg-gradient-to-br from-brand-500 via-brand-600 to-fuchsia-500 sm:h-44" aria-hidden="true" />
      <Page className="-mt-14 pt-0 sm:-mt-16 sm:pt-0">
        <div className="flex items-end justify-between gap-3">
          {profile.avatarUrl ? (
            <img src={profile.avatarUrl} alt="" className="size-24 rounded-full border-4 border-white object-cover shadow-md sm:size-28" />
          ) : (
            <span className="flex size-24 items-center justify-center rounded-full border-4 border-white bg-brand-100 text-3xl font-bold text-brand-700 shadow-md sm:size-28">
              {initialsOf(profile.name)}
            </span>
          )}
          <div className="mb-2 flex items-center gap-2">
            <NotificationBell className="lg:hidden" linkClassName="border border-slate-300 bg-white hover:bg-slate-50" />
            <Link to="/settings" className={buttonClasses('outline', 'sm', false, 'bg-white')}>
              <SettingsIcon size={16} />
              Settings
            </Link>
          </div>
        </div>
        <div className="mt-3">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <bdi>{profile.name}</bdi>
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
              {ROLE_LABEL[profile.role] ?? profile.role}
            </span>
            {profile.verified ? (
              <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">Verified</span>
            ) : null}
          </h1>
          {profile.username ? (
            <p className="text-[15px] text-slate-500">
              @<bdi>{profile.username}</bdi>
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {profile.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon size={16} />
                <bdi>{profile.location}</bdi>
              </span>
            ) : null}
            {profile.age ? <span>{profile.age} years</span> : null}
            {profile.instagram ? (
              <span>
                Instagram @<bdi>{profile.instagram}</bdi>
              </span>
            ) : null}
          </div>
          <p dir="auto" className="mt-4 text-[15px] leading-relaxed text-slate-700">
            {profile.bio ?? 'Say hello to your tribe — a short bio helps hosts and fans get to know you.'}
          </p>
        </div>
        <dl className="mt-6 grid grid-cols-3 divide-x divide-slate-100 rounded-2xl border border-slate-200 bg-white py-4 text-center">
          {profile.stats.map((stat) => (
            <div key={stat.label}>
              <dt className="text-xs font-medium text-slate-500">{stat.label}</dt>
              <dd className="mt-1 text-xl font-semibold text-slate-900">{stat.value}</dd>
            </div>
          ))}
        </dl>
        {profile.rating !== null ? <p className="mt-3 text-sm text-slate-600">Rated {profile.rating.toFixed(1)} by attendees</p> : null}
      </Page>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
