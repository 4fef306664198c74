import { useEffect, useRef, useState } from 'react';
import { EventImage, ImagePlaceholder, LARGEST_PHOTO, useHydrated } from '~/components/events/event-bits';
import { ChevronLeftIcon, ChevronRightIcon } from '~/components/ui/icons';
import { cn } from '~/lib/cn';
import { imageSrcSet } from '~/lib/format-event';
import type { EventView } from '../../../../../api/src/contracts/event/event-view.js';

const SCROLL_SETTLE_MS = 120;

/**
 * The photos, one at a time: swiped on touch screens, and with previous/next buttons (once
 * JavaScript runs) for mouse and keyboard users. Without JavaScript the strip still scrolls.
 */
export function Gallery({ event, images }: { event: EventView; images: string[] }) {
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
        // A strip that scrolls must be reachable by keyboard too (arrow keys scroll it once focused).
        tabIndex={many ? 0 : undefined}
        className="flex snap-x snap-mandatory overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:rounded-3xl [scrollbar-width:none]"
        data-testid="event-gallery"
      >
        {images.map((src, index) => (
          <li
            key={src + index}
            className="w-full shrink-0 snap-center"
            aria-hidden={hydrated && many && index !== current ? true : undefined}
          >
            <EventImage
              key={src}
              title={event.title}
              src={src}
              srcSet={imageSrcSet(event, src)}
              sizes="(min-width: 768px) 768px, 100vw"
              alt={index === 0 ? event.title : `${event.title}, photo ${index + 1}`}
              className="aspect-[16/9] w-full bg-slate-100 object-cover"
              placeholderClassName="aspect-[16/9] w-full"
              loading="lazy"
              {...(index === 0 ? LARGEST_PHOTO : {})}
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
