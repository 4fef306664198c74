import { Link, useLocation, useRevalidator, useSearchParams } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Sheet } from '~/components/ui/sheet';
import { useToast } from '~/components/ui/toast';
import { CountedTextarea } from '~/components/ui/counted-textarea';
import {
  canStillEdit,
  closedRateHref,
  editWindowText,
  RATING_INTENTS,
  RATING_RESOURCE,
  ratingFailure,
  ratingFieldErrors,
  readStars,
  reviewLength,
  type RatingFieldErrors,
  type RatingIntent,
  type RatingSubject,
  type Stars,
} from '~/lib/ratings';
import { Messages } from '../../../../api/src/contracts/messages.js';
import { RatingLimits } from '../../../../api/src/contracts/ratings.contract.js';
import { StarPicker } from './stars';

/** The JSON /resources/ratings answers a form sent with JavaScript. */
export type RatingAnswer =
  { ok: true; intent: RatingIntent; message: string } | { ok: false; error: string | null; fieldErrors?: RatingFieldErrors };

const DELETE_CONFIRM = 'delete-rating';

/**
 * Which rating sheet is open on a page, and with how many stars to start. It opens from the
 * address (?rate=, what the pages' links lead to without JavaScript and what the rating_prompt
 * notification opens) or in place; closing takes ?rate= off the address so a reload does not
 * open it again.
 */
export function useRatingSheet(fromUrl: RatingSubject | null, starsFromUrl: number | null = null) {
  const fromAddress = () => (fromUrl ? { subject: fromUrl, stars: readStars(starsFromUrl) } : null);
  const [shown, setShown] = useState(fromAddress);
  const [searchParams, setSearchParams] = useSearchParams();
  // Only a new address opens (or closes) the sheet; the same one read again (after a rating was
  // sent, the page's data is) leaves it as the person has it.
  const latest = useRef(fromAddress);
  latest.current = fromAddress;
  const urlKey = fromUrl ? `${fromUrl.eventId}:${starsFromUrl ?? ''}` : '';
  const firstKey = useRef(urlKey);
  useEffect(() => {
    if (firstKey.current === urlKey) return;
    firstKey.current = urlKey;
    setShown(latest.current());
  }, [urlKey]);
  const open = useCallback((subject: RatingSubject, stars: number | null = null) => setShown({ subject, stars: readStars(stars) }), []);
  const close = useCallback(() => {
    setShown(null);
    if (searchParams.has('rate') || searchParams.has('stars') || searchParams.has('confirm')) {
      const rest = new URLSearchParams(searchParams);
      for (const name of ['rate', 'stars', 'confirm']) rest.delete(name);
      setSearchParams(rest, { replace: true, preventScrollReset: true });
    }
  }, [searchParams, setSearchParams]);
  return { shown, open, close };
}

/** The sheet `useRatingSheet` has open, if any (a new subject starts a fresh form). */
export function OpenRatingSheet({ sheet, now }: { sheet: ReturnType<typeof useRatingSheet>; now: number }) {
  if (!sheet.shown) return null;
  const { subject, stars } = sheet.shown;
  return <RatingSheet key={subject.eventId} subject={subject} initialStars={stars} onClose={sheet.close} now={now} />;
}

/**
 * The rating form in a sheet: the host's and the event's stars (radio groups, 1 to 5), a review of
 * each (optional, up to 1,000 characters, with a counter), and Submit; for a rating already given,
 * Update within the edit window and Delete (behind a question) at any time. With JavaScript it is
 * sent with fetch, the page's data is read again and the spec's sentence shows as a toast; without
 * it the form posts to /resources/ratings, which comes back here with the sentence.
 */
export function RatingSheet({
  subject,
  initialStars,
  onClose,
  now,
}: {
  subject: RatingSubject;
  initialStars: Stars | null;
  onClose: () => void;
  now: number;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const toast = useToast();
  const revalidator = useRevalidator();
  const rating = subject.rating;
  const editable = rating ? canStillEdit(rating, now) : true;
  const [hostRating, setHostRating] = useState<Stars | null>(readStars(rating?.hostRating) ?? initialStars);
  const [eventRating, setEventRating] = useState<Stars | null>(readStars(rating?.eventRating) ?? initialStars);
  const [hostReview, setHostReview] = useState(rating?.hostReview ?? '');
  const [eventReview, setEventReview] = useState(rating?.eventReview ?? '');
  const [fieldErrors, setFieldErrors] = useState<RatingFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  // Counts refusals: each one moves focus to the first field it names.
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState<RatingIntent | null>(null);
  const [confirmingHere, setConfirmingHere] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const keepLink = useRef<HTMLAnchorElement>(null);
  const confirming = confirmingHere || new URLSearchParams(location.search).get('confirm') === DELETE_CONFIRM;
  const intent: RatingIntent = rating ? RATING_INTENTS.update : RATING_INTENTS.rate;

  const here = `${location.pathname}${location.search}`;
  const back = closedRateHref(location.pathname, location.search);
  const confirmHref = (() => {
    const query = new URLSearchParams(location.search);
    query.set('rate', subject.eventId);
    query.set('confirm', DELETE_CONFIRM);
    return `${location.pathname}?${query.toString()}`;
  })();

  // The question takes the focus on its safe answer, so Enter never deletes by accident.
  useEffect(() => {
    if (confirmingHere) keepLink.current?.focus();
  }, [confirmingHere]);

  // A refusal moves focus to the first field it names, so a keyboard or screen reader lands on it.
  useEffect(() => {
    if (refusals === 0) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"] input, textarea[aria-invalid="true"]');
    invalid?.focus();
  }, [refusals]);

  const send = async (fields: FormData, sent: RatingIntent) => {
    setBusy(sent);
    setError(null);
    try {
      const response = await fetch(RATING_RESOURCE, { method: 'POST', body: fields, headers: { Accept: 'application/json' } });
      const answer = (await response.json().catch(() => null)) as RatingAnswer | null;
      if (response.ok && answer?.ok) {
        toast.show({ kind: 'success', message: answer.message });
        onClose();
        void revalidator.revalidate();
        return;
      }
      const refusal = answer && !answer.ok ? answer : null;
      setFieldErrors(refusal?.fieldErrors ?? {});
      setRefusals((count) => count + 1);
      setError(refusal?.error ?? (refusal?.fieldErrors ? null : ratingFailure(sent, response.status)));
    } catch {
      setError(`${ratingFailure(sent, 0)} ${Messages.generic.network}`);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = ratingFieldErrors({ hostRating, eventRating, hostReview, eventReview });
    if (Object.keys(problems).length > 0) {
      setFieldErrors(problems);
      setRefusals((count) => count + 1);
      return;
    }
    setFieldErrors({});
    void send(new FormData(event.currentTarget), intent);
  };

  const onDelete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(new FormData(event.currentTarget), RATING_INTENTS.delete);
  };

  const title = rating ? `Your rating of ${subject.eventTitle}` : `How was ${subject.eventTitle}?`;
  return (
    <Sheet
      open
      onClose={onClose}
      title={title}
      description={`Hosted by ${subject.hostName}. Your stars and words help others choose.`}
      className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
    >
      {error ? <Alert className="mb-4 text-left">{error}</Alert> : null}
      {editable ? (
        <form
          ref={form}
          method="post"
          action={RATING_RESOURCE}
          onSubmit={hydrated ? onSubmit : undefined}
          noValidate={hydrated}
          className="space-y-5 text-left"
          data-testid="rating-form"
        >
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="eventId" value={subject.eventId} />
          {rating ? <input type="hidden" name="ratingId" value={rating.id} /> : null}
          <input type="hidden" name="back" value={back} />
          <input type="hidden" name="again" value={here} />
          <StarPicker
            name="hostRating"
            legend="Rate the host"
            value={hostRating}
            onChange={(stars) => {
              setHostRating(stars);
              setFieldErrors((errors) => ({ ...errors, hostRating: undefined }));
            }}
            error={fieldErrors.hostRating}
            autoFocus
          />
          <ReviewBox
            name="hostReview"
            label={`Review of the host (optional)`}
            placeholder={`What was ${subject.hostName} like as a host?`}
            value={hostReview}
            onChange={setHostReview}
            error={fieldErrors.hostReview}
          />
          <StarPicker
            name="eventRating"
            legend="Rate the event"
            value={eventRating}
            onChange={(stars) => {
              setEventRating(stars);
              setFieldErrors((errors) => ({ ...errors, eventRating: undefined }));
            }}
            error={fieldErrors.eventRating}
          />
          <ReviewBox
            name="eventReview"
            label="Review of the event (optional)"
            placeholder="What should others know about it?"
            value={eventReview}
            onChange={setEventReview}
            error={fieldErrors.eventReview}
          />
          {rating ? <p className="text-xs text-slate-500">{editWindowText(rating, now)}</p> : null}
          <div className="flex flex-col gap-2.5">
            <Button type="submit" size="lg" fullWidth loading={busy === intent} disabled={busy !== null}>
              {rating ? 'Update rating' : 'Submit rating'}
            </Button>
            <Link
              to={back}
              replace
              preventScrollReset
              onClick={(click) => {
                click.preventDefault();
                onClose();
              }}
              className={buttonClasses('ghost', 'lg', true)}
            >
              Not now
            </Link>
          </div>
        </form>
      ) : (
        <p className="text-left text-[15px] text-slate-700" data-testid="rating-locked">
          {editWindowText(rating!, now)} You can still delete it.
        </p>
      )}

      {rating ? (
        <div className="mt-5 border-t border-slate-100 pt-4 text-left">
          {confirming ? (
            <form
              method="post"
              action={RATING_RESOURCE}
              onSubmit={hydrated ? onDelete : undefined}
              role="alertdialog"
              aria-label="Delete your rating?"
              className="rounded-xl border border-rose-200 bg-rose-50 p-3.5"
            >
              <input type="hidden" name="intent" value={RATING_INTENTS.delete} />
              <input type="hidden" name="ratingId" value={rating.id} />
              <input type="hidden" name="back" value={back} />
              <input type="hidden" name="again" value={here} />
              <p className="text-sm font-semibold text-rose-900">Delete your rating?</p>
              <p className="mt-1 text-sm text-rose-800">Your stars and reviews of this event are removed. This cannot be undone.</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button type="submit" variant="danger" size="sm" loading={busy === RATING_INTENTS.delete} disabled={busy !== null}>
                  Yes, delete rating
                </Button>
                <Link
                  ref={keepLink}
                  to={closeConfirm(location.pathname, location.search)}
                  replace
                  preventScrollReset
                  onClick={(click) => {
                    // Opened through the address (?confirm=), the link closes it the same way.
                    if (!confirmingHere) return;
                    click.preventDefault();
                    setConfirmingHere(false);
                  }}
                  className={buttonClasses('ghost', 'sm')}
                >
                  Keep it
                </Link>
              </div>
            </form>
          ) : (
            <Link
              to={confirmHref}
              replace
              preventScrollReset
              onClick={(click) => {
                click.preventDefault();
                setConfirmingHere(true);
              }}
              className={buttonClasses('ghost', 'sm', false, 'text-rose-700')}
            >
              Delete rating
            </Link>
          )}
        </div>
      ) : null}
    </Sheet>
  );
}

function closeConfirm(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('confirm');
  return `${pathname}?${query.toString()}`;
}

/** A review box with its counter (to 1,000, counted as the API counts). */
function ReviewBox({
  name,
  label,
  placeholder,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const length = reviewLength(value);
  const id = `rating-${name}`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <CountedTextarea
        id={id}
        length={length}
        problem={error ?? null}
        name={name}
        rows={3}
        value={value}
        maxLength={RatingLimits.reviewMaxLength}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
      />
    </div>
  );
}
