import type { EventView } from '../../../../api/src/contracts/event.contract.js';
import { Alert } from '~/components/ui/alert';
import { moderationNotice } from '~/lib/event-moderation';

/** The host's line about their event's review; nothing for anyone else (their views carry no moderation). */
export function ModerationNotice({ event, className }: { event: EventView; className?: string }) {
  const notice = moderationNotice(event.moderation);
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} className={className}>
      <span data-testid="moderation-notice">
        <bdi>{notice.text}</bdi>
      </span>
    </Alert>
  );
}
