import { APPLICATION_STATUSES } from '../../contracts/applications.contract.js';
import { applicationSourcesOf, canMoveApplication } from './application-state.js';

describe('the application state machine', () => {
  it('decides a pending application once', () => {
    expect(canMoveApplication('pending', 'accepted')).toBe(true);
    expect(canMoveApplication('pending', 'rejected')).toBe(true);
    expect(canMoveApplication('accepted', 'rejected')).toBe(false);
    expect(canMoveApplication('rejected', 'accepted')).toBe(false);
    expect(canMoveApplication('accepted', 'accepted')).toBe(false);
  });

  it('lets only pending applications lapse, and never brings an ended one back', () => {
    expect(applicationSourcesOf('expired')).toEqual(['pending']);
    for (const ended of ['rejected', 'expired', 'cancelled', 'withdrawn', 'left', 'refunded'] as const) {
      for (const to of APPLICATION_STATUSES) expect(canMoveApplication(ended, to)).toBe(false);
    }
  });

  it('ends pending and accepted applications with their event', () => {
    expect(applicationSourcesOf('cancelled')).toEqual(['pending', 'accepted']);
  });

  it('lets a fan leave a pending or an accepted application, once', () => {
    expect(applicationSourcesOf('left')).toEqual(['pending', 'accepted']);
    expect(canMoveApplication('left', 'left')).toBe(false);
  });

  it('ends only an accepted application with a refund of all it paid (a pending one holds no captured money)', () => {
    expect(applicationSourcesOf('refunded')).toEqual(['accepted']);
  });
});
