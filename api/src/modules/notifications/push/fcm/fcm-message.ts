import { type Message } from 'firebase-admin/messaging';
import { isTimeSensitive, PUSH_TTL_SECONDS, pushBody } from '../push-content.js';
import { type PushItem } from '../push-sender.port.js';

/**
 * One push as FCM's HTTP v1 API takes it: a notification the phone shows by itself, the data the app
 * needs to open the right page, and the collapse key three ways (Android's collapse key and
 * notification tag, APNs' collapse id), so that a push sent again replaces the first one, both while
 * it waits at FCM or APNs and once it is shown.
 */
export function fcmMessage({ message, target }: PushItem, now = Date.now()): Message {
  const urgent = isTimeSensitive(message.type);
  return {
    token: target.token,
    notification: {
      title: message.title,
      body: pushBody(message.body),
      // FCM fetches the image itself: only an absolute address can work.
      ...(message.imageUrl && URL.canParse(message.imageUrl) ? { imageUrl: message.imageUrl } : {}),
    },
    data: { link: message.link, notificationId: message.notificationId, type: message.type },
    android: {
      collapseKey: message.collapseKey,
      priority: urgent ? 'high' : 'normal',
      ttl: PUSH_TTL_SECONDS * 1000,
      notification: { tag: message.collapseKey },
    },
    apns: {
      headers: {
        'apns-collapse-id': message.collapseKey,
        'apns-priority': urgent ? '10' : '5',
        'apns-expiration': String(Math.floor(now / 1000) + PUSH_TTL_SECONDS),
      },
    },
  };
}
