import { type NotificationType } from '../../../contracts/notification-types.js';
import { type DeviceKind } from '../entities/push-device.entity.js';

/** What a push shows, and the page it opens. */
export interface PushMessage {
  notificationId: string;
  type: NotificationType;
  title: string;
  body: string;
  /** A path inside the web app ("/event/…") or an https address. */
  link: string;
  imageUrl: string | null;
  /**
   * The same for every send of one notification: a repeated send (a retry after a crash between
   * sending and recording it) replaces the first on the device instead of showing twice (Web Push
   * `Topic`, FCM collapse key and notification tag).
   */
  collapseKey: string;
}

/** A device to push to, as registered. */
export interface PushTarget {
  deviceId: string;
  kind: DeviceKind;
  /** The FCM registration token, or the Web Push endpoint. */
  token: string;
  p256dh: string | null;
  auth: string | null;
}

export interface PushItem {
  message: PushMessage;
  target: PushTarget;
}

/**
 * What became of one push:
 * - delivered: the provider accepted it;
 * - gone: the token or subscription is invalid or expired (the device is removed);
 * - retry: a transient failure (timeout, 429, 5xx), worth trying again later;
 * - rejected: a permanent failure that is not the device's (bad payload, provider misconfigured).
 */
export type PushOutcome =
  | { status: 'delivered' }
  | { status: 'gone'; reason: string }
  | { status: 'retry'; reason: string }
  | { status: 'rejected'; reason: string };

/** Most pushes one send takes (FCM's limit per call). */
export const MAX_PUSHES_PER_SEND = 500;

/**
 * Sends pushes through the provider of each device's kind. Answers one outcome per item, in order;
 * a failure of one device never fails the others, and every call to a provider has a timeout.
 */
export abstract class PushSender {
  abstract send(items: ReadonlyArray<PushItem>): Promise<PushOutcome[]>;
}
