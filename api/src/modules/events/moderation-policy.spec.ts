import { initialModerationStatus, moderateEdit, reviewSubject } from './moderation-policy.js';

const now = new Date('2030-01-01T10:00:00Z');
const listed = {
  moderationStatus: 'published' as const,
  pendingChanges: null,
  reviewRequestedAt: null,
  moderationReason: 'Earlier changes were blurry',
  title: 'Jazz night',
  description: 'Live trio',
  images: ['https://cdn.example.in/a.png'],
};

describe('event moderation policy', () => {
  it('lists new events of admins and verified hosts at once, and queues the others', () => {
    expect([initialModerationStatus('admin'), initialModerationStatus('verified'), initialModerationStatus('unverified')]).toEqual([
      'published',
      'published',
      'pending_review',
    ]);
  });

  it('holds an unverified host’s new words and photos of a listed event, applying the rest at once', () => {
    const edit = moderateEdit(listed, { title: 'Jazz & wine night', capacity: 8, images: listed.images }, 'unverified', now);
    expect(edit).toEqual({
      applied: { capacity: 8 },
      moderation: { pendingChanges: { title: 'Jazz & wine night' }, reviewRequestedAt: now, moderationReason: null },
    });
  });

  it('keeps the first request time when more changes join the pending ones, and drops a field set back to what is listed', () => {
    const waiting = {
      ...listed,
      pendingChanges: { title: 'New', description: 'New words' },
      reviewRequestedAt: new Date('2029-12-31T00:00:00Z'),
    };
    expect(moderateEdit(waiting, { title: 'Jazz night' }, 'unverified', now).moderation).toEqual({
      pendingChanges: { description: 'New words' },
      reviewRequestedAt: waiting.reviewRequestedAt,
      moderationReason: null,
    });
    expect(moderateEdit({ ...waiting, pendingChanges: { title: 'New' } }, { title: 'Jazz night' }, 'unverified', now).moderation).toEqual({
      pendingChanges: null,
      reviewRequestedAt: null,
    });
  });

  it('applies verified hosts’ and admins’ edits at once, and resubmits a refused event on any edit by its host', () => {
    expect(moderateEdit(listed, { title: 'X' }, 'verified', now)).toEqual({ applied: { title: 'X' }, moderation: {} });
    expect(moderateEdit({ ...listed, moderationStatus: 'rejected' }, { title: 'X' }, 'verified', now)).toEqual({
      applied: { title: 'X' },
      moderation: { moderationStatus: 'pending_review', reviewRequestedAt: now, moderationReason: null },
    });
    expect(moderateEdit({ ...listed, moderationStatus: 'rejected' }, { title: 'X' }, 'admin', now).moderation).toEqual({});
  });

  it('decides only active events that wait: new ones, or listed ones with pending changes', () => {
    expect(reviewSubject({ status: 'active', moderationStatus: 'pending_review', pendingChanges: null })).toBe('new');
    expect(reviewSubject({ status: 'active', moderationStatus: 'published', pendingChanges: { title: 'X' } })).toBe('edited');
    expect(reviewSubject({ status: 'active', moderationStatus: 'published', pendingChanges: null })).toBeNull();
    expect(reviewSubject({ status: 'cancelled', moderationStatus: 'pending_review', pendingChanges: null })).toBeNull();
    expect(reviewSubject({ status: 'active', moderationStatus: 'rejected', pendingChanges: null })).toBeNull();
  });
});
