import { type PushOutcome } from '../push-sender.port.js';
import { describeFailure } from '../push-timeout.js';

/** The token is unknown to FCM (the app was uninstalled, or the token expired or was never one). */
const GONE = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token']);

/**
 * Our side is wrong and no retry fixes it: the APNs or web credentials in the Firebase project, a
 * service account without permission or of another project (the SDK's mismatched-credential), or a
 * message FCM cannot take.
 */
const REFUSED = new Set([
  'messaging/third-party-auth-error',
  'messaging/mismatched-credential',
  'messaging/authentication-error',
  'messaging/invalid-payload',
  'messaging/invalid-data-payload-key',
  'messaging/payload-size-limit-exceeded',
  'messaging/invalid-options',
  'messaging/invalid-package-name',
]);

/** Google's token endpoint refusing the service account itself (RFC 6749 §5.2), as the SDK reports it. */
const CREDENTIAL_REFUSED = /invalid_grant|invalid_client|unauthorized_client|invalid_scope/;

/**
 * What became of one FCM push from the SDK's error (its codes follow FCM's HTTP v1 `errorCode`s:
 * https://firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode). FCM answers INVALID_ARGUMENT
 * both for a malformed token and for a malformed message; only its message tells them apart.
 * Everything else is retried later: FCM unavailable, failing or over quota
 * (server-unavailable, internal-error, message-rate-exceeded), no answer (app/network-error,
 * app/network-timeout, our own bound), and errors the SDK does not know (the delivery job's
 * attempts bound those).
 */
export function fcmOutcome(error: unknown): PushOutcome {
  const code = codeOf(error);
  const reason = `FCM: ${describeFailure(error)}`;
  if (GONE.has(code)) return { status: 'gone', reason };
  if (code === 'messaging/invalid-argument') {
    return /registration token/i.test(messageOf(error)) ? { status: 'gone', reason } : { status: 'rejected', reason };
  }
  if (REFUSED.has(code)) return { status: 'rejected', reason };
  if (code === 'app/invalid-credential' && CREDENTIAL_REFUSED.test(messageOf(error))) return { status: 'rejected', reason };
  return { status: 'retry', reason };
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
