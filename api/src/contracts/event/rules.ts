import { ErrorCodes } from '../error-codes.js';
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

type EventRule = 'endBeforeStart' | 'genderPricesRequired' | 'openAgeAlone' | 'customAgeRangeRequired';

/** A broken rule: its stable code and the API's message. */
export interface EventRuleViolation {
  code: (typeof ErrorCodes.events)[EventRule];
  message: string;
}

const violation = (rule: EventRule): EventRuleViolation => ({ code: ErrorCodes.events[rule], message: Messages.events[rule] });

/** Every broken cross-field rule, in a fixed order (the web shows them all at once). */
export function eventRuleViolations(event: EventRuleInput): EventRuleViolation[] {
  const problems: EventRuleViolation[] = [];
  if (event.date && event.end_date && event.end_date.getTime() <= event.date.getTime()) problems.push(violation('endBeforeStart'));
  if (event.pricing_type === 'gender_based' && (event.male_price == null || event.female_price == null)) {
    problems.push(violation('genderPricesRequired'));
  }
  const groups = event.age_groups ?? [];
  if (groups.includes('open') && (groups.length > 1 || event.custom_age_range)) problems.push(violation('openAgeAlone'));
  if (groups.includes('custom') && !event.custom_age_range) problems.push(violation('customAgeRangeRequired'));
  return problems;
}

/** The first broken cross-field rule, or null. */
export function eventRuleViolation(event: EventRuleInput): EventRuleViolation | null {
  return eventRuleViolations(event)[0] ?? null;
}
