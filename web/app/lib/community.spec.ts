import { CommunityMessages } from '../../../api/src/contracts/community.contract.js';
import {
  appendNew,
  feedHref,
  feedTabFrom,
  likeAnswered,
  likeFailed,
  likeLabel,
  likeState,
  likeTapped,
  needsReadMore,
  postableEvents,
  postPreview,
  shownLike,
  textProblem,
  writtenAgo,
  writtenLength,
} from './community';
import { counterText } from './text-length';

describe('written text', () => {
  it('counts as the API does: trimmed, bidi controls dropped, UTF-16 units', () => {
    expect(writtenLength('  hello  ', 'post')).toEqual({ count: 5, max: 2000, tooLong: false });
    expect(writtenLength('\u202Ehi\u202C', 'comment').count).toBe(2);
    expect(writtenLength('😀', 'post').count).toBe(2);
    expect(writtenLength('a'.repeat(1001), 'comment').tooLong).toBe(true);
    expect(writtenLength('a'.repeat(2000), 'post').tooLong).toBe(false);
  });

  it('shows the counter with Indian grouping', () => {
    expect(counterText(writtenLength('a'.repeat(1234), 'post'))).toBe('1,234/2,000');
    expect(counterText(writtenLength('', 'comment'))).toBe('0/1,000');
  });

  it('says what stops a text from being sent, in the API’s words where it has them', () => {
    expect(textProblem('   ', 'post')).toBe(CommunityMessages.emptyText);
    expect(textProblem('\u202E', 'comment')).toBe(CommunityMessages.emptyComment);
    expect(textProblem('bell\u0007', 'post')).toBe(CommunityMessages.controlCharacters);
    expect(textProblem('line one\n\tline two', 'post')).toBeNull();
    expect(textProblem('a'.repeat(2001), 'post')).toBe('Your post can be at most 2,000 characters.');
    expect(textProblem('a'.repeat(1001), 'comment')).toBe('Your comment can be at most 1,000 characters.');
  });
});

describe('optimistic likes', () => {
  const unliked = likeState({ liked: false, likeCount: 3 });

  it('shows a tap at once and sends the wanted state', () => {
    const { state, send } = likeTapped(unliked);
    expect(send).toBe(true);
    expect(shownLike(state)).toEqual({ liked: true, likeCount: 4 });
  });

  it('settles with the server’s count, which may include other people’s likes', () => {
    const tapped = likeTapped(unliked).state;
    const { state, send } = likeAnswered(tapped, { liked: true, likeCount: 9 });
    expect(send).toBeNull();
    expect(state).toEqual(likeState({ liked: true, likeCount: 9 }));
  });

  it('folds taps made while a request is out into one more request, sent when it answers', () => {
    const first = likeTapped(unliked);
    const second = likeTapped(first.state);
    expect(second.send).toBeNull();
    expect(shownLike(second.state)).toEqual({ liked: false, likeCount: 3 });
    const third = likeTapped(second.state);
    expect(third.send).toBeNull();
    expect(shownLike(third.state).liked).toBe(true);
    // The first request's answer matches the latest wish: nothing more to send.
    expect(likeAnswered(third.state, { liked: true, likeCount: 4 }).send).toBeNull();
    // Had the person ended on "not liked", the answer to "liked" is followed by an unlike.
    const undone = likeAnswered(second.state, { liked: true, likeCount: 4 });
    expect(undone.send).toBe(false);
    expect(shownLike(undone.state)).toEqual({ liked: false, likeCount: 3 });
    expect(likeAnswered(undone.state, { liked: false, likeCount: 3 }).state).toEqual(likeState({ liked: false, likeCount: 3 }));
  });

  it('goes back to what the server last said when a request fails', () => {
    const tapped = likeTapped(unliked).state;
    expect(shownLike(likeFailed(tapped))).toEqual({ liked: false, likeCount: 3 });
  });

  it('never shows a count below zero', () => {
    const odd = likeState({ liked: true, likeCount: 0 });
    expect(shownLike(likeTapped(odd).state)).toEqual({ liked: false, likeCount: 0 });
  });

  it('names the button with its count', () => {
    expect(likeLabel({ liked: false, likeCount: 3 })).toBe('Like, 3 likes');
    expect(likeLabel({ liked: true, likeCount: 1 })).toBe('Like, 1 like');
    expect(likeLabel({ liked: false, likeCount: 12_345 })).toBe('Like, 12,345 likes');
  });
});

describe('when it was written', () => {
  const now = Date.parse('2025-12-27T12:00:00Z');

  it('is relative for a week, then the day', () => {
    expect(writtenAgo('2025-12-27T11:59:40Z', now)).toBe('Just now');
    expect(writtenAgo('2025-12-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(writtenAgo('2025-12-21T12:00:01Z', now)).toBe('5 days ago');
    expect(writtenAgo('2025-12-13T12:00:00Z', now)).toBe('Sat, 13 Dec 2025');
    expect(writtenAgo('not a date', now)).toBe('');
  });
});

describe('events to post about', () => {
  it('lists hosted and accepted events once, without cancelled ones or the host’s not on the site, latest first', () => {
    const hosted = [
      { id: 'e1', title: 'Supper club', date: '2025-11-01T13:30:00Z', status: 'completed', moderation: { status: 'published' } },
      { id: 'e2', title: 'Called off', date: '2025-12-01T13:30:00Z', status: 'cancelled' },
      { id: 'e5', title: 'In review', date: '2025-12-20T13:30:00Z', status: 'upcoming', moderation: { status: 'pending_review' } },
      { id: 'e6', title: 'Refused', date: '2025-12-21T13:30:00Z', status: 'upcoming', moderation: { status: 'rejected' } },
    ];
    const booked = [
      { id: 'e3', title: 'Trek', date: '2025-12-10T02:00:00Z', status: 'upcoming', bid_status: 'accepted' },
      { id: 'e4', title: 'Pending', date: '2025-12-12T02:00:00Z', status: 'upcoming', bid_status: 'pending' },
      { id: 'e1', title: 'Supper club', date: '2025-11-01T13:30:00Z', status: 'completed', bid_status: 'accepted' },
    ];
    expect(postableEvents(hosted, booked).map((event) => event.id)).toEqual(['e3', 'e1']);
  });
});

describe('the feed', () => {
  it('reads its tab and writes its addresses', () => {
    expect(feedTabFrom(new URLSearchParams('tab=following'))).toBe('following');
    expect(feedTabFrom(new URLSearchParams('tab=nonsense'))).toBe('for-you');
    expect(feedHref('for-you')).toBe('/community');
    expect(feedHref('following', 'czEyMw')).toBe('/community?tab=following&cursor=czEyMw');
  });

  it('appends only what it does not hold yet', () => {
    expect(appendNew([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }])).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });

  it('shortens long posts in the feed', () => {
    expect(needsReadMore('A short note')).toBe(false);
    expect(needsReadMore('x'.repeat(321))).toBe(true);
    expect(needsReadMore('1\n2\n3\n4\n5\n6\n7')).toBe(true);
  });

  it('previews a post with its author and its text on one line', () => {
    const preview = postPreview({ text: 'Rain,\n\n  chai and   friends', author: { name: 'Asha Rao' } });
    expect(preview).toEqual({ title: 'Asha Rao on Tribe', description: 'Rain, chai and friends' });
    expect(postPreview({ text: 'x'.repeat(500), author: { name: 'A' } }).description).toHaveLength(200);
  });
});
