import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmAction } from '~/components/events/confirm-action';
import { Avatar, CalendarIcon, Chip, ClockIcon, ImagePlaceholder, MoreIcon, StarIcon, useHydrated, useNow } from '~/components/events/event-bits';
import { ShareButton } from '~/components/events/share-button';
import { useRecordRecentlyViewed } from '~/components/events/recently-viewed';
import { NotFoundPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { ChevronLeftIcon, ChevronRightIcon, MapPinIcon, UsersIcon } from '~/components/ui/icons';
import { Logo } from '~/components/ui/logo';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { cancelEvent, loadEvent } from '~/lib/events.server';
import {
  canManageEvent,
  EventMessages,
  eventImages,
  formatAgeGroups,
  formatCategory,
  formatCountdown,
  formatDay,
  formatEventDate,
  formatEventPrice,
  formatRating,
  formatTime,
  hasEventStarted,
  imageSrcSet,
  thumbnailUrl,
  isCancelled,
  isDateToBeDecided,
  shareDescription,
  type TribeEvent,
} from '~/lib/format-event';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast, getToken } from '~/lib/session.server';
import type { RootLoaderData } from '~/root';

/**
 * /event/{eventId} (SPEC §2): the event page. Guests get the public version (and no navigation);
 * signed-in people the full one, with "Report Event" in the menu; the host sees Edit and Cancel.
 * The loader also feeds the social-share tags.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await getToken(request);
  const { event, isPublicVersion } = await loadEvent(params.eventId ?? '', token);
  const url = new URL(request.url);
  return { event, isPublicVersion, now: Date.now(), origin: url.origin, shareUrl: `${url.origin}${url.pathname}` };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  const id = params.eventId ?? '';
  if (form.get('intent') !== 'cancel') return { error: 'Unknown action' };
  const result = await cancelEvent(token, id);
  if (!result.ok) return { error: result.error };
  return redirect(`/event/${id}`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Event cancelled. Your guests will be notified.' }) },
  });
}

export const handle: ShellHandle = {
  title: (data) => (data as { event?: { title?: string } } | undefined)?.event?.title ?? 'Event',
  ownHeading: true,
};

const absoluteUrl = (value: string | undefined, origin: string) => {
  if (!value) return undefined;
  try {
    return new URL(value, origin).toString();
  } catch {
    return undefined;
  }
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.event) return [{ title: 'Event · Tribe' }];
  const { event } = data;
  const description = shareDescription(event);
  const image = absoluteUrl(eventImages(event)[0], data.origin);
  const tags: MetaDescriptor[] = [
    { title: `${event.title} · Tribe` },
    { name: 'description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Tribe' },
    { property: 'og:title', content: event.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: data.shareUrl },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: event.title },
    { name: 'twitter:description', content: description },
  ];
  if (image) tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image });
  return tags;
};

export default function EventPage() {
  const { event, now: loadedAt, shareUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<RootLoaderData>('root');
  const user = root?.user ?? null;
  const now = useNow(loadedAt);
  const images = eventImages(event);
  // The recently viewed strip draws 160 px tiles: a 320 px variant covers two device pixels per point.
  const thumbnail = images[0] ? thumbnailUrl(event, images[0], 320) : null;
  useRecordRecentlyViewed({ id: event.id, title: event.title, image: thumbnail, date: event.date, city: event.city });

  const isHost = canManageEvent(event, user ? { id: user.id, role: user.role, isAdmin: isAdminUser(user) } : null);
  const cancelled = isCancelled(event);
  const started = hasEventStarted(event, now);
  const price = formatEventPrice(event);
  const category = formatCategory(event);

  return (
    <div className="pb-8">
      {!user ? <GuestHeader eventId={event.id} /> : null}

      <div className="mx-auto max-w-3xl sm:px-6 sm:pt-4">
        <Gallery event={event} images={images} />

        <div className="px-4 sm:px-0">
          <div className="mt-4 flex items-start justify-between gap-3">
            <div className="min-w-0">
              <div className="mb-2 flex flex-wrap items-center gap-2">
                {category ? (
                  <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700" data-testid="event-category">
                    {category}
                  </span>
                ) : null}
                {event.meetup_type === 'curation' ? (
                  <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-700">Curated</span>
                ) : null}
                {event.event_type === 'online' ? (
                  <span className="rounded-full bg-sky-50 px-2.5 py-1 text-xs font-semibold text-sky-700">Online</span>
                ) : null}
              </div>
              <h1 className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl" data-testid="event-title">
                {event.title}
              </h1>
            </div>
            <div className="flex shrink-0 items-center gap-1">
              <ShareButton url={shareUrl} title={event.title} />
              {user && !isHost ? <EventMenu eventId={event.id} /> : null}
            </div>
          </div>

          {cancelled ? (
            <Alert className="mt-4">This event has been cancelled.</Alert>
          ) : null}
          {actionData?.error ? <Alert className="mt-4">{actionData.error}</Alert> : null}

          {isHost ? (
            <div className="mt-4 flex flex-wrap gap-2" data-testid="host-actions">
              {!cancelled ? (
                <>
                  <Link to={`/event/${event.id}/edit`} className={buttonClasses('secondary', 'sm')}>
                    Edit event
                  </Link>
                  <ConfirmAction
                    id={`cancel-${event.id}`}
                    intent="cancel"
                    eventId={event.id}
                    trigger="Cancel event"
                    question="Cancel this event?"
                    detail="Everyone who applied will be told, and pending payments are released. This cannot be undone."
                    confirmLabel="Yes, cancel event"
                    cancelLabel="Keep event"
                  />
                </>
              ) : null}
              <Link to="/my-events" className={buttonClasses('ghost', 'sm')}>
                My events
              </Link>
            </div>
          ) : null}

          <dl className="mt-5 grid gap-3 sm:grid-cols-2">
            <Fact icon={<CalendarIcon size={20} />} label="When">
              <span data-testid="event-date">{formatEventDate(event)}</span>
              {event.end_date && !isDateToBeDecided(event) ? (
                <span className="block text-sm text-slate-500">
                  Ends {formatDay(event.end_date) === formatDay(event.date) ? formatTime(event.end_date) : `${formatDay(event.end_date)} · ${formatTime(event.end_date)}`}
                </span>
              ) : null}
            </Fact>
            {!cancelled && !isDateToBeDecided(event) ? (
              <Fact icon={<ClockIcon size={20} />} label={started ? 'Status' : 'Starts in'}>
                <span data-testid="event-countdown" className={started ? 'text-slate-500' : ''}>
                  {formatCountdown(event, now)}
                </span>
              </Fact>
            ) : null}
            <Fact icon={<MapPinIcon size={20} />} label="Where">
              <span data-testid="event-place">{event.location || event.estimated_location || event.city || 'To be announced'}</span>
              {event.meetup_type === 'curation' && event.estimated_location && event.location !== event.estimated_location ? (
                <span className="block text-sm text-slate-500">
                  {/^(around|near)\b/i.test(event.estimated_location) ? event.estimated_location : `Around ${event.estimated_location}`}
                </span>
              ) : null}
              <MapLink event={event} />
            </Fact>
            <Fact icon={<UsersIcon size={20} />} label="Age group">
              <span data-testid="event-age">{formatAgeGroups(event)}</span>
              {event.capacity ? <span className="block text-sm text-slate-500">Up to {event.capacity} guests</span> : null}
              {event.show_attendees !== false && typeof event.attendees_count === 'number' && event.attendees_count > 0 ? (
                <span className="block text-sm text-slate-500">{event.attendees_count} going</span>
              ) : null}
            </Fact>
          </dl>

          {price || event.enable_bidding ? (
            <div className="mt-4 flex items-center justify-between rounded-2xl border border-slate-200 bg-white px-4 py-3.5">
              <div>
                <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                  {event.pricing_type === 'gender_based' ? 'Price (male / female)' : event.enable_bidding ? 'Minimum bid' : 'Price'}
                </p>
                <p className="text-xl font-bold text-slate-900" data-testid="event-price">
                  {price ?? 'Open bidding'}
                </p>
              </div>
              {event.enable_bidding ? <Chip tone="brand">Bidding open</Chip> : null}
            </div>
          ) : null}

          {event.description ? (
            <section className="mt-6">
              <h2 className="text-lg font-semibold text-slate-900">About this event</h2>
              <p className="mt-2 text-[15px] leading-relaxed whitespace-pre-line text-slate-700" data-testid="event-description">
                {event.description}
              </p>
            </section>
          ) : null}

          {event.video ? (
            <section className="mt-6">
              <h2 className="text-lg font-semibold text-slate-900">Video</h2>
              <video src={event.video} controls preload="metadata" className="mt-2 aspect-video w-full rounded-2xl bg-black" />
            </section>
          ) : null}

          {event.event_type === 'online' && event.meeting_link ? (
            <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4">
              <h2 className="text-sm font-semibold text-slate-900">Meeting link</h2>
              <a href={event.meeting_link} target="_blank" rel="noopener noreferrer" className="mt-1 block truncate text-sm text-brand-700 underline">
                {event.meeting_link}
              </a>
            </section>
          ) : null}

          <HostCard event={event} signedIn={Boolean(user)} />

          {!user ? (
            <div className="mt-6 rounded-2xl bg-brand-50 p-5 text-center">
              <p className="font-semibold text-brand-900">Want to join?</p>
              <p className="mt-1 text-sm text-brand-800">Log in or create an account to apply for this event.</p>
              <div className="mt-4 flex justify-center gap-3">
                <Link to={`/login?returnTo=${encodeURIComponent(`/event/${event.id}`)}`} className={buttonClasses('primary', 'md')}>
                  Log in
                </Link>
                <Link to={`/signup?returnTo=${encodeURIComponent(`/event/${event.id}`)}`} className={buttonClasses('outline', 'md')}>
                  Create account
                </Link>
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function GuestHeader({ eventId }: { eventId: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/90 backdrop-blur" data-testid="guest-header">
      <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4 sm:px-6">
        <Link to="/public" aria-label="Tribe public home">
          <Logo />
        </Link>
        <Link to={`/login?returnTo=${encodeURIComponent(`/event/${eventId}`)}`} className={buttonClasses('primary', 'sm')}>
          Log in
        </Link>
      </div>
    </header>
  );
}

const SCROLL_SETTLE_MS = 120;

/**
 * The photos, one at a time: swiped on touch screens, and with previous/next buttons (once
 * JavaScript runs) for mouse and keyboard users. Without JavaScript the strip still scrolls.
 */
function Gallery({ event, images }: { event: TribeEvent; images: string[] }) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const settling = useRef<ReturnType<typeof setTimeout>>();
  const hydrated = useHydrated();
  useEffect(() => () => clearTimeout(settling.current), []);
  if (images.length === 0) return <ImagePlaceholder title={event.title} className="aspect-[16/9] w-full sm:rounded-3xl" />;
  const many = images.length > 1;

  // The counter follows the strip only once it has come to rest: mid-animation positions would
  // otherwise send a quick second tap on an arrow from the wrong photo.
  const onScroll = () => {
    clearTimeout(settling.current);
    settling.current = setTimeout(() => {
      const node = strip.current;
      if (!node || node.clientWidth === 0) return;
      setCurrent(Math.min(images.length - 1, Math.max(0, Math.round(node.scrollLeft / node.clientWidth))));
    }, SCROLL_SETTLE_MS);
  };
  const show = (index: number) => {
    const node = strip.current;
    if (!node) return;
    const next = (index + images.length) % images.length;
    node.scrollTo({ left: next * node.clientWidth, behavior: 'smooth' });
    setCurrent(next);
  };
  const arrow =
    'absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-md ' +
    'hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:ring-offset-white';

  return (
    <div className="relative" role="group" aria-roledescription="carousel" aria-label="Event photos">
      <ul
        ref={strip}
        onScroll={many ? onScroll : undefined}
        className="flex snap-x snap-mandatory overflow-x-auto sm:rounded-3xl [scrollbar-width:none]"
        data-testid="event-gallery"
      >
        {images.map((src, index) => (
          <li key={src + index} className="w-full shrink-0 snap-center" aria-hidden={hydrated && many && index !== current ? true : undefined}>
            <img
              src={src}
              srcSet={imageSrcSet(event, src)}
              sizes="(min-width: 768px) 768px, 100vw"
              alt={index === 0 ? event.title : `${event.title}, photo ${index + 1}`}
              className="aspect-[16/9] w-full bg-slate-100 object-cover"
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          </li>
        ))}
      </ul>
      {many && hydrated ? (
        <>
          <button type="button" onClick={() => show(current - 1)} aria-label="Previous photo" className={cn(arrow, 'left-3')}>
            <ChevronLeftIcon size={22} />
          </button>
          <button type="button" onClick={() => show(current + 1)} aria-label="Next photo" className={cn(arrow, 'right-3')}>
            <ChevronRightIcon size={22} />
          </button>
        </>
      ) : null}
      {many ? (
        <span
          className="absolute right-3 bottom-3 rounded-full bg-slate-900/70 px-2.5 py-1 text-xs font-semibold text-white"
          aria-live="polite"
          data-testid="gallery-count"
        >
          {hydrated ? `${current + 1} / ${images.length}` : `${images.length} photos`}
        </span>
      ) : null}
    </div>
  );
}

function Fact({ icon, label, children }: { icon: React.ReactNode; label: string; children: React.ReactNode }) {
  return (
    <div className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3.5">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600">{icon}</span>
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
        <dd className="mt-0.5 text-[15px] font-medium text-slate-900">{children}</dd>
      </div>
    </div>
  );
}

function MapLink({ event }: { event: TribeEvent }) {
  const lat = event.latitude ?? event.estimated_latitude;
  const lng = event.longitude ?? event.estimated_longitude;
  if (lat === null || lat === undefined || lng === null || lng === undefined) return null;
  return (
    <a
      href={`https://www.google.com/maps/search/?api=1&query=${lat},${lng}`}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-0.5 block text-sm font-medium text-brand-700 hover:underline"
    >
      Open in Maps
    </a>
  );
}

function HostCard({ event, signedIn }: { event: TribeEvent; signedIn: boolean }) {
  const host = event.host;
  if (!host) return null;
  const rating = formatRating(host.rating);
  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4" data-testid="event-host">
      <h2 className="text-xs font-medium tracking-wide text-slate-500 uppercase">Hosted by</h2>
      <div className="mt-3 flex items-center gap-3">
        <Avatar name={host.name} url={host.avatar_thumbnail_url ?? host.avatar_url} size={48} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold text-slate-900" data-testid="host-name">
            {host.name || 'Host'}
            {host.verified ? <span className="ml-1 text-brand-600" aria-label="Verified host">✓</span> : null}
          </p>
          <p className="flex items-center gap-1 text-sm text-slate-600" data-testid="host-rating">
            {rating ? (
              <>
                <StarIcon className="text-amber-500" />
                {rating}
              </>
            ) : (
              'New host'
            )}
            {host.instagram_handle ? <span className="ml-2 truncate text-slate-500">@{host.instagram_handle}</span> : null}
          </p>
        </div>
      </div>
      {event.host_contact_number || event.host_social_link ? (
        <ul className="mt-3 space-y-1 text-sm">
          {event.host_contact_number ? (
            <li>
              <a href={`tel:${event.host_contact_number}`} className="text-brand-700 hover:underline">
                {event.host_contact_number.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2')}
              </a>
            </li>
          ) : null}
          {event.host_social_link ? (
            <li>
              <a href={event.host_social_link} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 hover:underline">
                {event.host_social_link}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {signedIn ? (
        <Link to={`/host-past-events/${host.id}`} className={cn(buttonClasses('outline', 'sm'), 'mt-4')}>
          Past events by this host
        </Link>
      ) : null}
    </section>
  );
}

/** The "⋮" menu (a <details> element, so it works without JavaScript) with "Report Event". */
function EventMenu({ eventId }: { eventId: string }) {
  return (
    <details className="relative [&>summary::-webkit-details-marker]:hidden" data-testid="event-menu">
      <summary
        aria-label="More options"
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
      >
        <MoreIcon />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
        <Link to={`/event/${eventId}/report`} className="block px-4 py-2.5 text-sm font-medium text-rose-700 hover:bg-rose-50">
          Report Event
        </Link>
      </div>
    </details>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <Alert className="text-left">{EventMessages.loadEvent}</Alert>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="." reloadDocument className={buttonClasses('outline', 'md')}>
          Try again
        </Link>
        <Link to="/" className={buttonClasses('primary', 'md')}>
          Back to Tribe
        </Link>
      </div>
    </div>
  );
}
