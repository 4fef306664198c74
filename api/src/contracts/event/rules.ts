import { Messages } from '../messages.js';
import type { PricingType } from './catalogue.js';

/** The rules between fields, checked on the merged state (create, and update over the stored event). */
export interface EventRuleInput {
  /** Absent when the date itself is invalid: the rules that need it are then skipped. */
  date?: Date | null;
  end_date?: Date | null;
  pricing_type?: PricingType;
  male_price?: number | null;
  female_price?: number | null;
  age_groups?: string[];
  custom_age_range?: readonly [number, number] | null;
}

/** Every broken cross-field rule, as API messages, in a fixed order (the web shows them all at once). */
export function eventRuleViolations(event: EventRuleInput): string[] {
  const problems: string[] = [];
  if (event.date && event.end_date && event.end_date.getTime() <= event.date.getTime()) problems.push(Messages.events.endBeforeStart);
  if (event.pricing_type === 'gender_based' && (event.male_price == null || event.female_price == null)) {
    problems.push(Messages.events.genderPricesRequired);
  }
  const groups = event.age_groups ?? [];
  if (groups.includes('open') && (groups.length > 1 || event.custom_age_range)) problems.push(Messages.events.openAgeAlone);
  if (groups.includes('custom') && !event.custom_age_range) problems.push(Messages.events.customAgeRangeRequired);
  return problems;
}

/** The first broken cross-field rule, as an API message, or null. */
export function eventRuleViolation(event: EventRuleInput): string | null {
  return eventRuleViolations(event)[0] ?? null;
}
