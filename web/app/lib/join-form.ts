/**
 * The event page's join form (apply, bid, pay) and what its action answers. Shared by the route's
 * action (web/app/lib/join.server.ts) and the join panel, so both speak the same shapes.
 */
import { APPLICATION_MESSAGE_MAX } from '../../../api/src/contracts/applications.contract.js';

export { APPLICATION_MESSAGE_MAX };

export const JOIN_INTENTS = { apply: 'apply', verify: 'verify' } as const;

/** What the browser needs to open the provider's checkout for one order (never the API token). */
export interface BrowserCheckout {
  transactionId: string;
  orderId: string | null;
  scriptUrl: string;
  options: Record<string, unknown>;
}

export interface JoinFieldErrors {
  amount?: string;
  message?: string;
}

export type JoinActionData =
  | { intent: 'apply'; ok: true; checkout: BrowserCheckout }
  | { intent: 'apply'; ok: false; fieldErrors: JoinFieldErrors; formError: string | null; paymentError: string | null }
  | { intent: 'verify'; ok: true }
  | { intent: 'verify'; ok: false; paymentError: string };

/** The fan's own standing on an event page: their application, or a payment whose application is still being made. */
export interface JoinState {
  application: { id: string; status: string; bidAmount: number; createdAt: string } | null;
  /** Paid and verified, waiting for the server to create the application. */
  processing: boolean;
}

export const MESSAGE_TOO_LONG = `Your message can be at most ${APPLICATION_MESSAGE_MAX} characters`;

/** The success toast of an application to a free event (no payment). */
export const APPLICATION_SENT = 'Application sent! The host will review it soon.';

/** An attempt id the API accepts (letters, digits, - and _; at most 64). */
export const isTempBidId = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
