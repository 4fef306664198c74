import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { persistentStore } from '~/lib/client-storage';
import { formatEventDate } from '~/lib/format-event';
import { addRecentlyViewed, readRecentlyViewed, type RecentlyViewedEvent } from '~/lib/recently-viewed';
import { EventImage, ImagePlaceholder } from './event-bits';

/** Set once the app has hydrated: later mounts may read the browser's storage in their first render. */
let hydrated = false;

/** Records an opened event in the recently viewed list (browser only). */
export function useRecordRecentlyViewed(event: {
  id: string;
  title: string;
  image: string | null;
  date: string | null;
  city: string | null;
}) {
  const { id, title, image, date, city } = event;
  useEffect(() => {
    hydrated = true;
    const store = persistentStore();
    if (store) addRecentlyViewed(store, { id, title, image, date, city });
  }, [id, title, image, date, city]);
}

function readItems(excludeId: string | undefined): RecentlyViewedEvent[] {
  const store = persistentStore();
  return store ? readRecentlyViewed(store).filter((item) => item.id !== excludeId) : [];
}

/**
 * The last 10 events this browser opened, as a strip of small cards (nothing when empty). On a
 * page change it is there from the first render, so the list below does not jump (which would
 * spoil the restored scroll position); on the first page load it appears after hydration.
 */
export function RecentlyViewedStrip({ excludeId }: { excludeId?: string }) {
  const [items, setItems] = useState<RecentlyViewedEvent[]>(() => (hydrated ? readItems(excludeId) : []));
  useEffect(() => {
    hydrated = true;
    setItems(readItems(excludeId));
  }, [excludeId]);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-title" className="space-y-2.5" data-testid="recently-viewed">
      <h2 id="recently-viewed-title" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
        Recently viewed
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        {items.map((item) => (
          <li key={item.id} className="w-40 shrink-0 snap-start">
            <Link
              to={`/event/${item.id}`}
              prefetch="intent"
              className="group block overflow-hidden rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
            >
              <div className="aspect-[4/3] overflow-hidden bg-slate-100">
                {item.image ? (
                  <EventImage
                    key={item.image}
                    title={item.title}
                    src={item.image}
                    alt=""
                    className="size-full object-cover"
                    placeholderClassName="size-full text-2xl"
                    loading="lazy"
                  />
                ) : (
                  <ImagePlaceholder title={item.title} className="size-full text-2xl" />
                )}
              </div>
              <div className="p-2.5">
                <p className="truncate text-sm font-medium text-slate-900 group-hover:text-brand-700">
                  <bdi>{item.title}</bdi>
                </p>
                {item.date ? <p className="truncate text-xs text-slate-500">{formatEventDate({ date: item.date })}</p> : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
