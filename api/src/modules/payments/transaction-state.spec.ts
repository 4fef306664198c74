import {
  canMoveTransaction,
  TRANSACTION_MOVES,
  transactionSourcesOf,
  transactionStatus,
  type TransactionState,
} from './transaction-state.js';

const STATES = Object.keys(TRANSACTION_MOVES) as TransactionState[];

describe('the payment state machine', () => {
  it('captures only what was authorised, and releases only what was never captured', () => {
    expect(canMoveTransaction('authorized', 'capturing')).toBe(true);
    expect(canMoveTransaction('capturing', 'captured')).toBe(true);
    expect(canMoveTransaction('created', 'capturing')).toBe(false);
    expect(canMoveTransaction('captured', 'releasing')).toBe(false);
    expect(canMoveTransaction('released', 'capturing')).toBe(false);
    expect(canMoveTransaction('releasing', 'capturing')).toBe(false);
  });

  it('keeps released and refunded payments final', () => {
    for (const to of STATES) {
      expect(canMoveTransaction('released', to)).toBe(false);
      expect(canMoveTransaction('refunded', to)).toBe(false);
    }
  });

  it('lets a failed checkout be authorised by a retry in the same order, and nothing else', () => {
    expect(STATES.filter((to) => canMoveTransaction('failed', to))).toEqual(['authorized']);
  });

  it('expires only an unpaid order, which a late payment may still authorise', () => {
    expect(STATES.filter((from) => canMoveTransaction(from, 'expired'))).toEqual(['created']);
    expect(STATES.filter((to) => canMoveTransaction('expired', to))).toEqual(['authorized']);
    expect(transactionStatus('expired', 0)).toBe('failed');
  });

  it('names the states each move may start from', () => {
    expect(transactionSourcesOf('authorized').sort()).toEqual(['created', 'expired', 'failed']);
    expect(transactionSourcesOf('expired')).toEqual(['created']);
    expect(transactionSourcesOf('captured')).toEqual(['capturing']);
    expect(transactionSourcesOf('released')).toEqual(['releasing']);
  });

  it('shows the spec statuses: pending until the money settles', () => {
    expect(['created', 'authorized', 'capturing', 'releasing'].map((state) => transactionStatus(state as TransactionState, 0))).toEqual([
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    expect(transactionStatus('captured', 0)).toBe('captured');
    expect(transactionStatus('captured', 100)).toBe('partially_refunded');
    expect(transactionStatus('refunded', 500)).toBe('refunded');
    expect(transactionStatus('released', 0)).toBe('released');
    expect(transactionStatus('failed', 0)).toBe('failed');
  });
});
