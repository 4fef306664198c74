import { z } from 'zod';
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY } from '../cancellation-policy.js';
import { ErrorCodes } from '../error-codes.js';
import { mediaUrl } from '../media-url.js';
import { mobileNumberSchema } from '../user.contract.js';
import { AGE_GROUPS, CUSTOM_AGE_MAX, CUSTOM_AGE_MIN, normalizeAgeGroup, normalizeAgeSelection } from './age-groups.js';
import {
  DEFAULT_EVENT_CATEGORY,
  EVENT_CATEGORY_KEYS,
  MEETUP_TYPES,
  normalizeEventType,
  PRICING_TYPES,
  type EventCategory,
} from './catalogue.js';
import { blankToNull, booleanish, fromJsonText, numberish } from './coercions.js';
import { coordinate, dateField, optionalText, optionalUrl, statusInput, text, wholeNumber } from './fields.js';
import { EVENT_MAX_IMAGES, EVENT_MAX_PRICE, EVENT_TITLE_MAX } from './limits.js';
import { eventRuleViolation } from './rules.js';

/** Age groups as a list, JSON text, or a comma string. */
function ageGroupList(value: unknown): unknown {
  const parsed = fromJsonText(value);
  if (typeof parsed === 'string') return parsed.split(',').filter((part) => part.trim() !== '');
  return parsed;
}

const price = z.preprocess(numberish, wholeNumber(0, EVENT_MAX_PRICE, 'rupees').nullable()).optional();

const ageGroupsField = z
  .preprocess(
    ageGroupList,
    z
      .array(
        z.preprocess(
          (value) => (typeof value === 'string' ? normalizeAgeGroup(value) : value),
          z.enum(AGE_GROUPS, { message: `must be one of ${AGE_GROUPS.join(', ')}` }),
        ),
        { message: 'must be a list or JSON text of a list' },
      )
      .max(AGE_GROUPS.length)
      .transform((groups) => [...new Set(groups)]),
  )
  .optional();

const customAgeRangeField = z
  .preprocess(
    (value) => {
      const parsed = fromJsonText(value);
      return Array.isArray(parsed) ? parsed.map(numberish) : parsed === undefined ? undefined : parsed;
    },
    z
      .tuple([wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX), wholeNumber(CUSTOM_AGE_MIN, CUSTOM_AGE_MAX)], {
        message: `must be two ages from ${CUSTOM_AGE_MIN} to ${CUSTOM_AGE_MAX}`,
      })
      .refine(([low, high]) => low <= high, { message: 'must not have the first age above the second' })
      .nullable(),
  )
  .optional();

const imagesField = z
  .preprocess(
    fromJsonText,
    z
      .array(mediaUrl, { message: 'must be a list of URLs or JSON text of one' })
      .max(EVENT_MAX_IMAGES, { message: `can hold at most ${EVENT_MAX_IMAGES} images` }),
  )
  .optional();

/** The event fields of SPEC §3 a host may send (POST /events and PUT /events/{id}); others are dropped. */
const eventFields = {
  title: text(EVENT_TITLE_MAX).min(1, { message: 'is required' }),
  description: optionalText(5000),
  date: dateField,
  end_date: z.preprocess(blankToNull, dateField.nullable()).optional(),
  location: optionalText(300),
  latitude: coordinate(90),
  longitude: coordinate(180),
  category: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(EVENT_CATEGORY_KEYS as [EventCategory, ...EventCategory[]], {
      message: `must be one of ${EVENT_CATEGORY_KEYS.join(', ')}`,
    }),
  ),
  images: imagesField,
  video: z.preprocess(blankToNull, mediaUrl.nullable()).optional(),
  video_duration: z
    .preprocess(numberish, z.number({ message: 'must be a number' }).min(0, { message: 'must be at least 0' }).max(86_400).nullable())
    .optional(),
  video_url_reference: optionalText(2048),
  min_bid: price,
  male_price: price,
  female_price: price,
  pricing_type: z.enum(PRICING_TYPES, { message: 'must be standard or gender_based' }),
  capacity: z.preprocess(numberish, wholeNumber(1, 100_000).nullable()).optional(),
  age_groups: ageGroupsField,
  custom_age_range: customAgeRangeField,
  event_type: z.preprocess(blankToNull, text(40).transform(normalizeEventType).nullable()).optional(),
  meeting_link: optionalUrl,
  enable_bidding: z.preprocess(booleanish, z.boolean({ message: 'must be true or false' })),
  show_attendees: z.preprocess(booleanish, z.boolean({ message: 'must be true or false' })),
  cancellation_policy: z.enum(CANCELLATION_POLICIES, { message: `must be one of ${CANCELLATION_POLICIES.join(', ')}` }),
  meetup_type: z.enum(MEETUP_TYPES, { message: `must be one of ${MEETUP_TYPES.join(', ')}` }),
  estimated_location: optionalText(300),
  estimated_latitude: coordinate(90),
  estimated_longitude: coordinate(180),
  host_contact_number: z.preprocess(blankToNull, mobileNumberSchema.nullable()).optional(),
  host_social_link: optionalUrl,
};

export const createEventSchema = z
  .object({
    ...eventFields,
    title: z.string({ message: 'is required' }).pipe(eventFields.title),
    date: z.string({ message: 'is required' }).pipe(dateField),
    category: eventFields.category.default(DEFAULT_EVENT_CATEGORY),
    pricing_type: eventFields.pricing_type.default('standard'),
    enable_bidding: eventFields.enable_bidding.default(false),
    show_attendees: eventFields.show_attendees.default(true),
    cancellation_policy: eventFields.cancellation_policy.default(DEFAULT_CANCELLATION_POLICY),
    meetup_type: eventFields.meetup_type.default('confirmed'),
  })
  .superRefine((event, ctx) => {
    if (event.date.getTime() <= Date.now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'must be in the future',
        params: { code: ErrorCodes.events.startNotFuture },
      });
      return;
    }
    const problem = eventRuleViolation({ ...event, ...normalizeAgeSelection(event.age_groups ?? [], event.custom_age_range) });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, params: { code: problem.code } });
  });
export type CreateEventInput = z.output<typeof createEventSchema>;

/** PUT /events/{id}: the same fields, each optional, plus status. Absent fields are left alone. */
export const updateEventSchema = z.object({
  title: eventFields.title.optional(),
  description: eventFields.description,
  date: dateField.optional(),
  end_date: eventFields.end_date,
  location: eventFields.location,
  latitude: eventFields.latitude,
  longitude: eventFields.longitude,
  category: eventFields.category.optional(),
  images: eventFields.images,
  video: eventFields.video,
  video_duration: eventFields.video_duration,
  video_url_reference: eventFields.video_url_reference,
  min_bid: eventFields.min_bid,
  male_price: eventFields.male_price,
  female_price: eventFields.female_price,
  pricing_type: eventFields.pricing_type.optional(),
  capacity: eventFields.capacity,
  age_groups: eventFields.age_groups,
  custom_age_range: eventFields.custom_age_range,
  event_type: eventFields.event_type,
  meeting_link: eventFields.meeting_link,
  enable_bidding: eventFields.enable_bidding.optional(),
  show_attendees: eventFields.show_attendees.optional(),
  cancellation_policy: eventFields.cancellation_policy.optional(),
  meetup_type: eventFields.meetup_type.optional(),
  estimated_location: eventFields.estimated_location,
  estimated_latitude: eventFields.estimated_latitude,
  estimated_longitude: eventFields.estimated_longitude,
  host_contact_number: eventFields.host_contact_number,
  host_social_link: eventFields.host_social_link,
  status: statusInput.optional(),
});
export type UpdateEventInput = z.output<typeof updateEventSchema>;

/**
 * POST /events/{id}/convert-to-confirmed. A confirmed event has a date: one whose date is still to
 * be decided is given it here, in the same step (`date`, and `end_date` if wanted). No body at all
 * is the same as `{}`.
 */
export const convertToConfirmedSchema = z.preprocess(
  (value) => value ?? {},
  z.object({ date: dateField.optional(), end_date: eventFields.end_date }),
);
export type ConvertToConfirmedInput = z.output<typeof convertToConfirmedSchema>;
