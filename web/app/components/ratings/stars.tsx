import { useId } from 'react';
import { useHydrated } from '~/components/events/event-bits';
import { cn } from '~/lib/cn';
import { STAR_VALUES, starCountLabel, starFills, starsAlt, starWord, type StarFill, type Stars } from '~/lib/ratings';

const STAR_PATH = 'M12 2.8l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 16.8l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 2.8Z';

/**
 * One star, outlined so an empty one stays visible on white. Its fill and outline come from the
 * caller: `fill` full, half (the left half) or empty; in the picker the stylesheet decides
 * (`.star-picker` in tailwind.css), so the stars follow the chosen radio without JavaScript too.
 */
export function StarGlyph({ size = 16, fill, className }: { size?: number; fill?: StarFill; className?: string }) {
  const clip = useId();
  const tone =
    fill === undefined
      ? undefined
      : fill === 'empty'
        ? { fill: 'transparent', stroke: '#94a3b8' }
        : { fill: fill === 'half' ? `url(#${clip})` : '#fbbf24', stroke: '#d97706' };
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={cn('shrink-0', className)}>
      {fill === 'half' ? (
        <defs>
          <linearGradient id={clip}>
            <stop offset="50%" stopColor="#fbbf24" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      ) : null}
      <path d={STAR_PATH} strokeWidth={1.6} strokeLinejoin="round" {...tone} />
    </svg>
  );
}

/** A rating shown as five stars (to the nearest half), read as "4.5 out of 5 stars". */
export function StarRow({ value, size = 16, className, label }: { value: number; size?: number; className?: string; label?: string }) {
  return (
    <span role="img" aria-label={label ?? starsAlt(value)} className={cn('inline-flex items-center gap-0.5', className)}>
      {starFills(value).map((fill, index) => (
        <StarGlyph key={index} size={size} fill={fill} />
      ))}
    </span>
  );
}

/** A rating's two stars, host and event, as a short list. */
export function RatingPair({ hostRating, eventRating, className }: { hostRating: number; eventRating: number; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm text-slate-700', className)}>
      <dt>Host</dt>
      <dd>
        <StarRow value={hostRating} label={starCountLabel(hostRating)} />
      </dd>
      <dt>Event</dt>
      <dd>
        <StarRow value={eventRating} label={starCountLabel(eventRating)} />
      </dd>
    </dl>
  );
}

/**
 * Five radios drawn as stars ("Rate the host, 1 to 5 stars"): arrow keys move between them as in
 * any radio group, the focused star shows a ring, and the word for the choice ("Very good") shows
 * beside them (once the page runs: without JavaScript it could not follow a new choice). The radios
 * are the form's fields, so it works as a plain form post.
 */
export function StarPicker({
  name,
  legend,
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  name: string;
  legend: string;
  value: Stars | null;
  onChange: (stars: Stars) => void;
  error?: string | null;
  /** The sheet starts here (on the chosen star, else the first). */
  autoFocus?: boolean;
}) {
  const errorId = useId();
  const hydrated = useHydrated();
  return (
    <fieldset
      role="radiogroup"
      // The legend shows the words; the name adds the scale (one string: a hidden span would read "host , 1").
      aria-label={`${legend}, 1 to 5 stars`}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-testid={`stars-${name}`}
    >
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="star-picker mt-1 flex flex-wrap items-center">
        {STAR_VALUES.map((stars) => (
          <label key={stars} className="flex size-10 cursor-pointer items-center justify-center rounded-full">
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              required
              className="sr-only"
              {...(autoFocus && (value === stars || (value === null && stars === 1)) ? { 'data-autofocus': true } : {})}
            />
            <StarGlyph size={30} />
            <span className="sr-only">{starCountLabel(stars)}</span>
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 min-w-[5.5rem] text-sm font-medium text-slate-700" data-testid={`stars-${name}-word`}>
          {hydrated ? starWord(value) : null}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-rose-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
