import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Avatar } from '~/components/events/event-bits';
import { BackLink } from '~/components/profile/back-link';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { CountedTextarea } from '~/components/ui/counted-textarea';
import { formatDay, formatRating } from '~/lib/format-event';
import { profilePreviewPath } from '~/lib/profile';
import { histogramRows, ratingCountText, reviewLength, reviewReportPath, reviewsPath } from '~/lib/ratings';
import type { loadReviewsPage, reviewsAction } from '~/lib/ratings.server';
import { RatingLimits, type RatingStatsView, type RatingView } from '../../../../api/src/contracts/ratings.contract.js';
import { RatingPair, StarGlyph, StarRow } from './stars';
import { EmptyState } from '~/components/ui/empty-state';

/**
 * A host's reviews (/profile-preview/{id}/reviews) or one event's (/reviews/{eventId}), full
 * screen: the stats (the average with its stars, how many ratings, the histogram and what they
 * add up to), then the reviews, newest first, a page at a time. The host replies to each review
 * (and edits or deletes the reply); anyone else may report one.
 */
export function ReviewsPage() {
  const { host, event, stats, reviews, page, viewerId, isHost, replying, from } = useLoaderData<typeof loadReviewsPage>();
  const refusal = useActionData<typeof reviewsAction>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const pageHref = (target: number) => reviewsPath(host.id, { eventId: event?.id, page: target, from });
  const total = reviews.ok ? reviews.value.pagination.total : null;
  return (
    <div className="relative min-h-dvh bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-12 sm:px-6">
        <header className="flex items-start gap-2">
          <BackLink from={from ?? profilePreviewPath(host.id)} label={event ? 'Back' : 'Back to the profile'} />
          <div className="min-w-0 pt-1.5">
            <h1 className="text-lg leading-snug font-semibold break-words text-slate-900">
              Reviews of <bdi>{event ? event.title : host.name}</bdi>
            </h1>
            {event ? (
              <p className="text-sm text-slate-600">
                Hosted by{' '}
                <Link to={reviewsPath(host.id, { from: here })} className="font-medium text-brand-700 hover:underline">
                  <bdi>{host.name}</bdi>
                </Link>{' '}
                · {formatDay(event.date)}
              </p>
            ) : null}
          </div>
        </header>

        {event ? (
          <HostSummary stats={stats} hostName={host.name} allHref={reviewsPath(host.id, { from: here })} />
        ) : (
          <StatsHeader stats={stats} />
        )}

        <section aria-labelledby="reviews-heading" className="mt-8">
          <h2 id="reviews-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {event ? 'Reviews of this event' : 'Reviews'}
            {total ? <span className="ml-1.5 text-base font-normal text-slate-500">({total})</span> : null}
          </h2>
          {!reviews.ok ? (
            <Alert>{reviews.error}</Alert>
          ) : reviews.value.ratings.length === 0 ? (
            <EmptyReviews hostName={host.name} isHost={isHost} forEvent={Boolean(event)} paged={page > 1} firstHref={pageHref(1)} />
          ) : (
            <ul className="space-y-3" aria-label={event ? `Reviews of ${event.title}` : `Reviews of ${host.name}`}>
              {reviews.value.ratings.map((review) => (
                <ReviewCard
                  // A new or changed reply starts the card afresh (its reply box closed).
                  key={`${review.id}:${review.reply?.repliedAt ?? ''}:${review.reply?.editedAt ?? ''}`}
                  review={review}
                  hostName={host.name}
                  showEvent={!event}
                  isHost={isHost}
                  isOwn={review.raterId === viewerId}
                  replyOpen={replying === review.id}
                  refusal={refusal?.ratingId === review.id ? refusal : null}
                  here={here}
                />
              ))}
            </ul>
          )}
          {reviews.ok && reviews.value.pagination.totalPages > 1 ? (
            <nav aria-label="Pages of reviews" className="mt-6 flex items-center justify-between gap-3 text-sm">
              {reviews.value.pagination.hasPrev ? (
                <Link to={pageHref(page - 1)} rel="prev" className={buttonClasses('outline', 'sm')}>
                  Newer reviews
                </Link>
              ) : (
                <span />
              )}
              <p className="text-slate-600">
                Page {page} of {reviews.value.pagination.totalPages}
              </p>
              {reviews.value.pagination.hasNext ? (
                <Link to={pageHref(page + 1)} rel="next" className={buttonClasses('outline', 'sm')}>
                  Older reviews
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** The average (one decimal) with its stars and how many ratings, the 1–5 histogram, and the band it puts the host in. */
function StatsHeader({ stats }: { stats: RatingStatsView }) {
  const average = formatRating(stats.averageRating);
  const rows = histogramRows(stats.histogram, stats.totalRatings);
  const host = formatRating(stats.averageHostRating);
  const events = formatRating(stats.averageEventRating);
  if (stats.totalRatings === 0) {
    return (
      <section
        aria-labelledby="stats-heading"
        className="mt-5 rounded-3xl border border-slate-200 bg-white p-4 sm:p-5"
        data-testid="rating-stats"
      >
        <h2 id="stats-heading" className="text-base font-semibold text-slate-900">
          No ratings yet
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="rating-status">
          {stats.statusDescription}
        </p>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="stats-heading"
      className="mt-5 rounded-3xl border border-slate-200 bg-white p-4 sm:p-5"
      data-testid="rating-stats"
    >
      <h2 id="stats-heading" className="sr-only">
        Ratings
      </h2>
      <div className="flex flex-wrap items-center gap-x-8 gap-y-4">
        <div className="flex flex-col items-center">
          <p className="text-4xl font-bold tracking-tight text-slate-900" data-testid="rating-average">
            {average ?? '–'}
            {average ? <span className="sr-only"> out of 5</span> : null}
          </p>
          {stats.averageRating !== null ? <StarRow value={stats.averageRating} size={18} className="mt-1" /> : null}
          <p className="mt-1 text-sm text-slate-600" data-testid="rating-total">
            {ratingCountText(stats.totalRatings)}
          </p>
        </div>
        <ul aria-label="Ratings by stars" className="min-w-[11rem] flex-1 space-y-1.5" data-testid="rating-histogram">
          {rows.map((row) => (
            <li key={row.stars} className="flex items-center gap-2 text-xs text-slate-600">
              <span aria-hidden="true" className="w-2.5 text-right tabular-nums">
                {row.stars}
              </span>
              <StarGlyph size={12} fill="full" />
              <span aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${row.percent}%` }} />
              </span>
              <span aria-hidden="true" className="w-7 text-right tabular-nums">
                {row.count}
              </span>
              <span className="sr-only">{row.label}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-4 text-sm font-medium text-slate-800" data-testid="rating-status">
        {stats.statusDescription}
      </p>
      {host && events ? (
        <p className="mt-1 text-sm text-slate-600">
          As a host {host} · Their events {events}
          {stats.eventCount > 0 ? ` · ${stats.eventCount === 1 ? '1 event' : `${stats.eventCount} events`} rated` : ''}
        </p>
      ) : null}
    </section>
  );
}

/** One event's page: the host's standing in a line, and the way to all their reviews. */
function HostSummary({ stats, hostName, allHref }: { stats: RatingStatsView; hostName: string; allHref: string }) {
  const average = formatRating(stats.averageRating);
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      {average && stats.averageRating !== null ? (
        <span className="inline-flex items-center gap-1.5">
          <StarRow value={stats.averageRating} size={14} />
          <span>
            <bdi>{hostName}</bdi>: {average} from {ratingCountText(stats.totalRatings)}
          </span>
        </span>
      ) : (
        <span>
          <bdi>{hostName}</bdi> has no ratings yet.
        </span>
      )}
      <Link to={allHref} className="font-semibold text-brand-700 hover:underline">
        All reviews
      </Link>
    </div>
  );
}

function EmptyReviews({
  hostName,
  isHost,
  forEvent,
  paged,
  firstHref,
}: {
  hostName: string;
  isHost: boolean;
  forEvent: boolean;
  paged: boolean;
  firstHref: string;
}) {
  return (
    <EmptyState
      title={paged ? 'No more reviews' : forEvent ? 'No reviews of this event yet' : 'No reviews yet'}
      detail={
        paged
          ? 'This page is past the last review.'
          : isHost
            ? 'People who attend your events can rate them once they are over. Their reviews show here.'
            : `Reviews come from people who attended ${hostName}'s events.`
      }
      action={
        paged ? (
          <Link to={firstHref} className={buttonClasses('outline', 'sm')}>
            Back to the newest reviews
          </Link>
        ) : null
      }
      testId="no-reviews"
    />
  );
}

function ReviewCard({
  review,
  hostName,
  showEvent,
  isHost,
  isOwn,
  replyOpen,
  refusal,
  here,
}: {
  review: RatingView;
  hostName: string;
  showEvent: boolean;
  isHost: boolean;
  isOwn: boolean;
  replyOpen: boolean;
  refusal: { error: string; text: string } | null;
  here: string;
}) {
  const byId = `review-${review.id}-by`;
  return (
    <li>
      <article aria-labelledby={byId} className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="review">
        <header className="flex items-start gap-3">
          <Avatar name={review.rater.name} url={review.rater.avatarUrl} size={40} />
          <div className="min-w-0 flex-1">
            <h3 id={byId} className="flex flex-wrap items-center gap-x-2 text-[15px] font-semibold text-slate-900">
              <bdi className="min-w-0 break-words">{review.rater.name}</bdi>
              {isOwn ? (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">Your review</span>
              ) : null}
            </h3>
            <p className="text-xs text-slate-500">
              <time dateTime={review.createdAt}>{formatDay(review.createdAt)}</time>
              {showEvent ? (
                <>
                  {' · '}
                  <Link
                    to={reviewsPath(review.ratedInfluencerId, { eventId: review.eventId, from: here })}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    <bdi>{review.event.title}</bdi>
                  </Link>
                </>
              ) : null}
            </p>
          </div>
        </header>
        <RatingPair hostRating={review.hostRating} eventRating={review.eventRating} className="mt-3" />
        {review.hostReview ? <ReviewText heading="About the host" text={review.hostReview} /> : null}
        {review.eventReview ? <ReviewText heading="About the event" text={review.eventReview} /> : null}
        {review.reply ? (
          <div className="mt-3 rounded-xl bg-slate-50 p-3" data-testid="review-reply">
            <p className="text-xs font-semibold text-slate-600">
              Reply from <bdi>{hostName}</bdi>
              <span className="font-normal text-slate-500"> · {formatDay(review.reply.editedAt ?? review.reply.repliedAt)}</span>
            </p>
            <p dir="auto" className="mt-1 text-[15px] whitespace-pre-line text-slate-800">
              {review.reply.text}
            </p>
          </div>
        ) : null}
        {isHost ? (
          <ReplyControls review={review} openFromUrl={replyOpen} refusal={refusal} />
        ) : !isOwn ? (
          <div className="mt-3 flex justify-end">
            <Link
              to={reviewReportPath(review.ratedInfluencerId, review.id, here)}
              aria-label={`Report the review by ${review.rater.name}`}
              className={buttonClasses('ghost', 'sm', false, 'text-rose-700')}
            >
              Report
            </Link>
          </div>
        ) : null}
      </article>
    </li>
  );
}

function ReviewText({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{heading}</p>
      <p dir="auto" className="mt-0.5 text-[15px] break-words whitespace-pre-line text-slate-800">
        {text}
      </p>
    </div>
  );
}

/**
 * The host's controls on a review: Reply (or Edit reply) opens a box in place (through ?reply=
 * without JavaScript); Delete reply asks first. A refused reply keeps the box open with the words.
 */
function ReplyControls({
  review,
  openFromUrl,
  refusal,
}: {
  review: RatingView;
  openFromUrl: boolean;
  refusal: { error: string; text: string } | null;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const [openHere, setOpenHere] = useState(false);
  const open = openHere || openFromUrl || refusal !== null;
  const sending = (intent: string) =>
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('ratingId') === review.id;
  const withReply = (value: string | null) => {
    const query = new URLSearchParams(location.search);
    if (value) query.set('reply', value);
    else query.delete('reply');
    const rest = query.toString();
    return rest ? `${location.pathname}?${rest}` : location.pathname;
  };
  const label = review.reply ? 'Edit reply' : 'Reply';

  if (open) {
    return (
      <ReplyForm
        review={review}
        initial={refusal?.text ?? review.reply?.text ?? ''}
        error={refusal?.error ?? null}
        sending={sending('reply')}
        autoFocus={openHere}
        cancelHref={withReply(null)}
        onCancel={openHere ? () => setOpenHere(false) : null}
      />
    );
  }
  return (
    <div className="mt-3 flex flex-wrap items-start justify-end gap-2">
      <Link
        to={withReply(review.id)}
        preventScrollReset
        aria-label={`${label} to ${review.rater.name}`}
        onClick={(click) => {
          click.preventDefault();
          setOpenHere(true);
        }}
        className={buttonClasses('outline', 'sm')}
      >
        {label}
      </Link>
      {review.reply ? (
        <ConfirmStep
          confirmKey={`delete-reply-${review.id}`}
          trigger="Delete reply"
          triggerLabel={`Delete your reply to ${review.rater.name}`}
          triggerClassName={buttonClasses('ghost', 'sm', false, 'text-rose-700')}
          question="Delete your reply?"
          detail="The review stays; your answer to it is removed."
          confirmLabel="Yes, delete reply"
          fields={{ intent: 'delete-reply', ratingId: review.id }}
          busy={sending('delete-reply')}
        />
      ) : null}
    </div>
  );
}

function ReplyForm({
  review,
  initial,
  error,
  sending,
  autoFocus,
  cancelHref,
  onCancel,
}: {
  review: RatingView;
  initial: string;
  error: string | null;
  sending: boolean;
  autoFocus: boolean;
  cancelHref: string;
  onCancel: (() => void) | null;
}) {
  const [text, setText] = useState(initial);
  const length = reviewLength(text, RatingLimits.replyMaxLength);
  const id = `reply-${review.id}`;
  return (
    <Form method="post" preventScrollReset className="mt-3 space-y-2" data-testid="reply-form">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="ratingId" value={review.id} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Your reply to <bdi>{review.rater.name}</bdi>
      </label>
      <CountedTextarea
        id={id}
        length={length}
        problem={error}
        name="text"
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={RatingLimits.replyMaxLength}
        required
        autoFocus={autoFocus}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Link
          to={cancelHref}
          preventScrollReset
          replace
          onClick={(click) => {
            if (!onCancel) return;
            click.preventDefault();
            onCancel();
          }}
          className={buttonClasses('ghost', 'sm')}
        >
          Cancel
        </Link>
        <Button type="submit" size="sm" loading={sending}>
          {review.reply ? 'Save reply' : 'Post reply'}
        </Button>
      </div>
    </Form>
  );
}
