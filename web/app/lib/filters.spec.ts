import {
  activeFilterCount,
  clearFilters,
  DEFAULT_FILTERS,
  filtersFromSearchParams,
  filtersToApiQuery,
  filtersToSearchParams,
  isFiltering,
  moveHandle,
  normaliseAgeChoices,
  pageFromSearchParams,
  PRICE_SLIDER,
  AGE_SLIDER,
  selectCustomFromSlider,
  snapToStep,
  toggleAgeChoice,
  type EventFilters,
} from './filters';

describe('age choices', () => {
  it('toggles a fixed range on and off, keeping other fixed ranges', () => {
    expect(toggleAgeChoice([], '18-30')).toEqual(['18-30']);
    expect(toggleAgeChoice(['18-30'], '41-50')).toEqual(['18-30', '41-50']);
    expect(toggleAgeChoice(['18-30', '41-50'], '18-30')).toEqual(['41-50']);
  });

  it('clears open and custom when a fixed range is picked', () => {
    expect(toggleAgeChoice(['open'], '31-40')).toEqual(['31-40']);
    expect(toggleAgeChoice(['custom'], '50+')).toEqual(['50+']);
  });

  it('keeps open and custom exclusive of each other and of fixed ranges', () => {
    expect(toggleAgeChoice(['18-30', '31-40'], 'open')).toEqual(['open']);
    expect(toggleAgeChoice(['open'], 'custom')).toEqual(['custom']);
    expect(toggleAgeChoice(['custom'], 'open')).toEqual(['open']);
    expect(toggleAgeChoice(['open'], 'open')).toEqual([]);
    expect(toggleAgeChoice(['custom'], 'custom')).toEqual([]);
  });

  it('selects custom alone when the custom slider moves', () => {
    expect(selectCustomFromSlider()).toEqual(['custom']);
  });

  it('brings a hand-made list into a state the sheet could produce', () => {
    expect(normaliseAgeChoices(['open', '18-30', 'custom'])).toEqual(['18-30']);
    expect(normaliseAgeChoices(['open', 'custom'])).toEqual(['custom']);
    expect(normaliseAgeChoices(['open', 'nonsense'])).toEqual(['open']);
    expect(normaliseAgeChoices(['50+', '18-30'])).toEqual(['18-30', '50+']);
  });
});

describe('two-handle sliders', () => {
  it('snaps price values to steps of 100 within 0 to 100000', () => {
    expect(snapToStep(1249, PRICE_SLIDER)).toBe(1200);
    expect(snapToStep(1250, PRICE_SLIDER)).toBe(1300);
    expect(snapToStep(-40, PRICE_SLIDER)).toBe(0);
    expect(snapToStep(250_000, PRICE_SLIDER)).toBe(100_000);
    expect(snapToStep(Number.NaN, PRICE_SLIDER)).toBe(0);
  });

  it('keeps the age handles from crossing', () => {
    expect(moveHandle([25, 40], 'low', 55, AGE_SLIDER)).toEqual([40, 40]);
    expect(moveHandle([25, 40], 'high', 20, AGE_SLIDER)).toEqual([25, 25]);
    expect(moveHandle([25, 40], 'low', 10, AGE_SLIDER)).toEqual([18, 40]);
    expect(moveHandle([25, 40], 'high', 120, AGE_SLIDER)).toEqual([25, 100]);
  });
});

describe('clearing', () => {
  it('resets category, price, age and custom range but keeps the city', () => {
    const busy: EventFilters = {
      ageRanges: ['custom'],
      priceRange: [500, 4000],
      category: 'music',
      city: 'Pune',
      customAgeRange: [30, 45],
    };
    expect(clearFilters(busy)).toEqual({ ...DEFAULT_FILTERS, city: 'Pune' });
    expect(clearFilters(busy).customAgeRange).toEqual([18, 100]);
    expect(clearFilters(busy).priceRange).toEqual([0, 100_000]);
  });

  it('counts the filters that differ from the defaults', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, category: 'food', ageRanges: ['open'] })).toBe(2);
    expect(isFiltering({ ...DEFAULT_FILTERS, city: 'Delhi' })).toBe(true);
    expect(isFiltering(DEFAULT_FILTERS)).toBe(false);
  });
});

describe('the page URL', () => {
  it('round-trips a full filter state and keeps unrelated parameters', () => {
    const filters: EventFilters = {
      ageRanges: ['custom'],
      priceRange: [500, 20_000],
      category: 'music',
      city: 'Mumbai',
      customAgeRange: [25, 40],
    };
    const params = filtersToSearchParams(filters, new URLSearchParams('tab=plan-together&page=3&apply=1&sheet=filters&customAgeMin=20'));
    expect(params.get('tab')).toBe('plan-together');
    for (const transient of ['page', 'apply', 'sheet', 'customAgeMin']) expect(params.has(transient)).toBe(false);
    expect(params.get('customAge')).toBe('25,40');
    expect(filtersFromSearchParams(params)).toEqual(filters);
  });

  it('leaves defaults out so a plain page stays plain', () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
  });

  it('reads what a form sent without JavaScript: repeated age boxes and the two slider inputs', () => {
    const params = new URLSearchParams('age=18-30&age=31-40&minPrice=900&maxPrice=300&customAgeMin=60&customAgeMax=30&category=all');
    const filters = filtersFromSearchParams(params);
    expect(filters.ageRanges).toEqual(['18-30', '31-40']);
    expect(filters.priceRange).toEqual([300, 900]);
    expect(filters.customAgeRange).toEqual([30, 60]);
    expect(filters.category).toBeNull();
  });

  it('takes the remembered city when the URL names none, and an empty city as every city', () => {
    expect(filtersFromSearchParams(new URLSearchParams(), 'Goa').city).toBe('Goa');
    expect(filtersFromSearchParams(new URLSearchParams('city='), 'Goa').city).toBeNull();
    expect(filtersFromSearchParams(new URLSearchParams('city=Jaipur'), 'Goa').city).toBe('Jaipur');
  });

  it('ignores junk numbers', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('minPrice=abc&maxPrice=&customAge=1,2,3'));
    expect(filters.priceRange).toEqual([0, 100_000]);
    expect(filters.customAgeRange).toEqual([18, 100]);
  });

  it('reads the page number, falling back to 1', () => {
    expect(pageFromSearchParams(new URLSearchParams('page=4'))).toBe(4);
    expect(pageFromSearchParams(new URLSearchParams('page=0'))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams('page=2.5'))).toBe(1);
    expect(pageFromSearchParams(new URLSearchParams())).toBe(1);
  });
});

describe('the API query', () => {
  it('sends the age range as a comma string and the custom range only with custom', () => {
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, ageRanges: ['18-30', '50+'] })).toEqual({ ageRange: '18-30,50+' });
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, ageRanges: ['custom'], customAgeRange: [25, 40] })).toEqual({
      ageRange: 'custom',
      customAgeRange: '25,40',
    });
  });

  it('sends no upper price at the top of the slider, and the other filters by name', () => {
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, priceRange: [1000, 100_000], category: 'tech', city: 'Pune' })).toEqual({
      minPrice: '1000',
      category: 'tech',
      city: 'Pune',
    });
    expect(filtersToApiQuery({ ...DEFAULT_FILTERS, priceRange: [0, 5000] })).toEqual({ maxPrice: '5000' });
    expect(filtersToApiQuery(DEFAULT_FILTERS)).toEqual({});
  });
});

describe('a hand-edited category', () => {
  it('is read case-insensitively, and one the product does not have means no category filter', () => {
    expect(filtersFromSearchParams(new URLSearchParams('category=Music'), null).category).toBe('music');
    expect(filtersFromSearchParams(new URLSearchParams('category=nope'), null).category).toBeNull();
    expect(filtersFromSearchParams(new URLSearchParams('category=all'), null).category).toBeNull();
    expect(filtersFromSearchParams(new URLSearchParams('category=toString'), null).category).toBeNull();
  });
});
