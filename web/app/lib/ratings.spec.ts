import { RatingLimits, RatingMessages } from '../../../api/src/contracts/ratings.contract.js';
import {
  awaitingByRecency,
  awaitingCardText,
  canStillEdit,
  closedRateHref,
  editWindowText,
  hasEventEnded,
  histogramRows,
  hostRatingLink,
  myRatingOf,
  rateHref,
  ratingCountText,
  ratingFailure,
  ratingFieldErrors,
  ratingSuccess,
  readStars,
  reviewLength,
  reviewReportPath,
  reviewsPath,
  starCountLabel,
  starFills,
  starsAlt,
  starWord,
} from './ratings';
import { checkReply, readRatingForm } from './rating-forms';
import { counterText } from './text-length';

const DAY = 86_400_000;
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
};
const awaiting = (title: string, date: string, hostName = 'Meera Joshi') => ({
  event: { id: `e-${title}`, title, date, hostId: 'h1', hostName, image: null },
  applicationId: `a-${title}`,
});

describe('star labels', () => {
  it('names each radio and says what it means', () => {
    expect([1, 2, 3, 4, 5].map(starCountLabel)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect([1, 2, 3, 4, 5].map(starWord)).toEqual(['Poor', 'Fair', 'Good', 'Very good', 'Excellent']);
    expect(starWord(0)).toBe('');
    expect(starWord(null)).toBe('');
  });

  it('reads only whole numbers from 1 to 5', () => {
    expect(readStars('4')).toBe(4);
    expect(readStars(5)).toBe(5);
    for (const value of ['0', '6', '4.5', '', 'four', null, 3.5]) expect(readStars(value)).toBeNull();
  });

  it('describes a row of stars with one decimal and draws it to the nearest half', () => {
    expect(starsAlt(4.25)).toBe('4.3 out of 5 stars');
    expect(starsAlt(5)).toBe('5.0 out of 5 stars');
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(starFills(3.7)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starFills(3.8)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(9)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('links a host\'s rating with its count when known, and leaves hosts without one to "New host"', () => {
    expect(hostRatingLink(4.67, 12)).toEqual({ average: '4.7', count: '(12)', label: 'Rated 4.7 out of 5 from 12 ratings. See reviews' });
    expect(hostRatingLink('4.50')).toEqual({ average: '4.5', count: null, label: 'Rated 4.5 out of 5. See reviews' });
    expect(hostRatingLink(4, 1)?.label).toBe('Rated 4.0 out of 5 from 1 rating. See reviews');
    expect(hostRatingLink(null, 3)).toBeNull();
    expect(hostRatingLink(0)).toBeNull();
  });

  it('counts ratings with Indian grouping', () => {
    expect(ratingCountText(1)).toBe('1 rating');
    expect(ratingCountText(150000)).toBe('1,50,000 ratings');
  });
});

describe('histogram percentages', () => {
  it('lists 5 stars first, each bar its whole per cent of all ratings', () => {
    const rows = histogramRows({ '1': 1, '2': 0, '3': 1, '4': 2, '5': 8 }, 12);
    expect(rows.map((row) => [row.stars, row.count, row.percent])).toEqual([
      [5, 8, 67],
      [4, 2, 17],
      [3, 1, 8],
      [2, 0, 0],
      [1, 1, 8],
    ]);
    expect(rows[0]!.label).toBe('5 stars: 8 ratings, 67%');
    expect(rows[4]!.label).toBe('1 star: 1 rating, 8%');
  });

  it('is 0% everywhere without ratings and 100% for a lone one; missing counts are 0', () => {
    expect(histogramRows({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }, 0).map((row) => row.percent)).toEqual([0, 0, 0, 0, 0]);
    expect(histogramRows({ '4': 1 }).map((row) => row.percent)).toEqual([0, 100, 0, 0, 0]);
  });

  it('sums the bars itself when the total is not given', () => {
    expect(histogramRows({ '5': 1, '3': 3 }).map((row) => row.percent)).toEqual([25, 0, 75, 0, 0]);
  });
});

describe('the awaiting card', () => {
  it('asks how the event was and says who hosted it and when (India time)', () => {
    const text = awaitingCardText(awaiting('Rooftop supper', '2025-12-27T14:00:00.000Z'));
    expect(text.title).toBe('How was Rooftop supper?');
    expect(text.detail).toBe('Hosted by Meera Joshi · Sat, 27 Dec 2025');
    expect(text.starLabel(1)).toBe('Rate Rooftop supper 1 star');
    expect(text.starLabel(4)).toBe('Rate Rooftop supper 4 stars');
  });

  it('never reads "How was ?" or "Hosted by ·"', () => {
    const text = awaitingCardText(awaiting('  ', 'not a date', ''));
    expect(text.title).toBe('How was your event?');
    expect(text.detail).toBe('Hosted by the host');
  });

  it('puts the most recent event first', () => {
    const list = [
      awaiting('old', '2025-01-01T10:00:00Z'),
      awaiting('new', '2025-03-01T10:00:00Z'),
      awaiting('mid', '2025-02-01T10:00:00Z'),
    ];
    expect(awaitingByRecency(list).map((item) => item.event.title)).toEqual(['new', 'mid', 'old']);
  });
});

describe('when an event has ended', () => {
  const start = Date.parse('2025-12-27T14:00:00Z');
  it('is its end, or without one three hours after its start', () => {
    const withEnd = { date: new Date(start).toISOString(), end_date: new Date(start + 5 * 3_600_000).toISOString() };
    expect(hasEventEnded(withEnd, start + 4 * 3_600_000)).toBe(false);
    expect(hasEventEnded(withEnd, start + 5 * 3_600_000)).toBe(true);
    const noEnd = { date: new Date(start).toISOString(), end_date: null };
    expect(hasEventEnded(noEnd, start + RatingLimits.defaultDurationHours * 3_600_000 - 1)).toBe(false);
    expect(hasEventEnded(noEnd, start + RatingLimits.defaultDurationHours * 3_600_000)).toBe(true);
  });

  it('never comes for a date still to be decided', () => {
    expect(hasEventEnded({ date: '2099-12-31T23:59:59+05:30', is_date_to_be_decided: true }, Date.parse('2100-06-01T00:00:00Z'))).toBe(
      false,
    );
  });
});

describe('the edit window', () => {
  const createdAt = '2025-12-01T10:00:00.000Z';
  const given = Date.parse(createdAt);
  it(`lets the rater change a rating for ${RatingLimits.editWindowDays} days, while the API says they may`, () => {
    expect(canStillEdit({ canEdit: true, createdAt }, given + 29 * DAY)).toBe(true);
    expect(canStillEdit({ canEdit: true, createdAt }, given + RatingLimits.editWindowDays * DAY)).toBe(false);
    expect(canStillEdit({ canEdit: false, createdAt }, given + DAY)).toBe(false);
  });

  it('says until when, then why not', () => {
    expect(editWindowText({ canEdit: true, createdAt }, given)).toBe('You can change it until Wed, 31 Dec 2025.');
    expect(editWindowText({ canEdit: true, createdAt }, given + 31 * DAY)).toBe(RatingMessages.editWindowOver);
  });
});

describe('the rating form', () => {
  it('reads a new rating with its reviews trimmed, blank ones as none', () => {
    const read = readRatingForm(
      formOf({ intent: 'rate', eventId: 'e1', hostRating: '5', eventRating: '4', hostReview: '  Warm host ', eventReview: '   ' }),
    );
    expect(read).toEqual({
      ok: true,
      value: { intent: 'rate', eventId: 'e1', body: { hostRating: 5, eventRating: 4, hostReview: 'Warm host', eventReview: null } },
    });
  });

  it('reads an update and a delete by the rating id', () => {
    expect(readRatingForm(formOf({ intent: 'update', ratingId: 'r1', hostRating: '3', eventRating: '2' }))).toEqual({
      ok: true,
      value: { intent: 'update', ratingId: 'r1', body: { hostRating: 3, eventRating: 2, hostReview: null, eventReview: null } },
    });
    expect(readRatingForm(formOf({ intent: 'delete', ratingId: 'r1' }))).toEqual({ ok: true, value: { intent: 'delete', ratingId: 'r1' } });
  });

  it('asks for both stars and refuses a review over 1,000 characters, field by field', () => {
    const read = readRatingForm(formOf({ intent: 'rate', eventId: 'e1', hostRating: '0', hostReview: 'a'.repeat(1001) }));
    expect(read).toEqual({
      ok: false,
      intent: 'rate',
      fieldErrors: {
        hostRating: 'Please choose 1 to 5 stars for the host.',
        eventRating: 'Please choose 1 to 5 stars for the event.',
        hostReview: 'Please keep your review under 1,000 characters.',
      },
    });
  });

  it('the sheet checks the fields before sending as the server reads them, with the same words', () => {
    const typed = { hostRating: 4, eventRating: 0, hostReview: 'ok', eventReview: 'b'.repeat(1001) };
    expect(ratingFieldErrors(typed)).toEqual({
      eventRating: 'Please choose 1 to 5 stars for the event.',
      eventReview: 'Please keep your review under 1,000 characters.',
    });
    const sent = readRatingForm(
      formOf({ intent: 'rate', eventId: 'e1', hostRating: '4', eventRating: '0', hostReview: 'ok', eventReview: 'b'.repeat(1001) }),
    );
    expect(sent).toEqual({ ok: false, intent: 'rate', fieldErrors: ratingFieldErrors(typed) });
    expect(ratingFieldErrors({ hostRating: '5', eventRating: 3, hostReview: '', eventReview: ' ' })).toEqual({});
  });

  it('counts a review as the API does: invisible direction marks and the spaces around it do not count', () => {
    expect(reviewLength('  \u202Bgreat\u202C night  ')).toEqual({ count: 11, max: 1000, tooLong: false });
    expect(counterText(reviewLength('x'.repeat(1000)))).toBe('1,000/1,000');
    expect(reviewLength('x'.repeat(1001)).tooLong).toBe(true);
  });

  it("says the spec's sentences", () => {
    expect(ratingSuccess('rate')).toBe('Rating submitted successfully!');
    expect(ratingSuccess('update')).toBe(RatingMessages.updated);
    expect(ratingSuccess('delete')).toBe(RatingMessages.deleted);
    expect(ratingFailure('rate', 500)).toBe('Failed to submit rating. Please try again.');
    expect(ratingFailure('rate', 503, 'Tribe is not reachable right now.')).toBe('Failed to submit rating. Please try again.');
    expect(ratingFailure('update', 429, 'Too many requests')).toBe(RatingMessages.updateFailed);
    expect(ratingFailure('delete', 502)).toBe(RatingMessages.deleteFailed);
    expect(ratingFailure('rate', 401, 'Authentication required')).toBe('Please log in to submit a rating');
    expect(ratingFailure('rate', 409, RatingMessages.alreadyRated)).toBe(RatingMessages.alreadyRated);
  });

  it('checks a reply: not empty, at most 1,000 characters', () => {
    expect(checkReply('  Thank you for coming! ')).toEqual({ ok: true, text: 'Thank you for coming!' });
    expect(checkReply('   ')).toEqual({ ok: false, error: RatingMessages.emptyReply });
    expect(checkReply('a'.repeat(1001))).toEqual({ ok: false, error: 'Please keep your reply under 1,000 characters.' });
  });
});

describe('where I stand with an event', () => {
  const rating = {
    id: 'r1',
    raterId: 'f1',
    ratedInfluencerId: 'h1',
    eventId: 'e-rated',
    applicationId: 'a1',
    hostRating: 5,
    eventRating: 4,
    hostReview: 'Warm host',
    eventReview: null,
    averageRating: 4.5,
    status: 'published' as const,
    createdAt: '2025-12-01T10:00:00.000Z',
    updatedAt: '2025-12-01T10:00:00.000Z',
    rater: { id: 'f1', name: 'Kabir Sethi', avatarUrl: null },
    ratedInfluencer: { id: 'h1', name: 'Meera Joshi', avatarUrl: null },
    event: { id: 'e-rated', title: 'Jazz night', date: '2025-11-30T14:00:00.000Z' },
    application: { id: 'a1' },
    reply: null,
    canEdit: true,
  };
  const mine = { ratings: [rating], awaiting: [awaiting('Rooftop supper', '2025-12-27T14:00:00.000Z')] };

  it('offers to rate an event still waiting, with nothing filled in', () => {
    expect(myRatingOf(mine, 'e-Rooftop supper')).toEqual({
      kind: 'awaiting',
      applicationId: 'a-Rooftop supper',
      subject: { eventId: 'e-Rooftop supper', eventTitle: 'Rooftop supper', hostName: 'Meera Joshi', rating: null },
    });
  });

  it('offers my rating of an event I rated, to change or delete', () => {
    expect(myRatingOf(mine, 'e-rated')).toMatchObject({
      kind: 'rated',
      applicationId: 'a1',
      subject: {
        eventTitle: 'Jazz night',
        hostName: 'Meera Joshi',
        rating: { id: 'r1', hostRating: 5, eventRating: 4, hostReview: 'Warm host', eventReview: null, canEdit: true },
      },
    });
  });

  it('offers nothing for an event I may not rate, or when my ratings could not be read', () => {
    expect(myRatingOf(mine, 'e-other')).toBeNull();
    expect(myRatingOf(null, 'e-rated')).toBeNull();
  });
});

describe('addresses', () => {
  it("makes a host's and an event's reviews pages, with the page and the back button's origin", () => {
    expect(reviewsPath('h1')).toBe('/profile-preview/h1/reviews');
    expect(reviewsPath('h1', { eventId: 'e1', page: 2, from: '/event/e1' })).toBe(
      '/profile-preview/h1/reviews/e1?page=2&from=%2Fevent%2Fe1',
    );
    expect(reviewsPath('h1', { page: 1 })).toBe('/profile-preview/h1/reviews');
    expect(reviewReportPath('h1', 'r1', '/profile-preview/h1/reviews?page=2')).toBe(
      '/profile-preview/h1/reviews/report/r1?from=%2Fprofile-preview%2Fh1%2Freviews%3Fpage%3D2',
    );
  });

  it('opens and closes the rating form through the address, keeping the rest of it', () => {
    expect(rateHref('/home', '?tab=plan-together', 'e1', 4)).toBe('/home?tab=plan-together&rate=e1&stars=4');
    expect(rateHref('/my-bookings', '?confirm=delete-rating&stars=2', 'e2')).toBe('/my-bookings?rate=e2');
    expect(closedRateHref('/home', '?tab=plan-together&rate=e1&stars=4&confirm=delete-rating')).toBe('/home?tab=plan-together');
    expect(closedRateHref('/event/e1', '?rate=1')).toBe('/event/e1');
  });
});
