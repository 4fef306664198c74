import { Form, Link } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { SelectField } from '~/components/ui/field';
import { Sheet } from '~/components/ui/sheet';
import { type EventChoice } from '~/lib/community';
import { formatDay } from '~/lib/format-event';
import { COMMUNITY_RESOURCE } from './community-request';
import { PostPhotosField } from './post-photos-field';
import { useWrittenDraft, WrittenField } from './written-field';

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
  serverEventId,
  error,
  fieldError,
  submitting,
}: {
  open: boolean;
  onClose: () => void;
  initialEvents: EventChoice[] | null;
  serverText: string;
  /** The event chosen for a post the server refused (kept when the page is sent again without JavaScript). */
  serverEventId: string | null;
  error: string | null;
  fieldError: string | null;
  submitting: boolean;
}) {
  const hydrated = useHydrated();
  const events = useEventChoices(open, initialEvents);
  const draft = useWrittenDraft('post', serverText);
  const { setText } = draft;
  const [uploading, setUploading] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => setText(serverText), [serverText, setText]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (draft.holdBack(event, uploading)) area.current?.focus();
  };

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="New post"
      description="Share a moment, a photo or a plan with your tribe."
      className="max-h-[92dvh] overflow-y-auto sm:max-w-lg"
      // Closing it to look something up keeps the photos uploaded (or uploading) and the event chosen, as the text.
      keepMounted
    >
      <Form method="post" onSubmit={onSubmit} className="space-y-5 text-left" data-testid="compose-form">
        <input type="hidden" name="intent" value={POST_INTENT} />
        {error ? <Alert>{error}</Alert> : null}
        <WrittenField
          id="post-text"
          label="Your post"
          draft={draft}
          serverProblem={fieldError}
          rows={5}
          placeholder="What did you get up to?"
          sheetAutofocus
          textareaRef={area}
          counterTestId="post-counter"
        />

        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Photos</p>
          {hydrated ? (
            <PostPhotosField initial={[]} hydrated={hydrated} onBusyChange={setUploading} />
          ) : (
            <p className="text-sm text-slate-500">Photos can be added once the page has finished loading.</p>
          )}
        </div>

        <SelectField
          label="Event (optional)"
          name="eventId"
          defaultValue={serverEventId ?? ''}
          disabled={events === null}
          className="min-w-0"
        >
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
          <Button type="submit" size="lg" loading={submitting} disabled={hydrated && (uploading || draft.length.tooLong)}>
            {uploading ? 'Uploading photos…' : 'Post'}
          </Button>
        </div>
      </Form>
    </Sheet>
  );
}
