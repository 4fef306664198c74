import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { EVENT_RULE_MESSAGES, eventApiErrors, validateEventBody } from './event-form-validation';

const NOW = Date.parse('2030-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const at = (offset: number) => new Date(NOW + offset).toISOString();

/** A body as the form sends it (every field, blanks as null), valid unless overridden. */
function body(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Sunset rooftop jam',
    description: null,
    date: at(3 * DAY),
    end_date: null,
    location: 'Carter Road, Bandra West, Mumbai',
    latitude: null,
    longitude: null,
    estimated_location: null,
    estimated_latitude: null,
    estimated_longitude: null,
    category: 'music',
    images: [],
    video: null,
    video_duration: null,
    pricing_type: 'standard',
    min_bid: '1500',
    male_price: null,
    female_price: null,
    enable_bidding: false,
    show_attendees: true,
    capacity: null,
    age_groups: [],
    custom_age_range: null,
    meetup_type: 'confirmed',
    event_type: 'in-person',
    meeting_link: null,
    host_contact_number: null,
    host_social_link: null,
    ...overrides,
  };
}

const validate = (fields: Record<string, unknown>, mode: 'create' | 'edit' = 'create', storedDate: string | null = null) =>
  validateEventBody(body(fields), mode, { now: NOW, storedDate });

describe('validateEventBody', () => {
  it('accepts a complete event', () => {
    expect(validate({})).toBeNull();
    expect(
      validate({ pricing_type: 'gender_based', min_bid: null, male_price: '1200', female_price: '900', end_date: at(3 * DAY + 3_600_000) }),
    ).toBeNull();
  });

  it('leaves to the API whether plain-http pictures are its own uploads (a local run serves them over http)', () => {
    expect(
      validate({ images: ['http://localhost:3001/api/v1/upload/files/a.jpg'], video: 'http://localhost:3001/api/v1/upload/files/b.mp4' }),
    ).toBeNull();
    expect(validate({ images: ['ftp://files.example.in/a.png'] })?.fields.images).toBe('Must be a valid URL');
  });

  it('reports every problem on the first submit, the rules between fields included', () => {
    const errors = validate({
      date: at(-DAY),
      end_date: at(-2 * DAY),
      latitude: '123',
      min_bid: '-5',
      capacity: '0',
      host_contact_number: '12345',
    });
    expect(errors?.form).toBeNull();
    expect(errors?.fields).toEqual({
      date: EVENT_RULE_MESSAGES.futureStart,
      end_date: EVENT_RULE_MESSAGES.endAfterStart,
      latitude: 'Must be between -90 and 90',
      min_bid: 'Must be at least 0',
      capacity: 'Must be at least 1',
      host_contact_number: expect.stringMatching(/mobile number/),
    });
  });

  it('names the missing required fields with the cross-field problems', () => {
    const errors = validate({ title: '', category: undefined, pricing_type: 'gender_based', male_price: null, female_price: '900' });
    expect(errors?.fields).toEqual({
      title: 'Please enter a title',
      category: 'Choose a category',
      male_price: EVENT_RULE_MESSAGES.bothPrices,
    });
  });

  describe('gender-based pricing', () => {
    it('marks both prices when neither is given', () => {
      const errors = validate({ pricing_type: 'gender_based', min_bid: null });
      expect(errors).toEqual({
        fields: { male_price: 'Enter both prices for gender-based pricing', female_price: 'Enter both prices for gender-based pricing' },
        form: null,
      });
    });

    it('marks only the missing price', () => {
      expect(validate({ pricing_type: 'gender_based', female_price: '900' })?.fields).toEqual({
        male_price: EVENT_RULE_MESSAGES.bothPrices,
      });
      expect(validate({ pricing_type: 'gender_based', male_price: '0' })?.fields).toEqual({ female_price: EVENT_RULE_MESSAGES.bothPrices });
    });

    it('keeps a bad price its own message', () => {
      expect(validate({ pricing_type: 'gender_based', male_price: '12.5' })?.fields).toEqual({
        male_price: 'Must be a whole number of rupees',
        female_price: EVENT_RULE_MESSAGES.bothPrices,
      });
    });
  });

  describe('end date', () => {
    it('must come after the start', () => {
      expect(validate({ end_date: at(2 * DAY) })).toEqual({ fields: { end_date: 'The end must be after the start' }, form: null });
      expect(validate({ end_date: at(3 * DAY) })?.fields).toEqual({ end_date: EVENT_RULE_MESSAGES.endAfterStart });
    });

    it('is not compared with a start that is not a date', () => {
      expect(validate({ date: 'soon', end_date: at(DAY) })?.fields).toEqual({ date: 'Must be an ISO date and time' });
      expect(validate({ date: undefined, end_date: at(DAY) })?.fields).toEqual({
        date: 'Pick a date and time, or choose "Date to be decided"',
      });
    });
  });

  describe('start in the future', () => {
    it('applies to a new event', () => {
      expect(validate({ date: at(-60_000) })?.fields).toEqual({ date: EVENT_RULE_MESSAGES.futureStart });
    });

    it('applies to an edit only when the start changes', () => {
      const stored = at(-DAY);
      expect(validate({ date: stored }, 'edit', stored)).toBeNull();
      expect(validate({ date: at(-2 * DAY) }, 'edit', stored)?.fields).toEqual({ date: EVENT_RULE_MESSAGES.futureStart });
      expect(validate({ date: at(DAY) }, 'edit', stored)).toBeNull();
    });
  });

  it('checks the age choices', () => {
    expect(validate({ age_groups: ['open', '18-30'] })?.fields).toEqual({ age_groups: EVENT_RULE_MESSAGES.openAgeAlone });
    expect(validate({ age_groups: ['custom'] })?.fields).toEqual({ custom_age_min: EVENT_RULE_MESSAGES.customAgeRange });
    expect(validate({ age_groups: ['custom'], custom_age_range: ['40', '30'] })?.fields).toEqual({
      custom_age_min: 'Must not have the first age above the second',
    });
    expect(validate({ age_groups: ['custom'], custom_age_range: ['25', '35'] })).toBeNull();
  });
});

describe('eventApiErrors', () => {
  const sent = body({ pricing_type: 'gender_based', male_price: '1200', female_price: null });

  it('puts the broken rules on their fields in plain words, by code', () => {
    expect(eventApiErrors({ error: Messages.events.genderPricesRequired, code: ErrorCodes.events.genderPricesRequired }, sent)).toEqual({
      fields: { female_price: EVENT_RULE_MESSAGES.bothPrices },
      form: null,
    });
    expect(eventApiErrors({ error: Messages.events.endBeforeStart, code: ErrorCodes.events.endBeforeStart }, sent)).toEqual({
      fields: { end_date: EVENT_RULE_MESSAGES.endAfterStart },
      form: null,
    });
    expect(eventApiErrors({ error: 'date: must be in the future', code: ErrorCodes.events.startNotFuture }, sent)).toEqual({
      fields: { date: EVENT_RULE_MESSAGES.futureStart },
      form: null,
    });
  });

  it('puts a validation refusal naming a form field on that field', () => {
    expect(eventApiErrors({ error: 'latitude: must be between -90 and 90', code: ErrorCodes.generic.validation }, sent)).toEqual({
      fields: { latitude: 'Must be between -90 and 90' },
      form: null,
    });
    expect(eventApiErrors({ error: 'custom_age_range.1: must be at most 100', code: ErrorCodes.generic.validation }, sent)).toEqual({
      fields: { custom_age_min: 'Must be at most 100' },
      form: null,
    });
  });

  it('reads nothing into the words of a refusal that is not a validation one', () => {
    expect(eventApiErrors({ error: 'latitude: must be between -90 and 90', code: ErrorCodes.generic.conflict }, sent)).toEqual({
      fields: {},
      form: 'latitude: must be between -90 and 90',
    });
    expect(eventApiErrors({ error: Messages.events.endBeforeStart, code: null }, sent)).toEqual({
      fields: {},
      form: Messages.events.endBeforeStart,
    });
  });

  it('keeps anything else in the banner', () => {
    expect(eventApiErrors({ error: Messages.events.cancelledReadOnly, code: ErrorCodes.events.cancelledReadOnly }, sent)).toEqual({
      fields: {},
      form: Messages.events.cancelledReadOnly,
    });
    expect(eventApiErrors({ error: 'status: must be active or cancelled', code: ErrorCodes.generic.validation }, sent)).toEqual({
      fields: {},
      form: 'status: must be active or cancelled',
    });
  });
});
