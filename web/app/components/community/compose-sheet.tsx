import { Form, Link } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { PhotoUploader } from '~/components/events/media-uploader';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { inputClasses, SelectField } from '~/components/ui/field';
import { Sheet } from '~/components/ui/sheet';
import { cn } from '~/lib/cn';
import { counterText, textProblem, writtenLength, type EventChoice } from '~/lib/community';
import { formatDay } from '~/lib/format-event';
import { CommunityLimits } from '../../../../api/src/contracts/community.contract.js';
import { COMMUNITY_RESOURCE } from './community-request';

export const POST_INTENT = 'post';

/** The events a person may post about, read when the sheet first opens (null while it reads). */
function useEventChoices(open: boolean, initial: EventChoice[] | null): EventChoice[] | null {
  const [events, setEvents] = useState(initial);
  useEffect(() => {
    if (!open || events !== null) return;
    let stopped = false;
    fetch(`${COMMUNITY_RESOURCE}?list=events`, { headers: { Accept: 'application/json' } })
      .then((response) => response.json() as Promise<{ events?: EventChoice[] }>)
      .then(
        (body) => !stopped && setEvents(body.events ?? []),
        () => !stopped && setEvents([]),
      );
    return () => {
      stopped = true;
    };
  }, [open, events]);
  return events;
}

/**
 * The compose sheet: the text (with its counter to 2,000), up to 10 photos uploaded as they are
 * picked (with progress), and the event it is about, among those the person hosts or was accepted
 * to. Focus starts in the text and comes back to the opener on close. Without JavaScript it is the
 * page at ?compose=1 and sends the text and the event (photos need JavaScript).
 */
export function ComposeSheet({
  open,
  onClose,
  initialEvents,
  serverText,
  error,
  fieldError,
  submitting,
}: {
  open: boolean;
  onClose: () => void;
  initialEvents: EventChoice[] | null;
  serverText: string;
  error: string | null;
  fieldError: string | null;
  submitting: boolean;
}) {
  const hydrated = useHydrated();
  const events = useEventChoices(open, initialEvents);
  const [text, setText] = useState(serverText);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  const length = writtenLength(text, 'post');
  const shownProblem = problem ?? (length.tooLong ? textProblem(text, 'post') : null) ?? fieldError;

  useEffect(() => setText(serverText), [serverText]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = textProblem(text, 'post');
    if (!found && !uploading) return;
    event.preventDefault();
    setProblem(found);
    area.current?.focus();
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="New post"
      description="Share a moment, a photo or a plan with your tribe."
      className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
    >
      <Form method="post" onSubmit={onSubmit} className="space-y-5 text-left" data-testid="compose-form">
        <input type="hidden" name="intent" value={POST_INTENT} />
        {error ? <Alert>{error}</Alert> : null}
        <div className="space-y-1.5">
          <label htmlFor="post-text" className="block text-sm font-medium text-slate-700">
            Your post
          </label>
          <textarea
            id="post-text"
            ref={area}
            name="text"
            rows={5}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            placeholder="What did you get up to?"
            data-autofocus
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={shownProblem ? 'post-text-error post-text-counter' : 'post-text-counter'}
            className={cn(inputClasses, 'py-3', shownProblem ? 'border-rose-400' : 'border-slate-300')}
          />
          <div className="flex items-start justify-between gap-3 text-xs">
            {shownProblem ? (
              <p id="post-text-error" role="alert" className="text-sm text-rose-600">
                {shownProblem}
              </p>
            ) : (
              <span />
            )}
            <p
              id="post-text-counter"
              data-testid="post-counter"
              className={cn('shrink-0 tabular-nums', length.tooLong ? 'font-semibold text-rose-700' : 'text-slate-500')}
            >
              <span className="sr-only">Characters: </span>
              {counterText(length)}
            </p>
          </div>
        </div>

        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Photos</p>
          {hydrated ? (
            <PhotoUploader
              initial={[]}
              max={CommunityLimits.maxPhotos}
              hydrated={hydrated}
              onBusyChange={onBusyChange}
              fieldName="photos"
              fileFieldName={null}
              inputLabel="Add photos to your post"
              firstBadge="Cover"
            />
          ) : (
            <p className="text-sm text-slate-500">Photos can be added once the page has finished loading.</p>
          )}
        </div>

        <SelectField label="Event (optional)" name="eventId" defaultValue="" disabled={events === null} className="min-w-0">
          <option value="">{events === null ? 'Loading your events…' : 'Not about an event'}</option>
          {(events ?? []).map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title} · {formatDay(choice.date)}
            </option>
          ))}
        </SelectField>
        {events !== null && events.length === 0 ? (
          <p className="-mt-3 text-xs text-slate-500">Events you host or were accepted to show up here.</p>
        ) : null}

        <div className="flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <Link
            to="/community"
            onClick={(event) => {
              event.preventDefault();
              onClose();
            }}
            className={buttonClasses('ghost', 'lg', false, 'sm:w-auto')}
          >
            Cancel
          </Link>
          <Button type="submit" size="lg" loading={submitting} disabled={hydrated && (uploading || length.tooLong)}>
            {uploading ? 'Uploading photos…' : 'Post'}
          </Button>
        </div>
      </Form>
    </Sheet>
  );
}
