import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { VerifiedBadge } from '~/components/profile/verified-badge';
import { StarGlyph } from '~/components/ratings/stars';
import { MapPinIcon } from '~/components/ui/icons';
import { avatarSrc } from '~/lib/profile';
import { hostRatingLink, ratingCountText, reviewsPath } from '~/lib/ratings';
import type { PublicProfile } from '~/lib/profile.server';

const ROLE_LABEL: Record<string, string> = { fan: 'Fan', influencer: 'Host', admin: 'Admin' };

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-[15px] text-slate-800">
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

function SocialLink({ href, label }: { href: string | null; label: string }) {
  if (!href) return null;
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-brand-700 hover:underline">
        {label}
      </a>
    </li>
  );
}

/**
 * A person's profile as others see it (SPEC §3 User, public fields only): photo, name, badge, the
 * details they chose to share, interests, photos, social links, events hosted and attended, and
 * their rating, which links to their reviews (with how many ratings, when the page read it).
 * `actions` sit beside the avatar; `reviewsFrom` is where the reviews page's back button returns.
 */
export function ProfileView({
  profile,
  actions,
  intro,
  reviewsFrom,
}: {
  profile: PublicProfile;
  actions?: ReactNode;
  intro?: string;
  reviewsFrom?: string;
}) {
  const gallery = profile.photos.slice(1);
  const rating = hostRatingLink(profile.rating, profile.rating_count);
  return (
    <div>
      <div className="h-32 bg-gradient-to-br from-brand-500 via-brand-600 to-fuchsia-500 sm:h-44" aria-hidden="true" />
      <div className="mx-auto -mt-14 max-w-3xl px-4 pb-10 sm:-mt-16 sm:px-6">
        <div className="flex items-end justify-between gap-3">
          <img
            src={avatarSrc(profile)}
            alt={`${profile.name}'s profile photo`}
            className="size-24 shrink-0 rounded-full border-4 border-white bg-white object-cover shadow-md sm:size-28"
            data-testid="profile-avatar"
          />
          {/* On a 320 px phone the actions wrap under each other rather than push the page sideways. */}
          {actions ? <div className="mb-2 flex min-w-0 flex-wrap justify-end gap-2">{actions}</div> : null}
        </div>
        <div className="mt-3">
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
            <bdi>{profile.name}</bdi>
            {profile.verified ? <VerifiedBadge withLabel /> : null}
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
              {ROLE_LABEL[profile.role] ?? profile.role}
            </span>
          </h1>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {profile.location ? (
              <span className="inline-flex items-center gap-1">
                <MapPinIcon size={16} />
                <bdi>{profile.location}</bdi>
              </span>
            ) : null}
            {profile.age ? <span>{profile.age} years</span> : null}
          </div>
          <p dir="auto" className="mt-4 text-[15px] leading-relaxed whitespace-pre-line text-slate-700">
            {profile.bio ?? intro ?? ''}
          </p>
        </div>

        <dl className="mt-6 grid grid-cols-3 divide-x divide-slate-100 rounded-2xl border border-slate-200 bg-white py-4 text-center">
          <div>
            <dt className="text-xs font-medium text-slate-500">Hosted</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900" data-testid="events-hosted">
              {profile.events_hosted}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Attended</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900" data-testid="events-attended">
              {profile.events_attended}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Rating</dt>
            <dd className="mt-1 text-sm font-medium text-slate-600" data-testid="rating">
              {rating ? (
                <Link
                  to={reviewsPath(profile.id, { from: reviewsFrom })}
                  aria-label={rating.label}
                  className="inline-flex flex-col items-center rounded-lg px-1 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="inline-flex items-center gap-1 text-xl font-semibold text-slate-900">
                    <StarGlyph size={16} fill="full" />
                    {rating.average}
                  </span>
                  <span className="text-xs text-brand-700">
                    {profile.rating_count ? ratingCountText(profile.rating_count) : 'See reviews'}
                  </span>
                </Link>
              ) : (
                'No ratings yet'
              )}
            </dd>
          </div>
        </dl>

        <dl className="mt-6 grid gap-2 sm:grid-cols-2">
          <Detail label="Work" value={profile.work} />
          <Detail label="Education" value={profile.education} />
          <Detail label="Drinking" value={profile.drinking} />
          <Detail label="Height" value={profile.height} />
        </dl>

        {profile.interests.length > 0 ? (
          <section className="mt-6">
            <h2 className="text-sm font-semibold text-slate-900">Interests</h2>
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Interests">
              {profile.interests.map((interest) => (
                <li key={interest} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
                  <bdi>{interest}</bdi>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {gallery.length > 0 ? (
          <section className="mt-6">
            <h2 className="text-sm font-semibold text-slate-900">Photos</h2>
            <ul className="mt-2 grid grid-cols-3 gap-2">
              {gallery.map((url, index) => (
                <li key={url} className="aspect-square overflow-hidden rounded-xl bg-slate-100">
                  <img src={url} alt={`${profile.name}'s photo ${index + 2}`} className="size-full object-cover" loading="lazy" />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {profile.instagram_handle || profile.facebook_url || profile.youtube_url ? (
          <section className="mt-6">
            <h2 className="text-sm font-semibold text-slate-900">Social</h2>
            <ul className="mt-2 flex flex-wrap gap-4 text-sm">
              <SocialLink
                href={
                  profile.instagram_handle ? `https://instagram.com/${encodeURIComponent(profile.instagram_handle)}` : profile.instagram_url
                }
                label={profile.instagram_handle ? `Instagram @${profile.instagram_handle}` : 'Instagram'}
              />
              <SocialLink href={profile.facebook_url} label="Facebook" />
              <SocialLink href={profile.youtube_url} label="YouTube" />
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
