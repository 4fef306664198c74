import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

/** The description, the video and (for online events) the meeting link, each when there is one. */
export function EventAbout({ event }: { event: EventView }) {
  return (
    <>
      {event.description ? (
        <section className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">About this event</h2>
          <p dir="auto" className="mt-2 text-[15px] leading-relaxed whitespace-pre-line text-slate-700" data-testid="event-description">
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
          <a
            href={event.meeting_link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 block truncate text-sm text-brand-700 underline"
          >
            {event.meeting_link}
          </a>
        </section>
      ) : null}
    </>
  );
}
