import { moderationNotice } from './event-moderation';

const base = { status: 'published', reason: null, pending_changes: null, waiting_since: null, taken_down: false } as const;

describe('moderationNotice', () => {
  it('tells the host where their event stands', () => {
    expect(moderationNotice({ ...base, status: 'pending_review' })).toEqual({ tone: 'info', text: 'Waiting for review' });
    expect(moderationNotice({ ...base, status: 'rejected', reason: 'Add the venue' })).toEqual({
      tone: 'error',
      text: 'Not approved: Add the venue',
    });
    expect(moderationNotice({ ...base, pending_changes: { title: 'New' } })).toEqual({
      tone: 'info',
      text: 'Your changes are waiting for review',
    });
    expect(moderationNotice({ ...base, reason: 'Blurry photos' })).toEqual({
      tone: 'error',
      text: 'Your changes were not approved: Blurry photos',
    });
    expect(moderationNotice({ ...base, taken_down: true, reason: 'Fake venue' })).toEqual({
      tone: 'error',
      text: 'Taken down by Tribe: Fake venue',
    });
  });

  it('says nothing of a listed event, or to anyone but the host', () => {
    expect(moderationNotice(base)).toBeNull();
    expect(moderationNotice(undefined)).toBeNull();
  });
});
