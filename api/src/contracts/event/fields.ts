import { z } from 'zod';
import { stripBidiControls } from '../bidi.js';
import { EVENT_STATUSES } from './catalogue.js';
import { blankToNull, numberish } from './coercions.js';
import { isAfterDateToBeDecided, parseEventDate } from './dates.js';

/** Free text a host types (title, description, places): bidi controls are dropped (../bidi.ts), then it is trimmed. */
export const text = (max: number) =>
  z
    .string({ message: 'must be text' })
    .overwrite(stripBidiControls)
    .trim()
    .max(max, { message: `must be at most ${max} characters` });

export const optionalText = (max: number) => z.preprocess(blankToNull, text(max).nullable()).optional();

export const httpUrl = z
  .string({ message: 'must be a valid URL' })
  .trim()
  .max(2048, { message: 'must be at most 2048 characters' })
  .pipe(z.url({ protocol: /^https?$/, message: 'must be a valid URL' }));

export const optionalUrl = z.preprocess(blankToNull, httpUrl.nullable()).optional();

export const wholeNumber = (min: number, max: number, unit = '') =>
  z
    .number({ message: 'must be a number' })
    .int({ message: unit ? `must be a whole number of ${unit}` : 'must be a whole number' })
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` });

export const coordinate = (limit: number) =>
  z
    .preprocess(
      numberish,
      z
        .number({ message: 'must be a number' })
        .min(-limit, { message: `must be between -${limit} and ${limit}` })
        .max(limit, { message: `must be between -${limit} and ${limit}` })
        .nullable(),
    )
    .optional();

export const dateField = z.string({ message: 'must be an ISO date and time' }).transform((value, ctx) => {
  const date = parseEventDate(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: 'must be an ISO date and time' });
    return z.NEVER;
  }
  if (isAfterDateToBeDecided(date)) {
    ctx.addIssue({ code: 'custom', message: 'must not be after 2099-12-31 23:59:59, the "date to be decided" placeholder' });
    return z.NEVER;
  }
  return date;
});

export const statusInput = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/^canceled$/, 'cancelled')
      : value,
  z.enum(EVENT_STATUSES, { message: 'must be active or cancelled' }),
);
