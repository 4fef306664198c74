import { matchesAgePlan, planAgeFilter, type EventAges } from './age-filter.js';

const event = (age_groups: string[], custom_age_range: [number, number] | null = null): EventAges => ({
  age_groups,
  custom_age_range,
});

describe('planAgeFilter', () => {
  it('asks nothing about age when no group and no range is chosen', () => {
    expect(planAgeFilter([], undefined)).toBeNull();
    expect(planAgeFilter(undefined, undefined)).toBeNull();
  });

  it('turns fixed groups into group matches and their spans', () => {
    expect(planAgeFilter(['18-30', '50+'])).toEqual({
      includeOpen: false,
      groups: ['18-30', '50+'],
      spans: [
        [18, 30],
        [50, 100],
      ],
    });
  });

  it('matches the fixed groups a custom range overlaps', () => {
    expect(planAgeFilter(['custom'], [28, 35])).toEqual({ includeOpen: false, groups: ['18-30', '31-40'], spans: [[28, 35]] });
  });

  it('reads "custom" without a range as the whole slider', () => {
    expect(planAgeFilter(['custom'])?.spans).toEqual([[18, 100]]);
  });
});

describe('matchesAgePlan (SPEC §5)', () => {
  const open = planAgeFilter(['open']);
  const young = planAgeFilter(['18-30']);

  it('lets an open event match only an open filter', () => {
    expect(matchesAgePlan(event(['open']), open)).toBe(true);
    expect(matchesAgePlan(event(['open']), young)).toBe(false);
    expect(matchesAgePlan(event(['open']), planAgeFilter(['custom'], [18, 100]))).toBe(false);
  });

  it('lets an event without groups match open filters', () => {
    expect(matchesAgePlan(event([]), open)).toBe(true);
    expect(matchesAgePlan(event([]), young)).toBe(false);
  });

  it('matches fixed groups exactly', () => {
    expect(matchesAgePlan(event(['18-30', '31-40']), young)).toBe(true);
    expect(matchesAgePlan(event(['31-40']), young)).toBe(false);
    expect(matchesAgePlan(event(['50+']), planAgeFilter(['50+']))).toBe(true);
  });

  it('overlap-matches custom ranges', () => {
    expect(matchesAgePlan(event(['custom'], [25, 35]), planAgeFilter(['custom'], [30, 40]))).toBe(true);
    expect(matchesAgePlan(event(['custom'], [25, 35]), planAgeFilter(['custom'], [36, 40]))).toBe(false);
    expect(matchesAgePlan(event(['custom'], [25, 35]), young)).toBe(true);
    expect(matchesAgePlan(event(['custom'], [55, 70]), planAgeFilter(['50+']))).toBe(true);
    expect(matchesAgePlan(event(['41-50']), planAgeFilter(['custom'], [45, 48]))).toBe(true);
  });

  it('matches everything when no age filter is set', () => {
    expect(matchesAgePlan(event(['open']), null)).toBe(true);
  });
});
