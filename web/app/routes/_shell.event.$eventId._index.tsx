import { CancellationPolicyNote } from '~/components/applications/cancellation-policy-note';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { useEffect } from 'react';
import { AddToCalendarLink } from '~/components/calendar/add-to-calendar';
import { useNow } from '~/components/events/event-bits';
import { EventAbout } from '~/components/events/event-detail/event-about';
import { EventFacts } from '~/components/events/event-detail/event-facts';
import { EventHeading } from '~/components/events/event-detail/event-heading';
import { Gallery } from '~/components/events/event-detail/gallery';
import { GuestHeader } from '~/components/events/event-detail/guest-header';
import { HostActions } from '~/components/events/event-detail/host-actions';
import { HostCard } from '~/components/events/event-detail/host-card';
import { JoinPrompt } from '~/components/events/event-detail/join-prompt';
import { PricePanel } from '~/components/events/event-detail/price-panel';
import { JoinPanel } from '~/components/payments/join-panel';
import { WAITLIST_INTENTS } from '~/components/payments/waitlist-panel';
import { useLoginPrompt } from '~/components/auth/login-prompt';
import { EventRatingPanel } from '~/components/ratings/event-rating-panel';
import { OpenRatingSheet, useRatingSheet } from '~/components/ratings/rating-sheet';
import { useRecordRecentlyViewed } from '~/components/events/recently-viewed';
import { NotFoundPage } from '~/components/layout/error-page';
import { ModerationNotice } from '~/components/events/moderation-notice';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { readAuth, requireUser } from '~/lib/auth.server';
import { loadEvent } from '~/lib/event-detail.server';
import { cancelEvent } from '~/lib/event-writes.server';
import {
  canManageEvent,
  eventChangesAllowed,
  EventMessages,
  eventImages,
  hasEventStarted,
  isCancelled,
  isDateToBeDecided,
  shareDescription,
  thumbnailUrl,
} from '~/lib/format-event';
import { linkPreviewMeta } from '~/lib/link-preview';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { JOIN_INTENTS, type JoinActionData } from '~/lib/join-form';
import { joinAction, loadJoinState } from '~/lib/join.server';
import { newTempBidId } from '~/lib/pricing';
import { hasEventEnded, myRatingOf } from '~/lib/ratings';
import { loadMyRatings } from '~/lib/ratings.server';
import { flashToast, getSession } from '~/lib/session.server';
import { joinWaitlist, leaveWaitlist, loadMyWaitlist } from '~/lib/waitlist.server';
import type { RootLoaderData } from '~/root';

/**
 * /event/{eventId} (SPEC §2): the event page. Guests get the public version (and no navigation);
 * signed-in people the full one, with "Report Event" in the menu; the host sees Edit and Cancel.
 * The loader also feeds the social-share tags.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const token = session.get('token') ?? null;
  const { event, isPublicVersion } = await loadEvent(params.eventId ?? '', token);
  const url = new URL(request.url);
  // A signed-in fan sees their application (or a payment being turned into one) instead of Apply.
  const userId = session.get('userId');
  const fan = token && userId && userId !== event.host_id ? token : null;
  // Once it is over, an attendee may rate it (issue 23): what they may do is what GET /ratings/user says.
  const ended = hasEventEnded(event, Date.now());
  // A full event keeps a waitlist (issue 25): the fan's place on it, or Join waitlist instead of Apply.
  const [join, mine, waitlist, viewer] = await Promise.all([
    fan ? loadJoinState(fan, event.id) : null,
    fan && ended ? loadMyRatings(fan) : null,
    fan && event.capacity !== null && !ended ? loadMyWaitlist(fan, event.id) : null,
    // The same read as the root loader's, made once per page.
    fan ? readAuth(request).then((read) => read.auth?.user ?? null) : null,
  ]);
  return {
    event,
    isPublicVersion,
    join,
    waitlist,
    // Gender-based prices quote the fan's own (the root's viewer carries no gender, nor admin flags).
    viewerGender: viewer?.gender ?? null,
    changesAllowed: eventChangesAllowed(event, viewer ?? (userId ? { id: userId } : null)),
    ended,
    myRating: mine?.ok ? myRatingOf(mine.value, event.id) : null,
    // ?rate=1 (the rating_prompt notification's link) or ?rate={eventId} opens the rating sheet.
    rateAsked: url.searchParams.has('rate'),
    ratingStars: Number(url.searchParams.get('stars')) || null,
    attempt: newTempBidId(),
    now: Date.now(),
    origin: url.origin,
    shareUrl: `${url.origin}${url.pathname}`,
  };
}

/** Applications (SPEC §4 Payment flow) and, for the host, cancelling the event. */
export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireUser(request);
  const form = await request.formData();
  const id = params.eventId ?? '';
  const intent = form.get('intent');
  if (intent === JOIN_INTENTS.apply || intent === JOIN_INTENTS.verify) return joinAction(request, auth, id, form);
  if (intent === WAITLIST_INTENTS.join || intent === WAITLIST_INTENTS.leave) {
    const joining = intent === WAITLIST_INTENTS.join;
    const result = joining ? await joinWaitlist(auth.token, id) : await leaveWaitlist(auth.token, id);
    if (!result.ok) return { error: result.error };
    const message = joining ? "You're on the waitlist. We'll tell you when a seat is yours." : 'You left the waitlist.';
    return redirect(`/event/${id}`, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) } });
  }
  if (intent !== 'cancel') return { error: 'Unknown action' };
  const result = await cancelEvent(auth.token, id);
  if (!result.ok) return { error: result.error };
  return redirect(`/event/${id}`, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Event cancelled. Your guests will be notified.' }) },
  });
}

export const handle: ShellHandle = {
  title: (data) => (data as { event?: { title?: string } } | undefined)?.event?.title ?? 'Event',
  ownHeading: true,
};

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.event) return [{ title: 'Event · Tribe' }];
  const { event } = data;
  return linkPreviewMeta({
    pageTitle: `${event.title} · Tribe`,
    title: event.title,
    description: shareDescription(event),
    type: 'website',
    url: data.shareUrl,
    image: eventImages(event)[0],
    origin: data.origin,
  });
};

export default function EventPage() {
  const {
    event,
    join,
    waitlist,
    viewerGender,
    changesAllowed,
    ended,
    myRating,
    rateAsked,
    ratingStars,
    attempt,
    now: loadedAt,
    shareUrl,
  } = useLoaderData<typeof loader>();
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
  // Nobody can apply to an event that is off or over, so guests are not invited to.
  const open = !cancelled && !hasEventStarted(event, now);
  const rating = useRatingSheet(rateAsked && myRating ? myRating.subject : null, ratingStars);
  useGuestRatingPrompt(rateAsked && !user);

  return (
    <div className="pb-8">
      {!user ? <GuestHeader eventId={event.id} /> : null}

      <div className="mx-auto max-w-3xl sm:px-6 sm:pt-4">
        <Gallery event={event} images={images} />

        <div className="px-4 sm:px-0">
          <EventHeading event={event} shareUrl={shareUrl} showMenu={Boolean(user) && !isHost} />

          {isHost ? <ModerationNotice event={event} className="mt-4" /> : null}
          {cancelled ? <Alert className="mt-4">This event has been cancelled.</Alert> : null}
          {actionData && 'error' in actionData ? <Alert className="mt-4">{actionData.error}</Alert> : null}

          {isHost ? <HostActions eventId={event.id} cancelled={cancelled} allowed={changesAllowed} /> : null}
          {(isHost || join?.application?.status === 'accepted') && !cancelled && !ended && !isDateToBeDecided(event) ? (
            <AddToCalendarLink eventId={event.id} returnTo={`/event/${event.id}`} className="mt-4" />
          ) : null}
          <EventFacts event={event} now={now} cancelled={cancelled} />
          <PricePanel event={event} />
          {open && event.cancellation_policy ? (
            <CancellationPolicyNote policy={event.cancellation_policy} className="mt-4 rounded-2xl bg-slate-50 px-4 py-3" />
          ) : null}
          {user && !isHost ? (
            <JoinPanel
              event={event}
              gender={viewerGender}
              join={join}
              waitlist={waitlist}
              open={open}
              now={now}
              initialAttempt={attempt}
              pageResult={actionData && 'intent' in actionData ? (actionData as JoinActionData) : undefined}
            />
          ) : null}
          {user && ended && !cancelled ? (
            <EventRatingPanel
              mine={myRating}
              hostId={event.host_id}
              eventId={event.id}
              now={now}
              onOpen={(subject) => rating.open(subject)}
            />
          ) : null}
          <EventAbout event={event} />
          <HostCard event={event} signedIn={Boolean(user)} />
          {!user && open ? <JoinPrompt eventId={event.id} /> : null}
        </div>
      </div>
      <OpenRatingSheet sheet={rating} now={now} />
    </div>
  );
}

/** A guest who followed a link to rate (the notification's, say) is asked to log in first, and comes back to rate. */
function useGuestRatingPrompt(asked: boolean) {
  const { prompt } = useLoginPrompt();
  useEffect(() => {
    if (asked) prompt({ action: 'submit a rating' });
  }, [asked, prompt]);
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
