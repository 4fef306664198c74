/**
 * Where an admin sees the record an audit row is about: its admin page (events, people), its own
 * page (posts), or the page the row kept when it was written (a comment's post, a review's host).
 */
export function auditRecordLink(entry: { record_type: string; record_id: string; before: Record<string, unknown> | null }): string | null {
  switch (entry.record_type) {
    case 'event':
      return `/admin/events/${entry.record_id}`;
    case 'user':
      return `/admin/users/${entry.record_id}`;
    case 'post':
      return `/post/${entry.record_id}`;
    default: {
      const kept = entry.before?.link;
      return typeof kept === 'string' && kept.startsWith('/') && !kept.startsWith('//') ? kept : null;
    }
  }
}

/** A before/after field's value in a few words. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
