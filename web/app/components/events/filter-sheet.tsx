import { Form, Link, useLocation, useNavigate } from '@remix-run/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { MaskIcon } from '~/components/ui/mask-icon';
import { Sheet } from '~/components/ui/sheet';
import { cn } from '~/lib/cn';
import {
  activeFilterCount,
  AGE_CHOICES,
  AGE_SLIDER,
  clearFilters,
  filtersToSearchParams,
  PRICE_SLIDER,
  selectCustomFromSlider,
  toggleAgeChoice,
  type EventFilters,
} from '~/lib/filters';
import { CATEGORY_LABELS, formatPriceLabel } from '~/lib/format-event';
import { RangeSlider } from './range-slider';

const SHEET_PARAM = 'sheet';

/** The URL of this page with the filter sheet open (what the button links to without JavaScript). */
function sheetHref(search: string) {
  const params = new URLSearchParams(search);
  params.set(SHEET_PARAM, 'filters');
  return `?${params.toString()}`;
}

/**
 * The filter button and its bottom sheet (SPEC §2 home, §4 filters, §5 sliders). Apply writes the
 * filters into the page URL, so the list is rendered by the server; without JavaScript the button
 * opens the sheet through the URL and the sheet is a plain GET form.
 */
export function FilterControls({ filters }: { filters: EventFilters }) {
  const location = useLocation();
  const navigate = useNavigate();
  const openFromUrl = new URLSearchParams(location.search).get(SHEET_PARAM) === 'filters';
  const [open, setOpen] = useState(openFromUrl);
  useEffect(() => setOpen(openFromUrl), [openFromUrl]);
  const count = activeFilterCount(filters);

  const close = () => {
    setOpen(false);
    if (openFromUrl) {
      const params = new URLSearchParams(location.search);
      params.delete(SHEET_PARAM);
      navigate(`?${params.toString()}`, { replace: true, preventScrollReset: true });
    }
  };

  const onButton = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(true);
  };

  return (
    <>
      <Link
        to={sheetHref(location.search)}
        onClick={onButton}
        preventScrollReset
        aria-label={count > 0 ? `Filters (${count} active)` : 'Filters'}
        data-testid="filter-button"
        // The sheet opens on this page, whose route the browser already has.
        discover="none"
        className={count > 0 ? 'filter-button filter-button-on' : 'filter-button'}
      >
        <MaskIcon name="filter" className="size-[18px]" />
        Filters
        {count > 0 ? (
          <span className="ml-0.5 inline-flex size-5 items-center justify-center rounded-full bg-brand-600 text-[11px] text-white">
            {count}
          </span>
        ) : null}
      </Link>
      <Sheet open={open} onClose={close} title="Filters" className="max-h-[92dvh] overflow-y-auto sm:max-w-lg">
        <FilterForm key={location.search} filters={filters} onApplied={() => setOpen(false)} />
      </Sheet>
    </>
  );
}

function FilterForm({ filters, onApplied }: { filters: EventFilters; onApplied: () => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<EventFilters>(filters);
  const params = new URLSearchParams(location.search);
  const tab = params.get('tab');
  const customActive = state.ageRanges.includes('custom');

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    onApplied();
    navigate(`${location.pathname}?${filtersToSearchParams(state, params).toString()}`);
  };

  const clear = (event: MouseEvent) => {
    event.preventDefault();
    setState(clearFilters(state));
  };

  return (
    <Form method="get" action={location.pathname} onSubmit={apply} className="space-y-6 text-left" data-testid="filter-form">
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      {state.city ? <input type="hidden" name="city" value={state.city} /> : null}

      <fieldset>
        <legend className="mb-2.5 text-sm font-semibold text-slate-900">Age group</legend>
        <div className="flex flex-wrap gap-2">
          {AGE_CHOICES.map((choice) => {
            const checked = state.ageRanges.includes(choice.value);
            return (
              <label
                key={choice.value}
                className={cn(
                  'cursor-pointer rounded-full border px-3.5 py-2 text-sm font-medium transition-colors select-none',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <input
                  type="checkbox"
                  name="age"
                  value={choice.value}
                  checked={checked}
                  onChange={() => setState((current) => ({ ...current, ageRanges: toggleAgeChoice(current.ageRanges, choice.value) }))}
                  className="sr-only"
                />
                {choice.label}
              </label>
            );
          })}
        </div>
        <div className={cn('mt-4 rounded-xl border p-3.5', customActive ? 'border-brand-200 bg-brand-50/50' : 'border-slate-200')}>
          <p className="mb-2 text-xs font-medium text-slate-500">Custom age range</p>
          <RangeSlider
            bounds={AGE_SLIDER}
            value={state.customAgeRange}
            onChange={(next) => setState((current) => ({ ...current, customAgeRange: next, ageRanges: selectCustomFromSlider() }))}
            names={['customAgeMin', 'customAgeMax']}
            labels={['Minimum age', 'Maximum age']}
            format={(value) => String(value)}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2.5 text-sm font-semibold text-slate-900">Price</legend>
        <RangeSlider
          bounds={PRICE_SLIDER}
          value={state.priceRange}
          onChange={(next) => setState((current) => ({ ...current, priceRange: next }))}
          names={['minPrice', 'maxPrice']}
          labels={['Minimum price', 'Maximum price']}
          format={formatPriceLabel}
        />
      </fieldset>

      <fieldset>
        <legend className="mb-2.5 text-sm font-semibold text-slate-900">Category</legend>
        <div className="flex flex-wrap gap-2">
          {[['', 'All'] as const, ...Object.entries(CATEGORY_LABELS)].map(([key, label]) => {
            const checked = (state.category ?? '') === key;
            return (
              <label
                key={key || 'all'}
                className={cn(
                  'cursor-pointer rounded-full border px-3.5 py-2 text-sm font-medium transition-colors select-none',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                  checked ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name="category"
                  value={key}
                  checked={checked}
                  onChange={() => setState((current) => ({ ...current, category: key || null }))}
                  className="sr-only"
                />
                {label}
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="sticky bottom-0 -mx-5 flex gap-3 border-t border-slate-100 bg-white px-5 pt-4 sm:-mx-6 sm:px-6">
        <Button type="submit" name="intent" value="clear" variant="outline" size="lg" className="flex-1" onClick={clear}>
          Clear
        </Button>
        <Button type="submit" name="apply" value="1" size="lg" className="flex-1">
          Apply
        </Button>
      </div>
      <noscript>
        <Link to={location.pathname + (tab ? `?tab=${encodeURIComponent(tab)}` : '')} className={buttonClasses('ghost', 'sm', true)}>
          Close
        </Link>
      </noscript>
    </Form>
  );
}
