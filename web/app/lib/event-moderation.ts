import type { EventModerationView } from '../../../api/src/contracts/event-moderation.contract.js';

export interface ModerationNotice {
  tone: 'info' | 'error';
  text: string;
}

/**
 * What the host is told of their event's moderation (docs/decisions.md "Event moderation"): waiting
 * for review, refused with the admin's reason (edit and save to resubmit), changes waiting, or taken
 * down. Null when there is nothing to say.
 */
export function moderationNotice(moderation: EventModerationView | undefined): ModerationNotice | null {
  if (!moderation) return null;
  const reason = moderation.reason ?? '';
  if (moderation.taken_down) return { tone: 'error', text: `Taken down by Tribe: ${reason}` };
  if (moderation.status === 'pending_review') return { tone: 'info', text: 'Waiting for review' };
  if (moderation.status === 'rejected') return { tone: 'error', text: `Not approved: ${reason}` };
  if (moderation.pending_changes) return { tone: 'info', text: 'Your changes are waiting for review' };
  if (moderation.reason) return { tone: 'error', text: `Your changes were not approved: ${reason}` };
  return null;
}
