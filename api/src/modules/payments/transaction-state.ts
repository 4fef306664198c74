import { type TransactionStatus } from '../../contracts/payments.contract.js';

/**
 * The payment state machine (DESIGN §2): created → authorized → capturing → captured → refunded;
 * authorized → releasing → released (rejection, cancellation, expiry, a late authorisation);
 * created → failed (the checkout failed); created → expired (never paid: replaced by the fan's newer
 * order, or swept after ORDER_EXPIRY_MINUTES). A failed or expired order may still be authorised:
 * Razorpay lets the fan retry in the same checkout, and a checkout left open may still be paid. A
 * capture or release the provider refuses for good ends failed.
 */
export const TRANSACTION_MOVES = {
  created: ['authorized', 'failed', 'expired'],
  expired: ['authorized'],
  authorized: ['capturing', 'releasing'],
  capturing: ['captured', 'failed'],
  captured: ['refunded'],
  releasing: ['released', 'failed'],
  released: [],
  refunded: [],
  failed: ['authorized'],
} as const satisfies Record<string, readonly string[]>;

export type TransactionState = keyof typeof TRANSACTION_MOVES;

export const canMoveTransaction = (from: TransactionState, to: TransactionState): boolean =>
  (TRANSACTION_MOVES[from] as readonly TransactionState[]).includes(to);

/** The states a transaction may reach `to` from: the guard of a conditional UPDATE. */
export const transactionSourcesOf = (to: TransactionState): TransactionState[] =>
  (Object.keys(TRANSACTION_MOVES) as TransactionState[]).filter((from) => canMoveTransaction(from, to));

/** The spec's status vocabulary (SPEC §3), widened as docs/decisions.md explains. */
export function transactionStatus(state: TransactionState, refundedAmount: number): TransactionStatus {
  switch (state) {
    case 'captured':
      return refundedAmount > 0 ? 'partially_refunded' : 'captured';
    case 'released':
    case 'refunded':
    case 'failed':
      return state;
    case 'expired':
      return 'failed';
    default:
      return 'pending';
  }
}
