import { eventFilterSchema } from './event-filter.schema.js';

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
    [{ minPrice: '0x10' }, 'minPrice'],
    [{ maxPrice: '1e3' }, 'maxPrice'],
    [{ page: '0x2' }, 'page'],
    [{ customAgeRange: '0x14,30' }, 'customAgeRange'],
  ])('refuses %j', (query, field) => {
    const result = eventFilterSchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(field);
  });
});
