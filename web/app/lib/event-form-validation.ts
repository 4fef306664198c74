/**
 * Validation of the create/edit event form (SPEC §3, §5): the API body the form becomes is checked
 * with the shared zod schemas field by field, and the rules between fields (eventRuleViolation in
 * the contract) are checked here as well, so one submit reports every problem, each beside the
 * field a host fixes. What the API still refuses is placed on a field the same way.
 * Plain module (no React, no server imports).
 */
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import type { PricingType } from '../../../api/src/contracts/event/catalogue.js';
import { parseEventDate } from '../../../api/src/contracts/event/dates.js';
import { createEventSchema, updateEventSchema } from '../../../api/src/contracts/event/event-input.schema.js';
import { eventRuleViolations } from '../../../api/src/contracts/event/rules.js';
import { issueCode, readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import { capitalise } from './text';

export interface EventFormErrors {
  fields: Partial<Record<string, string>>;
  form: string | null;
}

export interface EventValidationOptions {
  /** The stored start of the event being edited: an edit that keeps it need not be in the future. */
  storedDate?: string | null;
  /** The current time in milliseconds (tests fix it). */
  now?: number;
}

/** What a host reads when a rule between fields is broken (the API's words name its fields). */
export const EVENT_RULE_MESSAGES = {
  futureStart: 'The start must be in the future',
  endAfterStart: 'The end must be after the start',
  bothPrices: 'Enter both prices for gender-based pricing',
  openAgeAlone: '"Open" cannot be combined with other age groups',
  customAgeRange: 'Choose the custom age range',
} as const;

/** What a host reads when a required field is empty (the shared schema only says "is required"). */
const REQUIRED_MESSAGES: Record<string, string> = {
  title: 'Please enter a title',
  date: 'Pick a date and time, or choose "Date to be decided"',
  category: 'Choose a category',
};

/** API fields shown under another form field. */
const FIELD_ALIASES: Record<string, string> = { custom_age_range: 'custom_age_min' };

const PRICE_FIELDS = ['male_price', 'female_price'] as const;

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

const dateOf = (value: unknown) => (typeof value === 'string' ? parseEventDate(value) : null);

const priceOf = (value: unknown) => (isBlank(value) ? null : Number(value));

/**
 * The rules between fields, every one of them checked whatever else is wrong (zod only runs the
 * contract's rules once each field is valid, which made errors come in rounds). The rules are the
 * contract's own; only the future start is checked here, as the create schema does. Keyed by form field.
 */
function eventRuleErrors(body: Record<string, unknown>, mode: 'create' | 'edit', options: EventValidationOptions): Record<string, string> {
  const errors: Record<string, string> = {};
  const start = dateOf(body.date);
  const stored = dateOf(options.storedDate);
  const startChanged = mode === 'create' || (stored !== null && start?.getTime() !== stored.getTime());
  if (start && startChanged && start.getTime() <= (options.now ?? Date.now())) errors.date = EVENT_RULE_MESSAGES.futureStart;
  const violations = eventRuleViolations({
    date: start,
    end_date: dateOf(body.end_date),
    pricing_type: body.pricing_type as PricingType | undefined,
    male_price: priceOf(body.male_price),
    female_price: priceOf(body.female_price),
    age_groups: Array.isArray(body.age_groups) ? body.age_groups : [],
    custom_age_range: isBlank(body.custom_age_range) ? null : (body.custom_age_range as [number, number]),
  });
  for (const { code } of violations) Object.assign(errors, ruleFields(code, body));
  return errors;
}

/** The form fields a broken rule (by its code, ErrorCodes.events) is about, with the words shown there. */
function ruleFields(code: string | null, body: Record<string, unknown>): Record<string, string> | null {
  switch (code) {
    case ErrorCodes.events.startNotFuture:
      return { date: EVENT_RULE_MESSAGES.futureStart };
    case ErrorCodes.events.endBeforeStart:
      return { end_date: EVENT_RULE_MESSAGES.endAfterStart };
    case ErrorCodes.events.genderPricesRequired: {
      const missing = PRICE_FIELDS.filter((name) => isBlank(body[name]));
      return Object.fromEntries((missing.length > 0 ? missing : PRICE_FIELDS).map((name) => [name, EVENT_RULE_MESSAGES.bothPrices]));
    }
    case ErrorCodes.events.openAgeAlone:
      return { age_groups: EVENT_RULE_MESSAGES.openAgeAlone };
    case ErrorCodes.events.customAgeRangeRequired:
      return { custom_age_min: EVENT_RULE_MESSAGES.customAgeRange };
    default:
      return null;
  }
}

/** The form field an API field belongs to: one the form sent (a key of its body), or null. */
function formField(key: string | null, body: Record<string, unknown>): string | null {
  return key !== null && key in body ? (FIELD_ALIASES[key] ?? key) : null;
}

/** The words shown beside a field for one problem the schema (or the API) named it for. */
function fieldMessage(key: string, message: string): string {
  if (/^is required$/i.test(message) && REQUIRED_MESSAGES[key]) return REQUIRED_MESSAGES[key];
  return capitalise(message);
}

/**
 * Adds one problem: a broken rule on the fields it is about, else on its field when it names one
 * the form has, else as the form's message. The first per field wins.
 */
function addProblem(
  errors: EventFormErrors,
  key: string | null,
  message: string,
  body: Record<string, unknown>,
  code: string | null = null,
): void {
  const field = formField(key, body);
  const fields = ruleFields(code, body) ?? (field && key ? { [field]: fieldMessage(key, message) } : null);
  if (!fields) {
    errors.form ??= message;
    return;
  }
  for (const [name, text] of Object.entries(fields)) errors.fields[name] ??= text;
}

const hasErrors = (errors: EventFormErrors) => Object.keys(errors.fields).length > 0 || errors.form !== null;

/**
 * Checks the body with the shared schema and the rules between fields, all at once; problems are
 * keyed by form field, and only one that belongs to no field goes to `form`.
 */
export function validateEventBody(
  body: Record<string, unknown>,
  mode: 'create' | 'edit',
  options: EventValidationOptions = {},
): EventFormErrors | null {
  const schema = mode === 'create' ? createEventSchema : updateEventSchema;
  const result = schema.safeParse(body);
  const errors: EventFormErrors = { fields: {}, form: null };
  for (const issue of result.success ? [] : result.error.issues) {
    // Whether a plain-http picture is one of the product's own uploads is the API's to say: only it
    // knows where they are served from (a local run serves them over http).
    if (issueCode(issue) === ErrorCodes.media.notHttps) continue;
    const key = issue.path[0];
    addProblem(errors, typeof key === 'string' ? key : null, issue.message, body, issueCode(issue));
  }
  for (const [name, message] of Object.entries(eventRuleErrors(body, mode, options))) errors.fields[name] ??= message;
  if (body.date === undefined) errors.fields.date ??= REQUIRED_MESSAGES.date;
  if (mode === 'edit' && !body.title) errors.fields.title ??= REQUIRED_MESSAGES.title;
  if (!body.category) errors.fields.category ??= REQUIRED_MESSAGES.category;
  return hasErrors(errors) ? errors : null;
}

/**
 * An API refusal of POST /events or PUT /events/{id} as form errors, by its code: a validation
 * refusal naming a form field goes beside it, a broken rule beside the fields it is about; anything
 * else (not the host, cancelled, ...) is the banner.
 */
export function eventApiErrors(refusal: { error: string; code: string | null }, body: Record<string, unknown>): EventFormErrors {
  const errors: EventFormErrors = { fields: {}, form: null };
  const named = refusal.code === ErrorCodes.generic.validation ? readValidationMessage(refusal.error) : null;
  if (named && formField(named.field, body)) addProblem(errors, named.field, named.problem, body);
  else addProblem(errors, null, refusal.error, body, refusal.code);
  return errors;
}
