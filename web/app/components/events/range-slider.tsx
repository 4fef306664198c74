import { cn } from '~/lib/cn';
import { moveHandle, type Range, type SliderBounds } from '~/lib/filters';

/**
 * A two-handle slider built from two native range inputs laid over one track, so it is keyboard
 * and screen-reader friendly and posts its two values in a plain form. The handles cannot cross:
 * a handle pushed past the other stops at it.
 */
export function RangeSlider({
  bounds,
  value,
  onChange,
  names,
  labels,
  format,
  disabled,
  className,
}: {
  bounds: SliderBounds;
  value: Range;
  onChange: (next: [number, number]) => void;
  names: readonly [string, string];
  labels: readonly [string, string];
  format: (value: number) => string;
  disabled?: boolean;
  className?: string;
}) {
  const span = bounds.max - bounds.min || 1;
  const left = ((value[0] - bounds.min) / span) * 100;
  const right = ((value[1] - bounds.min) / span) * 100;
  // When both handles sit at the top, the low one must be on top or it could never move again.
  const lowOnTop = value[0] >= bounds.max - bounds.step;

  const thumb =
    'pointer-events-none absolute inset-x-0 top-0 h-6 w-full appearance-none bg-transparent focus:outline-none ' +
    '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none ' +
    '[&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-600 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow ' +
    '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full ' +
    '[&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-600 [&::-moz-range-thumb]:bg-white ' +
    'focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-brand-400';

  return (
    <div className={cn('space-y-2', disabled && 'opacity-50', className)}>
      <div className="flex items-center justify-between text-sm font-medium text-slate-700" aria-hidden="true">
        <span data-testid={`${names[0]}-label`}>{format(value[0])}</span>
        <span data-testid={`${names[1]}-label`}>{format(value[1])}</span>
      </div>
      <div className="relative h-6">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-slate-200" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-500"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          name={names[0]}
          aria-label={labels[0]}
          aria-valuetext={format(value[0])}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value[0]}
          disabled={disabled}
          onChange={(event) => onChange(moveHandle(value, 'low', Number(event.target.value), bounds))}
          className={cn(thumb, lowOnTop ? 'z-20' : 'z-10')}
        />
        <input
          type="range"
          name={names[1]}
          aria-label={labels[1]}
          aria-valuetext={format(value[1])}
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={value[1]}
          disabled={disabled}
          onChange={(event) => onChange(moveHandle(value, 'high', Number(event.target.value), bounds))}
          className={cn(thumb, 'z-10')}
        />
      </div>
    </div>
  );
}
