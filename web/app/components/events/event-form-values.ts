/**
 * The create/edit event form as data: its values (prefilled from an event when editing) and how a
 * submitted form becomes the API body (snake_case fields of SPEC §3). Its validation lives in
 * ~/lib/event-form-validation. Plain module, used by the route actions and the form.
 */
import { DEFAULT_CANCELLATION_POLICY } from '../../../../api/src/contracts/cancellation-policy.js';
import { DATE_TO_BE_DECIDED } from '../../../../api/src/contracts/event/dates.js';
import type { EventFormErrors } from '~/lib/event-form-validation';
import { normaliseAgeChoices, type AgeChoice } from '~/lib/filters';
import {
  eventAgeGroups,
  eventCustomAgeRange,
  eventImages,
  fromIstInputValue,
  isDateToBeDecided,
  toIstInputValue,
} from '~/lib/format-event';
import type { EventView } from '../../../../api/src/contracts/event/event-view.js';

export type { EventFormErrors };

export const EVENT_TYPES = [
  { value: 'in-person', label: 'In person' },
  { value: 'online', label: 'Online' },
] as const;

export const MEETUP_TYPE_OPTIONS = [
  { value: 'confirmed', label: 'Confirmed', hint: 'The plan is set: date, place and price.' },
  { value: 'curation', label: 'Curation', hint: 'You pick guests first; confirm the details later.' },
  { value: 'plan_together', label: 'Plan Together', hint: 'No price: plan it with the people who join.' },
] as const;

export interface EventFormValues {
  title: string;
  description: string;
  date: string;
  end_date: string;
  date_tbd: boolean;
  location: string;
  latitude: string;
  longitude: string;
  estimated_location: string;
  estimated_latitude: string;
  estimated_longitude: string;
  category: string;
  images: string[];
  video: string;
  video_duration: string;
  pricing_type: 'standard' | 'gender_based';
  min_bid: string;
  male_price: string;
  female_price: string;
  enable_bidding: boolean;
  show_attendees: boolean;
  cancellation_policy: string;
  capacity: string;
  age_groups: AgeChoice[];
  custom_age_min: string;
  custom_age_max: string;
  meetup_type: string;
  event_type: string;
  meeting_link: string;
  host_contact_number: string;
  host_social_link: string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function emptyEventForm(): EventFormValues {
  return {
    title: '',
    description: '',
    date: '',
    end_date: '',
    date_tbd: false,
    location: '',
    latitude: '',
    longitude: '',
    estimated_location: '',
    estimated_latitude: '',
    estimated_longitude: '',
    category: '',
    images: [],
    video: '',
    video_duration: '',
    pricing_type: 'standard',
    min_bid: '',
    male_price: '',
    female_price: '',
    enable_bidding: false,
    show_attendees: true,
    cancellation_policy: DEFAULT_CANCELLATION_POLICY,
    capacity: '',
    age_groups: [],
    custom_age_min: '18',
    custom_age_max: '100',
    meetup_type: 'confirmed',
    event_type: 'in-person',
    meeting_link: '',
    host_contact_number: '',
    host_social_link: '',
  };
}

/** The form prefilled from a stored event (edit). */
export function eventToFormValues(event: EventView): EventFormValues {
  const tbd = isDateToBeDecided(event);
  const range = eventCustomAgeRange(event);
  return {
    ...emptyEventForm(),
    title: text(event.title),
    description: text(event.description),
    date: tbd ? '' : toIstInputValue(event.date),
    end_date: tbd ? '' : toIstInputValue(event.end_date),
    date_tbd: tbd,
    location: text(event.location),
    latitude: text(event.latitude),
    longitude: text(event.longitude),
    estimated_location: text(event.estimated_location),
    estimated_latitude: text(event.estimated_latitude),
    estimated_longitude: text(event.estimated_longitude),
    category: text(event.category),
    images: eventImages(event),
    video: text(event.video),
    video_duration: text(event.video_duration),
    pricing_type: event.pricing_type === 'gender_based' ? 'gender_based' : 'standard',
    min_bid: text(event.min_bid),
    male_price: text(event.male_price),
    female_price: text(event.female_price),
    enable_bidding: Boolean(event.enable_bidding),
    show_attendees: event.show_attendees !== false,
    cancellation_policy: event.cancellation_policy ?? DEFAULT_CANCELLATION_POLICY,
    capacity: text(event.capacity),
    age_groups: eventAgeGroups(event).filter((group): group is AgeChoice =>
      ['18-30', '31-40', '41-50', '50+', 'open', 'custom'].includes(group),
    ),
    custom_age_min: range ? String(range[0]) : '18',
    custom_age_max: range ? String(range[1]) : '100',
    meetup_type: text(event.meetup_type) || 'confirmed',
    // Older events (and the demo seed) spell it in_person; the form's choices use in-person.
    event_type: text(event.event_type).replace(/^in_person$/, 'in-person') || 'in-person',
    meeting_link: text(event.meeting_link),
    host_contact_number: text(event.host_contact_number).replace(/^\+91/, ''),
    host_social_link: text(event.host_social_link),
  };
}

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
const flag = (form: FormData, name: string) => ['on', 'true', '1'].includes(field(form, name));

/** The values of a submitted form (what it redisplays after an error). */
export function readEventForm(form: FormData): EventFormValues {
  // A form sent without JavaScript may tick open or custom beside other groups: the picker's rules decide.
  const ageGroups = normaliseAgeChoices(form.getAll('age_groups').filter((value): value is string => typeof value === 'string'));
  return {
    title: field(form, 'title'),
    description: field(form, 'description'),
    date: field(form, 'date'),
    end_date: field(form, 'end_date'),
    date_tbd: flag(form, 'date_tbd'),
    location: field(form, 'location'),
    latitude: field(form, 'latitude'),
    longitude: field(form, 'longitude'),
    estimated_location: field(form, 'estimated_location'),
    estimated_latitude: field(form, 'estimated_latitude'),
    estimated_longitude: field(form, 'estimated_longitude'),
    category: field(form, 'category'),
    images: form
      .getAll('images')
      .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
      .map((value) => value.trim()),
    video: field(form, 'video'),
    video_duration: field(form, 'video_duration'),
    pricing_type: field(form, 'pricing_type') === 'gender_based' ? 'gender_based' : 'standard',
    min_bid: field(form, 'min_bid'),
    male_price: field(form, 'male_price'),
    female_price: field(form, 'female_price'),
    enable_bidding: flag(form, 'enable_bidding'),
    show_attendees: flag(form, 'show_attendees'),
    cancellation_policy: field(form, 'cancellation_policy') || DEFAULT_CANCELLATION_POLICY,
    capacity: field(form, 'capacity'),
    age_groups: ageGroups,
    custom_age_min: field(form, 'custom_age_min') || '18',
    custom_age_max: field(form, 'custom_age_max') || '100',
    meetup_type: field(form, 'meetup_type') || 'confirmed',
    event_type: field(form, 'event_type'),
    meeting_link: field(form, 'meeting_link'),
    host_contact_number: field(form, 'host_contact_number'),
    host_social_link: field(form, 'host_social_link'),
  };
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * The API body (POST /events, PUT /events/{id}) for the form values. Every field is sent, so
 * clearing a field on edit clears it on the event. Only the price fields of the chosen pricing
 * type are sent; a plan-together meetup has no price. Dates without a zone are India time.
 */
export function eventFormToBody(values: EventFormValues): Record<string, unknown> {
  const planTogether = values.meetup_type === 'plan_together';
  const gender = values.pricing_type === 'gender_based' && !planTogether;
  const custom = values.age_groups.includes('custom');
  const date = values.date_tbd ? DATE_TO_BE_DECIDED : values.date ? (fromIstInputValue(values.date) ?? values.date) : undefined;
  const endDate = values.date_tbd || !values.end_date ? null : (fromIstInputValue(values.end_date) ?? values.end_date);
  return {
    title: values.title,
    description: orNull(values.description),
    date,
    end_date: endDate,
    location: orNull(values.location),
    latitude: orNull(values.latitude),
    longitude: orNull(values.longitude),
    estimated_location: orNull(values.estimated_location),
    estimated_latitude: orNull(values.estimated_latitude),
    estimated_longitude: orNull(values.estimated_longitude),
    category: values.category || undefined,
    images: values.images,
    video: orNull(values.video),
    video_duration: values.video ? orNull(values.video_duration) : null,
    pricing_type: planTogether ? 'standard' : values.pricing_type,
    min_bid: gender || planTogether ? null : orNull(values.min_bid),
    male_price: gender ? orNull(values.male_price) : null,
    female_price: gender ? orNull(values.female_price) : null,
    enable_bidding: planTogether ? false : values.enable_bidding,
    show_attendees: values.show_attendees,
    cancellation_policy: values.cancellation_policy,
    capacity: orNull(values.capacity),
    age_groups: values.age_groups,
    custom_age_range: custom ? [values.custom_age_min, values.custom_age_max] : null,
    meetup_type: values.meetup_type,
    event_type: orNull(values.event_type),
    meeting_link: orNull(values.meeting_link),
    host_contact_number: orNull(values.host_contact_number),
    host_social_link: orNull(values.host_social_link),
  };
}
