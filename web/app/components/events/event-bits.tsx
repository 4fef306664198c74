import { Link, useRouteLoaderData } from '@remix-run/react';
import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { hostRatingLink, reviewsPath } from '~/lib/ratings';
import { initialOf, initialsOf } from '~/lib/text';
import type { EventCardHost } from '~/lib/event-card-view';
import type { RootLoaderData } from '~/root';

/**
 * The current time for countdowns. It starts at the loader's `now` so the server's HTML and the
 * first browser render agree, then ticks every 30 s.
 */
export function useNow(initial: number, intervalMs = 30_000): number {
  const [now, setNow] = useState(initial);
  const firstNow = useRef(initial);
  useEffect(() => {
    // The page's own time is as good as the clock is between two ticks; setting it again at once
    // would draw every card of a list a second time right after the page appears.
    if (Math.abs(Date.now() - firstNow.current) >= intervalMs) setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** True once the page has hydrated (JavaScript is running). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function Avatar({ name, url, size = 32 }: { name: string | null | undefined; url: string | null | undefined; size?: number }) {
  return url ? (
    <img src={url} alt="" width={size} height={size} className="avatar" style={{ width: size, height: size }} loading="lazy" />
  ) : (
    <span
      aria-hidden="true"
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
      style={{ width: size, height: size, fontSize: Math.max(10, size * 0.38) }}
    >
      {initialsOf(name)}
    </span>
  );
}

/**
 * A card's host: name with avatar and rating ("★ 4.5 (12)"); hosts without ratings show "New host".
 * Signed in, the rating links to the host's reviews (above a card's covering link). The star and the
 * verified seal are drawn by the stylesheet (tailwind.css), so twenty cards do not repeat their SVG.
 */
export function HostLine({ host, className }: { host: EventCardHost | null | undefined; className?: string }) {
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>('root')?.user);
  if (!host) return null;
  const rating = hostRatingLink(host.rating, host.rating_count);
  const stars = rating ? (
    <>
      <span>{rating.average}</span>
      {rating.count ? <span>{rating.count}</span> : null}
    </>
  ) : null;
  return (
    <div className={cn('host-line', className)}>
      {host.avatar ? <img src={host.avatar} alt="" loading="lazy" /> : <Avatar name={host.name} url={null} size={28} />}
      <div>
        <p>
          <bdi>{host.name || 'Host'}</bdi>
          {host.verified ? <span role="img" aria-label="Verified host" title="Verified host" className="verified-seal" /> : null}
        </p>
        <p>
          {rating && signedIn && host.id ? (
            // A list has twenty: the reviews' route is looked up when one is followed, not for every card.
            <Link to={reviewsPath(host.id)} aria-label={rating.label} className="host-stars" discover="none">
              {stars}
            </Link>
          ) : rating ? (
            <span className="host-stars">{stars}</span>
          ) : (
            'New host'
          )}
        </p>
      </div>
    </div>
  );
}

export function Chip({
  children,
  tone = 'light',
  className,
}: {
  children: ReactNode;
  tone?: 'light' | 'dark' | 'brand' | 'danger';
  className?: string;
}) {
  const tones = {
    light: 'bg-white/95 text-slate-800',
    dark: 'bg-slate-900/80 text-white',
    brand: 'bg-brand-600 text-white',
    danger: 'bg-rose-600 text-white',
  } as const;
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-1 text-xs font-semibold', tones[tone], className)}>
      {children}
    </span>
  );
}

/**
 * A gradient stand-in for events without photos, showing the title's first character. With a
 * `label` it stands for the photo it replaces (role img); without one it is decoration.
 */
export function ImagePlaceholder({ title, label, className }: { title: string; label?: string; className?: string }) {
  return (
    <div
      data-testid="image-placeholder"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-brand-500 via-brand-600 to-fuchsia-600 text-4xl font-bold text-white/90',
        className,
      )}
    >
      {initialOf(title) || 'T'}
    </div>
  );
}

/**
 * An event photo that gives way to the gradient placeholder when it cannot be shown (its file
 * gone, its host down): never a broken-image icon or its alt text. Give it `key={src}` so a new
 * photo gets a new chance.
 */
/**
 * For the photo that is a page's largest paint (a list's first card, an event's first photo): fetched
 * before the page's scripts, whose preloads go at low priority (docs/decisions.md, "Scripts after
 * content"). Written in lower case: React 18 does not know `fetchPriority` and passes this through.
 */
export const LARGEST_PHOTO: Record<string, string> = { loading: 'eager', fetchpriority: 'high' };

export function EventImage({
  title,
  alt,
  className,
  placeholderClassName,
  ...image
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'title'> & { title: string; alt: string; placeholderClassName?: string }) {
  const [failed, setFailed] = useState(false);
  const element = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // A photo that failed before the app hydrated fired its error event before React listened.
    const node = element.current;
    if (node?.complete && node.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return <ImagePlaceholder title={title} label={alt} className={placeholderClassName ?? className} />;
  return <img ref={element} alt={alt} className={className} onError={() => setFailed(true)} {...image} />;
}
