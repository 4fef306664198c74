import { auditRecordLink, auditValue } from './admin-records';

describe('auditRecordLink', () => {
  const id = '0b7c7a52-8f0e-4c53-9d55-6c1f3d1d2a10';

  it('leads events and people to their admin pages, and posts to their page', () => {
    expect(auditRecordLink({ record_type: 'event', record_id: id, before: null })).toBe(`/admin/events/${id}`);
    expect(auditRecordLink({ record_type: 'user', record_id: id, before: null })).toBe(`/admin/users/${id}`);
    expect(auditRecordLink({ record_type: 'post', record_id: id, before: { link: '/elsewhere' } })).toBe(`/post/${id}`);
  });

  it('leads other records to the page their row kept, and never off the site', () => {
    expect(auditRecordLink({ record_type: 'comment', record_id: id, before: { link: '/post/p1' } })).toBe('/post/p1');
    expect(auditRecordLink({ record_type: 'review', record_id: id, before: { link: '//evil.example' } })).toBeNull();
    expect(auditRecordLink({ record_type: 'review', record_id: id, before: { link: 'https://evil.example' } })).toBeNull();
    expect(auditRecordLink({ record_type: 'job', record_id: id, before: null })).toBeNull();
  });
});

describe('auditValue', () => {
  it('says each value in a few words', () => {
    expect([auditValue(null), auditValue('removed'), auditValue(2), auditValue(false), auditValue({ a: 1 })]).toEqual([
      '—',
      'removed',
      '2',
      'false',
      '{"a":1}',
    ]);
  });
});
