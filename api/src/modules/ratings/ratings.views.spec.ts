import { RatingLimits } from '../../contracts/ratings.contract.js';
import { DELETED_USER, ratingView, statsView, withinEditWindow, type RatingRow } from './ratings.views.js';

const DAY_MS = 86_400_000;
const given = new Date('2026-03-01T10:00:00Z');

const row = (changes: Partial<RatingRow> = {}): RatingRow => ({
  id: 'rating-1',
  raterId: 'fan-1',
  ratedInfluencerId: 'host-1',
  eventId: 'event-1',
  applicationId: 'application-1',
  hostRating: 4,
  eventRating: 5,
  hostReview: 'Warm host',
  eventReview: 'Great music',
  averageRating: 4.5,
  status: 'published',
  createdAt: given,
  updatedAt: given,
  replyText: null,
  repliedAt: null,
  replyEditedAt: null,
  raterName: ' Priya ',
  raterAvatarUrl: 'https://cdn.example/p.jpg',
  raterDeleted: false,
  hostName: 'Kabir',
  hostAvatarUrl: null,
  hostDeleted: false,
  eventTitle: 'Jazz night',
  eventDate: new Date('2026-02-27T14:00:00Z'),
  ...changes,
});

describe('ratingView', () => {
  it('shows the rater, host, event and reply; only the rater within the window may edit', () => {
    const view = ratingView(row({ replyText: 'Thank you!', repliedAt: given }), 'fan-1', new Date(given.getTime() + DAY_MS));
    expect(view).toMatchObject({
      averageRating: 4.5,
      rater: { id: 'fan-1', name: 'Priya', avatarUrl: 'https://cdn.example/p.jpg' },
      ratedInfluencer: { id: 'host-1', name: 'Kabir', avatarUrl: null },
      event: { id: 'event-1', title: 'Jazz night', date: '2026-02-27T14:00:00.000Z' },
      application: { id: 'application-1' },
      reply: { text: 'Thank you!', repliedAt: given.toISOString(), editedAt: null },
      canEdit: true,
    });
    expect(ratingView(row(), 'host-1').canEdit).toBe(false);
    expect(ratingView(row(), null).canEdit).toBe(false);
  });

  it('keeps the stars of a rater who deleted their account, without their name, photo or words', () => {
    const view = ratingView(row({ raterDeleted: true }), 'fan-1', given);
    expect(view).toMatchObject({
      hostRating: 4,
      eventRating: 5,
      hostReview: null,
      eventReview: null,
      rater: { id: 'fan-1', name: DELETED_USER, avatarUrl: null },
      canEdit: false,
    });
  });

  it('names a person without a name "User"', () => {
    expect(ratingView(row({ raterName: '  ' }), null).rater.name).toBe('User');
  });
});

describe('withinEditWindow', () => {
  it(`is open for ${RatingLimits.editWindowDays} days after the rating was given`, () => {
    const end = given.getTime() + RatingLimits.editWindowDays * DAY_MS;
    expect(withinEditWindow(given, new Date(end - 1))).toBe(true);
    expect(withinEditWindow(given, new Date(end))).toBe(false);
  });
});

describe('statsView', () => {
  it('lays the counts per star out as the histogram and bands the host by count and average', () => {
    const stats = statsView('host-1', {
      totalRatings: 6,
      averageRating: 4.42,
      averageHostRating: 4.5,
      averageEventRating: 4.33,
      eventCount: 2,
      stars: [0, 0, 1, 1, 4],
    });
    expect(stats).toEqual({
      influencerId: 'host-1',
      totalRatings: 6,
      averageRating: 4.42,
      averageHostRating: 4.5,
      averageEventRating: 4.33,
      eventCount: 2,
      status: 'great',
      statusDescription: 'Rated highly by attendees',
      histogram: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 4 },
    });
  });

  it('calls a host with fewer than three ratings new, and one without any has no averages', () => {
    const none = statsView('host-1', {
      totalRatings: 0,
      averageRating: null,
      averageHostRating: null,
      averageEventRating: null,
      eventCount: 0,
      stars: [0, 0, 0, 0, 0],
    });
    expect(none).toMatchObject({ status: 'new', averageRating: null, histogram: { '1': 0, '5': 0 } });
  });
});
