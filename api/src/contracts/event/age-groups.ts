/** Age group values (SPEC §9). "open" and "custom" stand alone; the rest are fixed ranges. */
export const AGE_GROUPS = ['18-30', '31-40', '41-50', '50+', 'open', 'custom'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const FIXED_AGE_GROUPS = ['18-30', '31-40', '41-50', '50+'] as const;
export type FixedAgeGroup = (typeof FIXED_AGE_GROUPS)[number];

/** The ages each fixed group covers, used to overlap-match custom ranges. "50+" runs to the slider's top. */
export const FIXED_AGE_SPANS: Record<FixedAgeGroup, readonly [number, number]> = {
  '18-30': [18, 30],
  '31-40': [31, 40],
  '41-50': [41, 50],
  '50+': [50, 100],
};
export const CUSTOM_AGE_MIN = 18;
export const CUSTOM_AGE_MAX = 100;

/** "50+" loses its plus sign in a query string ("50 "); it is still 50+. */
export function normalizeAgeGroup(value: string): string {
  const text = value.trim().toLowerCase();
  if (text === '50' || text === '50+' || text === '50 +') return '50+';
  if (text === 'custom range') return 'custom';
  return text;
}

/** A custom range implies the "custom" group (unless "open" is chosen, which the rules refuse). */
export function normalizeAgeSelection(
  groups: readonly string[],
  customRange: readonly [number, number] | null | undefined,
): { age_groups: string[]; custom_age_range: [number, number] | null } {
  const range = customRange ? ([customRange[0], customRange[1]] as [number, number]) : null;
  const list = range && !groups.includes('custom') && !groups.includes('open') ? [...groups, 'custom'] : [...groups];
  const order = AGE_GROUPS as readonly string[];
  list.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { age_groups: list, custom_age_range: range };
}
