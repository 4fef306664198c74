import { eventFilterSchema } from './event-filter.schema.js';
import { createEventSchema, updateEventSchema } from './event-input.schema.js';

const future = '2031-06-01T19:00:00+05:30';

describe('createEventSchema', () => {
  it('needs only a title and a date, and fills the defaults', () => {
    const event = createEventSchema.parse({ title: 'Sunset run', date: future });
    expect(event).toMatchObject({
      title: 'Sunset run',
      category: 'others',
      pricing_type: 'standard',
      enable_bidding: false,
      show_attendees: true,
      meetup_type: 'confirmed',
    });
  });

  it('accepts images, age_groups and custom_age_range as JSON text or as lists', () => {
    const asText = createEventSchema.parse({
      title: 'A',
      date: future,
      images: '["https://cdn.example.in/a.webp","https://cdn.example.in/b.webp"]',
      age_groups: '["custom"]',
      custom_age_range: '[25, 35]',
    });
    const asLists = createEventSchema.parse({
      title: 'A',
      date: future,
      images: ['https://cdn.example.in/a.webp', 'https://cdn.example.in/b.webp'],
      age_groups: ['custom'],
      custom_age_range: [25, 35],
    });
    expect(asText.images).toEqual(asLists.images);
    expect(asText.age_groups).toEqual(['custom']);
    expect(asText.custom_age_range).toEqual([25, 35]);
    expect(asLists.custom_age_range).toEqual([25, 35]);
  });

  it('drops unknown fields', () => {
    const event = createEventSchema.parse({ title: 'A', date: future, host_id: 'someone-else', moderation_status: 'published' });
    expect(event).not.toHaveProperty('host_id');
    expect(event).not.toHaveProperty('moderation_status');
  });

  it.each([
    [{ date: future }, 'title'],
    [{ title: 'x'.repeat(121), date: future }, 'title'],
    [{ title: 'A' }, 'date'],
    [{ title: 'A', date: '2020-01-01T10:00:00Z' }, 'date'],
    [{ title: 'A', date: future, capacity: 0 }, 'capacity'],
    [{ title: 'A', date: future, min_bid: 10.5 }, 'min_bid'],
    [{ title: 'A', date: future, male_price: -1 }, 'male_price'],
    [{ title: 'A', date: future, category: 'parties' }, 'category'],
    [{ title: 'A', date: future, latitude: 91 }, 'latitude'],
    [{ title: 'A', date: future, meeting_link: 'javascript:alert(1)' }, 'meeting_link'],
    [{ title: 'A', date: future, custom_age_range: [40, 30] }, 'custom_age_range'],
    [{ title: 'A', date: future, custom_age_range: [17, 30] }, 'custom_age_range'],
    [{ title: 'A', date: future, age_groups: ['teens'] }, 'age_groups'],
    [{ title: 'A', date: future, images: 'not json' }, 'images'],
  ])('refuses %j (field %s)', (input, field) => {
    const result = createEventSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });

  it.each([
    [{ end_date: '2031-06-01T18:00:00+05:30' }, 'The end date must be after the start date.', 'event_end_before_start'],
    [
      { pricing_type: 'gender_based', male_price: 500 },
      'Gender-based pricing needs both male_price and female_price.',
      'event_gender_prices_required',
    ],
    [
      { age_groups: ['open', '18-30'] },
      'The open age group cannot be combined with other age groups or a custom range.',
      'event_open_age_alone',
    ],
    [{ age_groups: ['custom'] }, 'A custom age group needs custom_age_range.', 'event_custom_age_range_required'],
  ])('applies the cross-field rule for %j', (extra, message, code) => {
    const result = createEventSchema.safeParse({ title: 'A', date: future, ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
    expect(result.error?.issues[0]).toMatchObject({ params: { code } });
  });

  it('reads numbers sent as decimal text (form posts)', () => {
    const event = createEventSchema.parse({
      title: 'A',
      date: future,
      min_bid: ' 1500 ',
      capacity: '40',
      latitude: '12.9719',
      longitude: '-77.6412',
      estimated_latitude: '.5',
      video_duration: '42.5',
      custom_age_range: '["25", "35"]',
    });
    expect(event).toMatchObject({
      min_bid: 1500,
      capacity: 40,
      latitude: 12.9719,
      longitude: -77.6412,
      estimated_latitude: 0.5,
      video_duration: 42.5,
    });
    expect(event.custom_age_range).toEqual([25, 35]);
  });

  it.each([
    ['min_bid', '0x10'],
    ['male_price', '0b1010'],
    ['capacity', '0x10'],
    ['capacity', '0o17'],
    ['latitude', '0x10'],
    ['longitude', '1e2'],
    ['estimated_longitude', 'Infinity'],
    ['video_duration', '0x2A'],
  ])('refuses %s written as %j: decimal numbers only', (field, text) => {
    const result = createEventSchema.safeParse({ title: 'A', date: future, [field]: text });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: 'must be a number' });
  });

  it('refuses an age in a custom range written in hex', () => {
    const result = createEventSchema.safeParse({ title: 'A', date: future, custom_age_range: ['0x14', '30'] });
    expect(result.error?.issues[0]).toMatchObject({ path: ['custom_age_range', 0], message: 'must be a number' });
  });

  it('gives a past start its own code', () => {
    const result = createEventSchema.safeParse({ title: 'A', date: '2020-01-01T10:00:00Z' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['date'],
      message: 'must be in the future',
      params: { code: 'event_start_not_future' },
    });
  });
});

describe('event date bounds', () => {
  it('refuses dates after the "date to be decided" placeholder, on create and on edit', () => {
    for (const date of ['2100-06-01T10:00:00Z', '9999-12-31T23:59:59+05:30', '9999-12-31T23:59:59-14:00']) {
      const created = createEventSchema.safeParse({ title: 'Far away', date });
      expect(created.success).toBe(false);
      expect(created.error?.issues[0]).toMatchObject({ path: ['date'], message: expect.stringContaining('must not be after 2099-12-31') });
      expect(updateEventSchema.safeParse({ end_date: date }).success).toBe(false);
    }
    expect(createEventSchema.safeParse({ title: 'Someday', date: '2099-12-31 23:59:59' }).success).toBe(true);
    expect(createEventSchema.safeParse({ title: 'Late', date: '2099-12-29T10:00:00Z' }).success).toBe(true);
  });
});

describe('updateEventSchema', () => {
  it('accepts both spellings of cancelled', () => {
    expect(updateEventSchema.parse({ status: 'canceled' }).status).toBe('cancelled');
    expect(updateEventSchema.parse({ status: 'cancelled' }).status).toBe('cancelled');
    expect(updateEventSchema.safeParse({ status: 'paused' }).success).toBe(false);
  });
});

describe('event types', () => {
  it('reads "In person", "in_person" and "in-person" as one type, on events and in the filter', () => {
    for (const spelling of ['In person', 'in_person', 'in-person', ' IN  PERSON ']) {
      expect(createEventSchema.parse({ title: 'Walk', date: future, event_type: spelling }).event_type).toBe('in-person');
      expect(eventFilterSchema.parse({ eventType: spelling }).eventType).toBe('in-person');
    }
  });
});
