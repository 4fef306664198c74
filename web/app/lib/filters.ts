/**
 * The event filter of the home and public screens (SPEC §3 "Filters and pagination", §4 "Other",
 * §5 sliders, §9 limits): its state, the age-choice exclusivity rules, the slider rules, and how the
 * state travels in the page URL (so Apply works without JavaScript) and to the API.
 * Plain module: no React, no server imports.
 */

import { EVENT_CATEGORIES } from '../../../api/src/contracts/event/catalogue.js';

export const FIXED_AGE_RANGES = ['18-30', '31-40', '41-50', '50+'] as const;
export type FixedAgeRange = (typeof FIXED_AGE_RANGES)[number];
export type AgeChoice = FixedAgeRange | 'custom' | 'open';

/** The choices of the filter sheet, in display order. */
export const AGE_CHOICES: readonly { value: AgeChoice; label: string }[] = [
  { value: '18-30', label: '18-30' },
  { value: '31-40', label: '31-40' },
  { value: '41-50', label: '41-50' },
  { value: '50+', label: '50+' },
  { value: 'custom', label: 'Custom Range' },
  { value: 'open', label: 'Open' },
];

export const AGE_SLIDER = { min: 18, max: 100, step: 1 } as const;
export const PRICE_SLIDER = { min: 0, max: 100_000, step: 100 } as const;

export type Range = readonly [number, number];

export interface EventFilters {
  ageRanges: AgeChoice[];
  priceRange: Range;
  /** null means "All". */
  category: string | null;
  /** null means every city. */
  city: string | null;
  customAgeRange: Range;
}

export const DEFAULT_FILTERS: EventFilters = {
  ageRanges: [],
  priceRange: [PRICE_SLIDER.min, PRICE_SLIDER.max],
  category: null,
  city: null,
  customAgeRange: [AGE_SLIDER.min, AGE_SLIDER.max],
};

const isAgeChoice = (value: string): value is AgeChoice => AGE_CHOICES.some((choice) => choice.value === value);
const isFixed = (value: AgeChoice): value is FixedAgeRange => (FIXED_AGE_RANGES as readonly string[]).includes(value);

/**
 * Tapping an age choice. "open" and "custom" each stand alone: picking one clears every other
 * choice, picking it again clears it. Picking a fixed range clears open and custom and toggles
 * that range.
 */
export function toggleAgeChoice(current: readonly AgeChoice[], choice: AgeChoice): AgeChoice[] {
  if (choice === 'open' || choice === 'custom') {
    return current.includes(choice) ? [] : [choice];
  }
  const fixed = current.filter(isFixed);
  const next = fixed.includes(choice) ? fixed.filter((value) => value !== choice) : [...fixed, choice];
  return FIXED_AGE_RANGES.filter((value) => next.includes(value));
}

/** Moving the custom slider selects "custom" (alone). */
export function selectCustomFromSlider(): AgeChoice[] {
  return ['custom'];
}

/**
 * A list of choices that did not come through the sheet (a URL typed by hand, a form sent without
 * JavaScript) brought into a state the sheet could have produced: fixed ranges win, then custom,
 * then open.
 */
export function normaliseAgeChoices(values: readonly string[]): AgeChoice[] {
  const known = values.filter(isAgeChoice);
  const fixed = FIXED_AGE_RANGES.filter((value) => known.includes(value));
  if (fixed.length > 0) return fixed;
  if (known.includes('custom')) return ['custom'];
  if (known.includes('open')) return ['open'];
  return [];
}

export interface SliderBounds {
  min: number;
  max: number;
  step: number;
}

/** A value on the slider's scale: a number, snapped to the step, within the bounds. */
export function snapToStep(value: number, bounds: SliderBounds): number {
  if (!Number.isFinite(value)) return bounds.min;
  const snapped = bounds.min + Math.round((value - bounds.min) / bounds.step) * bounds.step;
  return Math.min(bounds.max, Math.max(bounds.min, snapped));
}

/**
 * Moving one handle of a two-handle slider. The handles cannot cross: the moved handle stops at
 * the other one.
 */
export function moveHandle(range: Range, handle: 'low' | 'high', value: number, bounds: SliderBounds): [number, number] {
  const snapped = snapToStep(value, bounds);
  if (handle === 'low') return [Math.min(snapped, range[1]), range[1]];
  return [range[0], Math.max(snapped, range[0])];
}

/** Any pair brought onto the slider: snapped, within bounds, low first. */
export function normaliseRange(low: number, high: number, bounds: SliderBounds): [number, number] {
  const a = snapToStep(low, bounds);
  const b = snapToStep(high, bounds);
  return a <= b ? [a, b] : [b, a];
}

/** Clear: category All, price the full range, no age choice, custom range 18 to 100. The city stays. */
export function clearFilters(current: EventFilters): EventFilters {
  return { ...DEFAULT_FILTERS, city: current.city };
}

const sameRange = (a: Range, b: Range) => a[0] === b[0] && a[1] === b[1];

/** How many filters differ from the defaults (the badge on the filter button). The city is shown apart. */
export function activeFilterCount(filters: EventFilters): number {
  let count = 0;
  if (filters.ageRanges.length > 0) count += 1;
  if (!sameRange(filters.priceRange, DEFAULT_FILTERS.priceRange)) count += 1;
  if (filters.category) count += 1;
  return count;
}

/** True when anything narrows the list (the city included): errors then say "filter" rather than "load". */
export function isFiltering(filters: EventFilters): boolean {
  return activeFilterCount(filters) > 0 || Boolean(filters.city);
}

/* ------------------------------------------------------------------ URL ---- */

/**
 * URL parameter names of the page (not the API's): age=18-30,31-40 · minPrice · maxPrice ·
 * category · city · customAge=25,40. Defaults are left out so a plain /home stays plain.
 */
export const FILTER_PARAMS = ['age', 'minPrice', 'maxPrice', 'category', 'city', 'customAge'] as const;

function readNumber(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function readPair(value: string | null): [number, number] | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => readNumber(part));
  if (parts.length !== 2 || parts[0] === null || parts[1] === null) return null;
  return [parts[0], parts[1]];
}

/**
 * The filter state in a page URL. Age choices may come as one comma list or as repeated
 * parameters (a form sent without JavaScript repeats checkbox names); a custom range given as
 * customAgeMin/customAgeMax (the two slider inputs of the form) is read too.
 */
export function filtersFromSearchParams(params: URLSearchParams, fallbackCity: string | null = null): EventFilters {
  const ageValues = params
    .getAll('age')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  const ageRanges = normaliseAgeChoices(ageValues);

  const minPrice = readNumber(params.get('minPrice')) ?? PRICE_SLIDER.min;
  const maxPrice = readNumber(params.get('maxPrice')) ?? PRICE_SLIDER.max;
  const priceRange = normaliseRange(minPrice, maxPrice, PRICE_SLIDER);

  const customPair =
    readPair(params.get('customAge')) ??
    (params.has('customAgeMin') || params.has('customAgeMax')
      ? [readNumber(params.get('customAgeMin')) ?? AGE_SLIDER.min, readNumber(params.get('customAgeMax')) ?? AGE_SLIDER.max]
      : null);
  const customAgeRange = customPair ? normaliseRange(customPair[0], customPair[1], AGE_SLIDER) : DEFAULT_FILTERS.customAgeRange;

  // A category the product does not have (a hand-edited link) means no category filter, not an error page.
  const requested = params.get('category')?.trim().toLowerCase() ?? '';
  const category = Object.hasOwn(EVENT_CATEGORIES, requested) ? requested : null;
  const cityParam = params.get('city');
  const city = cityParam === null ? fallbackCity : cityParam.trim() || null;

  return { ageRanges, priceRange, category, city, customAgeRange };
}

/** Writes the filter state onto a copy of `base` (other parameters such as tab are kept; page is dropped). */
export function filtersToSearchParams(filters: EventFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of [...FILTER_PARAMS, 'page', 'customAgeMin', 'customAgeMax', 'sheet', 'intent', 'apply']) params.delete(name);
  if (filters.ageRanges.length > 0) params.set('age', filters.ageRanges.join(','));
  if (filters.priceRange[0] !== PRICE_SLIDER.min) params.set('minPrice', String(filters.priceRange[0]));
  if (filters.priceRange[1] !== PRICE_SLIDER.max) params.set('maxPrice', String(filters.priceRange[1]));
  if (filters.category) params.set('category', filters.category);
  if (filters.city) params.set('city', filters.city);
  if (filters.ageRanges.includes('custom') && !sameRange(filters.customAgeRange, DEFAULT_FILTERS.customAgeRange)) {
    params.set('customAge', filters.customAgeRange.join(','));
  }
  return params;
}

/** The query of GET /events/filter and /events/public/filter for this state (page and limit apart). */
export function filtersToApiQuery(filters: EventFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.ageRanges.length > 0) query.ageRange = filters.ageRanges.join(',');
  if (filters.ageRanges.includes('custom')) query.customAgeRange = filters.customAgeRange.join(',');
  if (filters.priceRange[0] !== PRICE_SLIDER.min) query.minPrice = String(filters.priceRange[0]);
  // The top of the slider means "and above": no upper bound is sent.
  if (filters.priceRange[1] !== PRICE_SLIDER.max) query.maxPrice = String(filters.priceRange[1]);
  if (filters.category) query.category = filters.category;
  if (filters.city) query.city = filters.city;
  return query;
}

/** The page number in a URL: a whole number from 1, anything else is 1. */
export function pageFromSearchParams(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
