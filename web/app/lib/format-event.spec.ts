import {
  eventChangesAllowed,
  eventImages,
  imageSrcSet,
  thumbnailUrl,
  formatAgeGroups,
  formatCategory,
  formatCountdown,
  formatEventDate,
  formatEventPrice,
  formatInstant,
  formatPriceLabel,
  formatRating,
  formatRupees,
  fromIstInputValue,
  groupIndian,
  isDateToBeDecided,
  shareDescription,
  toIstInputValue,
} from './format-event';

const priced = { pricing_type: 'standard', male_price: null, female_price: null, min_bid: null, meetup_type: 'confirmed' };

describe('price display', () => {
  it('shows male and female prices for gender-based pricing', () => {
    expect(formatEventPrice({ ...priced, pricing_type: 'gender_based', male_price: 1500, female_price: 1000 })).toBe('₹1,500 / ₹1,000');
  });

  it('shows the minimum bid otherwise', () => {
    expect(formatEventPrice({ ...priced, min_bid: 250000 })).toBe('₹2,50,000');
    expect(formatEventPrice({ ...priced, min_bid: 800, meetup_type: null })).toBe('₹800');
  });

  it('shows nothing for priceless confirmed or curation meetups, and Plan Together otherwise', () => {
    expect(formatEventPrice({ ...priced, meetup_type: 'confirmed' })).toBeNull();
    expect(formatEventPrice({ ...priced, meetup_type: 'curation' })).toBeNull();
    expect(formatEventPrice({ ...priced, meetup_type: null })).toBe('Plan Together');
    expect(formatEventPrice({ ...priced, meetup_type: 'plan_together', min_bid: 0 })).toBe('Plan Together');
  });
});

describe('rupees and lakhs', () => {
  it('groups digits the Indian way', () => {
    expect(groupIndian(0)).toBe('0');
    expect(groupIndian(999)).toBe('999');
    expect(groupIndian(1000)).toBe('1,000');
    expect(groupIndian(100000)).toBe('1,00,000');
    expect(groupIndian(12345678)).toBe('1,23,45,678');
    expect(formatRupees(45000)).toBe('₹45,000');
  });

  it('shows the price slider in lakhs from 100000', () => {
    expect(formatPriceLabel(99_900)).toBe('₹99,900');
    expect(formatPriceLabel(100_000)).toBe('₹1L');
    expect(formatPriceLabel(150_000)).toBe('₹1.5L');
    expect(formatPriceLabel(0)).toBe('₹0');
  });
});

describe('age display', () => {
  it('reads Open with no groups or with open', () => {
    expect(formatAgeGroups({ age_groups: [], custom_age_range: null })).toBe('Open');
    expect(formatAgeGroups({ age_groups: null, custom_age_range: null })).toBe('Open');
    expect(formatAgeGroups({ age_groups: ['open'], custom_age_range: null })).toBe('Open');
  });

  it('shows the two numbers of a custom range', () => {
    expect(formatAgeGroups({ age_groups: ['custom'], custom_age_range: [25, 40] })).toBe('25 - 40');
    expect(formatAgeGroups({ age_groups: '["custom"]', custom_age_range: '[30,45]' })).toBe('30 - 45');
  });

  it('joins fixed groups with commas, whether sent as a list or as JSON text', () => {
    expect(formatAgeGroups({ age_groups: ['18-30', '31-40'], custom_age_range: null })).toBe('18-30, 31-40');
    expect(formatAgeGroups({ age_groups: '["50+"]', custom_age_range: null })).toBe('50+');
  });
});

describe('dates', () => {
  const now = Date.parse('2030-05-10T10:00:00.000Z');

  it('counts down in days, hours and minutes', () => {
    expect(formatCountdown({ date: '2030-05-12T14:10:30.000Z' }, now)).toBe('2d 4h 10m');
    expect(formatCountdown({ date: '2030-05-10T13:05:00.000Z' }, now)).toBe('3h 5m');
  });

  it('says the event is starting soon within the last hour, and has passed from the start on', () => {
    expect(formatCountdown({ date: '2030-05-10T10:59:00.000Z' }, now)).toBe('Event starting soon');
    expect(formatCountdown({ date: '2030-05-10T11:00:00.000Z' }, now)).toBe('1h 0m');
    expect(formatCountdown({ date: '2030-05-10T10:00:00.000Z' }, now)).toBe('Event has passed');
    expect(formatCountdown({ date: '2030-05-01T10:00:00.000Z' }, now)).toBe('Event has passed');
  });

  it('treats the placeholder 2099-12-31 23:59:59 as date to be decided, in any zone it was written', () => {
    expect(isDateToBeDecided({ date: '2099-12-31T23:59:59.000Z' })).toBe(true);
    expect(isDateToBeDecided({ date: '2099-12-31T23:59:59+05:30' })).toBe(true);
    expect(isDateToBeDecided({ date: '2030-12-31T23:59:59.000Z' })).toBe(false);
    expect(isDateToBeDecided({ date: '2030-12-31T23:59:59.000Z', is_date_to_be_decided: true })).toBe(true);
    expect(formatCountdown({ date: '2099-12-31T18:29:59.000Z' }, now)).toBe('Date to be decided');
    expect(formatEventDate({ date: '2099-12-31T23:59:59.000Z' })).toBe('Date to be decided');
  });

  it('writes dates in India time', () => {
    expect(formatEventDate({ date: '2030-05-10T14:00:00.000Z' })).toBe('Fri, 10 May 2030 · 7:30 PM');
    expect(formatEventDate({ date: '2030-05-10T18:45:00.000Z' })).toBe('Sat, 11 May 2030 · 12:15 AM');
    // Job support's moments, to the second: 03:53:03 UTC is 9:23:03 AM in India, not "3:53:03 am".
    expect(formatInstant('2026-11-27T03:53:03.000Z')).toBe('Fri, 27 Nov 2026 · 9:23:03 AM');
    expect(formatInstant('not a date')).toBe('');
  });

  it('converts datetime-local values as India time, both ways', () => {
    expect(fromIstInputValue('2030-05-10T19:30')).toBe('2030-05-10T14:00:00.000Z');
    expect(toIstInputValue('2030-05-10T14:00:00.000Z')).toBe('2030-05-10T19:30');
    expect(fromIstInputValue('2030-02-31T10:00')).toBeNull();
    expect(fromIstInputValue('tomorrow')).toBeNull();
    expect(toIstInputValue(null)).toBe('');
  });
});

describe('the rest', () => {
  it('labels categories with the API label, then the catalogue, then the key', () => {
    expect(formatCategory({ category: 'gamenights', category_label: 'Game Nights' })).toBe('Game Nights');
    expect(formatCategory({ category: 'tech', category_label: null }, { tech: 'Tech MeetUps' })).toBe('Tech MeetUps');
    expect(formatCategory({ category: 'houseparty', category_label: null })).toBe('House Party');
    expect(formatCategory({ category: 'unknown', category_label: null })).toBe('unknown');
    expect(formatCategory({ category: null, category_label: null })).toBeNull();
  });

  it('rounds a rating to one decimal and hides a missing one', () => {
    expect(formatRating(4.46)).toBe('4.5');
    expect(formatRating('3')).toBe('3.0');
    expect(formatRating(null)).toBeNull();
    expect(formatRating(0)).toBeNull();
  });

  it('offers the WebP variants of an image as its srcset, and nothing before they exist', () => {
    const event = {
      responsive_images: [
        {
          url: '/files/a.jpg',
          variants: [
            { width: 320, height: 200, url: '/files/a-w320.webp' },
            { width: 640, height: 400, url: '/files/a-w640.webp' },
          ],
        },
        { url: '/files/b.jpg', variants: [] },
      ],
    };
    expect(imageSrcSet(event, '/files/a.jpg')).toBe('/files/a-w320.webp 320w, /files/a-w640.webp 640w');
    expect(imageSrcSet(event, '/files/b.jpg')).toBeUndefined();
    expect(imageSrcSet(event, '/files/elsewhere.jpg')).toBeUndefined();
    expect(imageSrcSet({}, '/files/a.jpg')).toBeUndefined();
  });

  it('picks a thumbnail: the smallest variant wide enough, else the largest, else the original', () => {
    const event = {
      responsive_images: [
        {
          url: '/a.jpg',
          variants: [
            { width: 320, height: 200, url: '/a-w320.webp' },
            { width: 640, height: 400, url: '/a-w640.webp' },
          ],
        },
        { url: '/small.png', variants: [{ width: 200, height: 100, url: '/small-w200.webp' }] },
      ],
    };
    expect(thumbnailUrl(event, '/a.jpg', 320)).toBe('/a-w320.webp');
    expect(thumbnailUrl(event, '/a.jpg', 321)).toBe('/a-w640.webp');
    expect(thumbnailUrl(event, '/a.jpg', 2000)).toBe('/a-w640.webp');
    expect(thumbnailUrl(event, '/small.png', 320)).toBe('/small-w200.webp');
    expect(thumbnailUrl(event, '/other.jpg', 320)).toBe('/other.jpg');
  });

  it('reads images sent as JSON text or as a list', () => {
    expect(eventImages({ images: '["/a.png","/b.png"]' })).toEqual(['/a.png', '/b.png']);
    expect(eventImages({ images: ['/a.png', ''] })).toEqual(['/a.png']);
    expect(eventImages({ images: 'not json' })).toEqual([]);
  });

  it('shortens a share description', () => {
    const long = 'word '.repeat(100);
    const text = shareDescription({ description: long, date: '2030-05-10T14:00:00.000Z', location: null, city: null }, 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('…')).toBe(true);
    expect(shareDescription({ description: '', date: '2030-05-10T14:00:00.000Z', location: 'Bandra, Mumbai', city: null })).toBe(
      'Fri, 10 May 2030 · 7:30 PM · Bandra, Mumbai',
    );
  });
});

describe('what a manager of the event may change', () => {
  const event = { host_id: 'host', date: '2030-05-10T14:00:00.000Z' };
  const before = Date.parse(event.date) - 86_400_000;
  it('lets the host edit and cancel, an admin only as their flags say, and nobody signed out', () => {
    expect(eventChangesAllowed(event, { id: 'host', admin_permissions: null }, before)).toEqual({ edit: true, cancel: true });
    expect(eventChangesAllowed(event, { id: 'admin', admin_permissions: { verify_influencers: true } }, before)).toEqual({
      edit: false,
      cancel: false,
    });
    expect(eventChangesAllowed(event, { id: 'admin', admin_permissions: { approve_events: true } }, before)).toEqual({
      edit: true,
      cancel: false,
    });
    expect(eventChangesAllowed(event, { id: 'admin', admin_permissions: { delete_events: true } }, before)).toEqual({
      edit: false,
      cancel: true,
    });
    expect(eventChangesAllowed(event, null, before)).toEqual({ edit: false, cancel: false });
  });

  it('stops offering the host a cancellation once the event has started; an admin keeps it', () => {
    const started = Date.parse(event.date) + 60_000;
    expect(eventChangesAllowed(event, { id: 'host' }, started)).toEqual({ edit: true, cancel: false });
    expect(eventChangesAllowed(event, { id: 'admin', admin_permissions: { delete_events: true } }, started).cancel).toBe(true);
    expect(eventChangesAllowed(event, { id: 'host' }, before).cancel).toBe(true);
  });
});
