import {
  CUSTOM_AGE_MAX,
  CUSTOM_AGE_MIN,
  FIXED_AGE_GROUPS,
  FIXED_AGE_SPANS,
  type AgeGroup,
  type FixedAgeGroup,
} from '../../contracts/event.contract.js';

/**
 * What an age filter matches (SPEC §5), in the terms the event row stores:
 * - includeOpen: events marked "open", and events with no age groups at all;
 * - groups: events carrying any of these fixed groups;
 * - spans: events whose custom range overlaps any of these [min, max] spans.
 * An "open" event matches only a filter that includes open.
 */
export interface AgePlan {
  includeOpen: boolean;
  groups: FixedAgeGroup[];
  spans: Array<readonly [number, number]>;
}

const overlaps = (a: readonly [number, number], b: readonly [number, number]) => a[0] <= b[1] && b[0] <= a[1];
const isFixed = (group: string): group is FixedAgeGroup => (FIXED_AGE_GROUPS as readonly string[]).includes(group);

/**
 * The plan for a filter's chosen groups and custom range, or null when nothing about age was
 * asked. A fixed group matches events with that group and events whose custom range overlaps it;
 * a custom range matches events whose custom range overlaps it and events with a fixed group it
 * overlaps. "custom" without a range means the whole slider (18 to 100).
 */
export function planAgeFilter(groups: readonly AgeGroup[] = [], customRange?: readonly [number, number]): AgePlan | null {
  if (groups.length === 0 && !customRange) return null;
  const fixed = groups.filter(isFixed);
  const custom = customRange ?? (groups.includes('custom') ? ([CUSTOM_AGE_MIN, CUSTOM_AGE_MAX] as const) : undefined);
  const spans: Array<readonly [number, number]> = fixed.map((group) => FIXED_AGE_SPANS[group]);
  const matchedGroups = new Set<FixedAgeGroup>(fixed);
  if (custom) {
    spans.push(custom);
    for (const group of FIXED_AGE_GROUPS) if (overlaps(FIXED_AGE_SPANS[group], custom)) matchedGroups.add(group);
  }
  return {
    includeOpen: groups.includes('open'),
    groups: FIXED_AGE_GROUPS.filter((group) => matchedGroups.has(group)),
    spans,
  };
}

/** The event side of the match, as stored: its groups and its custom range. */
export interface EventAges {
  age_groups: readonly string[];
  custom_age_range: readonly [number, number] | null;
}

/** Whether an event passes the plan; the SQL in event-query.ts says the same thing. */
export function matchesAgePlan(event: EventAges, plan: AgePlan | null): boolean {
  if (!plan) return true;
  const groups = event.age_groups;
  if (plan.includeOpen && (groups.length === 0 || groups.includes('open'))) return true;
  if (groups.some((group) => (plan.groups as string[]).includes(group))) return true;
  const range = event.custom_age_range;
  return range !== null && plan.spans.some((span) => overlaps(span, range));
}
