import { Link } from '@remix-run/react';
import { CalendarIcon } from '~/components/ui/icons';
import { cn } from '~/lib/cn';
import { formatDay, srcSetOf } from '~/lib/format-event';
import type { PostEventView } from '../../../../api/src/contracts/community.contract.js';
import type { ResponsiveImage } from '../../../../api/src/contracts/event/event-view.js';

/** The event a post is about, as a link to its page. */
export function EventChip({ event }: { event: PostEventView }) {
  return (
    <Link
      to={`/event/${encodeURIComponent(event.id)}`}
      className="mt-3 flex max-w-full items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm hover:bg-slate-100"
      data-testid="post-event"
    >
      <CalendarIcon size={16} className="shrink-0 text-brand-600" />
      <span className="min-w-0 truncate">
        <span className="sr-only">About the event </span>
        <bdi className="font-semibold text-slate-900">{event.title}</bdi>
        <span className="text-slate-500"> · {formatDay(event.date)}</span>
      </span>
    </Link>
  );
}

/** One photo wide, three with the first standing tall beside the other two, else square tiles. */
function tileShape(count: number, index: number): string {
  if (count === 1) return 'aspect-[4/3]';
  return count === 3 && index === 0 ? 'row-span-2' : 'aspect-square';
}

const photoAlt = (index: number, count: number, author: string) => `Photo ${index + 1} of ${count}, posted by ${author}`;

/** The widths a feed tile is shown at: the feed's column is at most 640 px, a grid tile half of it. */
const tileSizes = (count: number) => (count === 1 ? '(min-width: 640px) 640px, 100vw' : '(min-width: 640px) 320px, 50vw');

/**
 * A post's photos in the feed: up to four in a grid (the fourth says how many more), linking to the
 * post. Each is drawn from its WebP variants where they exist, not the uploaded original.
 */
export function PhotoGrid({ photos, author, href }: { photos: ResponsiveImage[]; author: string; href: string }) {
  if (photos.length === 0) return null;
  const shown = photos.slice(0, 4);
  const more = photos.length - shown.length;
  return (
    <ul className={cn('mt-3 grid gap-1 overflow-hidden rounded-2xl', shown.length > 1 && 'grid-cols-2')}>
      {shown.map((photo, index) => (
        <li key={`${photo.url}-${index}`} className={cn('relative bg-slate-100', tileShape(shown.length, index))}>
          <Link
            to={href}
            className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          >
            <img
              src={photo.url}
              srcSet={srcSetOf(photo.variants)}
              sizes={photo.variants.length > 0 ? tileSizes(shown.length) : undefined}
              alt={photoAlt(index, photos.length, author)}
              loading="lazy"
              className="size-full object-cover"
            />
            {more > 0 && index === shown.length - 1 ? (
              <span
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center bg-slate-900/55 text-xl font-semibold text-white"
              >
                +{more}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A post's photos on its own page: each the full width, one under the other, from its variants where
 * they exist; their size is known before they load (the largest variant's), so the page does not jump.
 */
export function FullPhotos({ photos, author }: { photos: ResponsiveImage[]; author: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="-mx-4 mt-4 space-y-2 sm:mx-0" data-testid="post-photos">
      {photos.map((photo, index) => {
        const largest = photo.variants.at(-1);
        return (
          <li key={`${photo.url}-${index}`} className="overflow-hidden bg-slate-100 sm:rounded-2xl">
            <img
              src={photo.url}
              srcSet={srcSetOf(photo.variants)}
              sizes={largest ? '(min-width: 640px) 640px, 100vw' : undefined}
              width={largest?.width}
              height={largest?.height}
              alt={photoAlt(index, photos.length, author)}
              loading={index === 0 ? 'eager' : 'lazy'}
              className="h-auto w-full"
            />
          </li>
        );
      })}
    </ul>
  );
}

/** A person's text as they wrote it: their line breaks kept, long words broken, in its own direction. */
export function WrittenText({ text, className, clamp = false }: { text: string; className?: string; clamp?: boolean }) {
  return (
    <p dir="auto" className={cn('written-text', clamp && 'line-clamp-6', className)}>
      {text}
    </p>
  );
}
