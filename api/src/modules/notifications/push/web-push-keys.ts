/**
 * The VAPID public key browsers subscribe with (PushManager.subscribe's applicationServerKey), or
 * null when none is configured. Bound with either push provider: local runs record pushes in the log
 * but browsers still subscribe.
 */
export class WebPushKeys {
  constructor(readonly publicKey: string | null) {}
}
