import { type NotificationType, type PushPayload } from '../../../contracts/notifications.contract.js';
import { type PushMessage } from './push-sender.port.js';

/** How long push services keep a push for a device that is offline; older news is not worth a buzz. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Both FCM and Web Push take about 4 KB a push: a longer body is cut (a device shows a few lines of
 * it anyway; the inbox has the whole text).
 */
export const MAX_PUSH_BODY_LENGTH = 500;

/** Pushes a person should see at once, even on a phone saving its battery. */
const TIME_SENSITIVE_TYPES: ReadonlySet<NotificationType> = new Set([
  'new_application',
  'application_accepted',
  'event_cancelled',
  'event_reminder',
  'waitlist_offer',
]);

export function isTimeSensitive(type: NotificationType): boolean {
  return TIME_SENSITIVE_TYPES.has(type);
}

export function pushBody(body: string): string {
  const characters = [...body];
  return characters.length <= MAX_PUSH_BODY_LENGTH ? body : `${characters.slice(0, MAX_PUSH_BODY_LENGTH - 1).join('')}…`;
}

/** What the web app's service worker receives. */
export function pushPayload(message: PushMessage): PushPayload {
  return {
    title: message.title,
    body: pushBody(message.body),
    link: message.link,
    imageUrl: message.imageUrl,
    notificationId: message.notificationId,
    type: message.type,
  };
}
