import webpush from 'web-push';
import { type PushOutcome } from '../push-sender.port.js';
import { describeFailure } from '../push-timeout.js';

/** Of a push service's answer, as much as a reason needs. */
const MAX_ANSWER_IN_REASON = 200;

/**
 * A push service's refusal (RFC 8030, and the services' own documentation):
 * - 404 and 410: the subscription expired or was withdrawn: the device is gone;
 * - 429 and 5xx: busy or failing: try again later;
 * - 400 and 413: a request it cannot take (malformed, payload too large), and 401 and 403: our VAPID
 *   signature refused (keys other than the ones the browser subscribed with): no retry helps.
 * Without an answer (a refused or reset connection, a timeout) the push is tried again later.
 */
export function webPushOutcome(error: unknown): PushOutcome {
  if (!(error instanceof webpush.WebPushError)) {
    return { status: 'retry', reason: `no answer from the push service: ${describeFailure(error)}` };
  }
  const reason = `the push service answered ${error.statusCode}${answerOf(error.body)}`;
  if (error.statusCode === 404 || error.statusCode === 410) return { status: 'gone', reason };
  if (error.statusCode === 429 || error.statusCode >= 500) return { status: 'retry', reason };
  return { status: 'rejected', reason };
}

function answerOf(body: string): string {
  const text = body.trim();
  return text ? `: ${text.slice(0, MAX_ANSWER_IN_REASON)}` : '';
}
