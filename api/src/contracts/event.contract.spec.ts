import {
  createEventSchema,
  DATE_TO_BE_DECIDED,
  eventFilterSchema,
  EVENT_CATEGORIES,
  isDateToBeDecided,
  paginate,
  parseEventDate,
  updateEventSchema,
} from './event.contract.js';

const future = '2031-06-01T19:00:00+05:30';

describe('event dates', () => {
  it('reads ISO dates with a zone as given and without one as India time', () => {
    expect(parseEventDate('2031-06-01T13:30:00Z')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
    expect(parseEventDate('2031-06-01T19:00')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
    expect(parseEventDate('2031-06-01 19:00:00+0530')?.toISOString()).toBe('2031-06-01T13:30:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(parseEventDate('2031-02-30T10:00:00Z')).toBeNull();
    expect(parseEventDate('2031-06-01T24:10:00Z')).toBeNull();
    expect(parseEventDate('next friday')).toBeNull();
    expect(parseEventDate('2031-06-01')).toBeNull();
  });

  it('stores the placeholder 2099-12-31 23:59:59 as one instant, in any spelling', () => {
    for (const text of ['2099-12-31 23:59:59', '2099-12-31T23:59:59Z', '2099-12-31T23:59:59.000Z', '2099-12-31T23:59:59+05:30']) {
      expect(parseEventDate(text)?.toISOString()).toBe(DATE_TO_BE_DECIDED);
    }
    expect(isDateToBeDecided(DATE_TO_BE_DECIDED)).toBe(true);
    expect(isDateToBeDecided(new Date('2099-12-31T18:29:59Z'))).toBe(true);
    expect(isDateToBeDecided('2031-06-01T13:30:00Z')).toBe(false);
    expect(isDateToBeDecided(null)).toBe(false);
  });
});

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
    [{ end_date: '2031-06-01T18:00:00+05:30' }, 'The end date must be after the start date.'],
    [{ pricing_type: 'gender_based', male_price: 500 }, 'Gender-based pricing needs both male_price and female_price.'],
    [{ age_groups: ['open', '18-30'] }, 'The open age group cannot be combined with other age groups or a custom range.'],
    [{ age_groups: ['custom'] }, 'A custom age group needs custom_age_range.'],
  ])('applies the cross-field rule for %j', (extra, message) => {
    const result = createEventSchema.safeParse({ title: 'A', date: future, ...extra });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
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

describe('eventFilterSchema', () => {
  it('reads the query strings of SPEC §3', () => {
    const filter = eventFilterSchema.parse({
      ageRange: '18-30,50 ',
      status: 'canceled',
      minPrice: '100',
      maxPrice: '5000',
      category: 'Music',
      city: 'Bangalore',
      userRole: 'fan',
      page: '2',
      upcomingOnly: 'true',
      meetupType: 'curation',
      eventType: 'Online',
      customAgeRange: '25,35',
    });
    expect(filter).toEqual({
      ageRange: ['18-30', '50+'],
      status: 'cancelled',
      minPrice: 100,
      maxPrice: 5000,
      category: 'music',
      city: 'Bangalore',
      userRole: 'fan',
      page: 2,
      limit: 20,
      upcomingOnly: true,
      meetupType: 'curation',
      eventType: 'online',
      customAgeRange: [25, 35],
    });
  });

  it('treats empty values and "all" as absent', () => {
    expect(eventFilterSchema.parse({ category: 'all', city: '', ageRange: '', page: '', upcomingOnly: '' })).toEqual({
      page: 1,
      limit: 20,
      upcomingOnly: false,
    });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ page: '0' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ minPrice: '500', maxPrice: '100' }, 'minPrice'],
    [{ customAgeRange: '35,25' }, 'customAgeRange'],
    [{ ageRange: '18-30,kids' }, 'ageRange'],
    [{ userRole: 'admin' }, 'userRole'],
    [{ userId: 'me' }, 'userId'],
  ])('refuses %j', (query, field) => {
    const result = eventFilterSchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});

describe('catalogue and pagination', () => {
  it('has the 13 categories of SPEC §3', () => {
    expect(Object.keys(EVENT_CATEGORIES)).toHaveLength(13);
    expect(EVENT_CATEGORIES.tech).toBe('Tech MeetUps');
  });

  it('paginates', () => {
    expect(paginate(1, 20, 0)).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrev: false });
    expect(paginate(2, 20, 41)).toEqual({ page: 2, limit: 20, total: 41, totalPages: 3, hasNext: true, hasPrev: true });
    expect(paginate(5, 20, 41)).toMatchObject({ totalPages: 3, hasNext: false, hasPrev: true });
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
