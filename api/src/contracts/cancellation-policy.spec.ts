import { describe, expect, it } from '@jest/globals';
import { leavingTerms } from './cancellation-policy.js';

const start = new Date('2026-12-10T18:00:00.000Z');
const hoursBefore = (hours: number) => new Date(start.getTime() - hours * 3_600_000);

describe('leavingTerms', () => {
  it('gives everything back up to exactly 24 hours before the start, and nothing a millisecond later', () => {
    expect(leavingTerms('full_refund_24h', start, hoursBefore(48), 700).refund).toBe(700);
    expect(leavingTerms('full_refund_24h', start, hoursBefore(24), 700).refund).toBe(700);
    expect(leavingTerms('full_refund_24h', start, new Date(hoursBefore(24).getTime() + 1), 700).refund).toBe(0);
    expect(leavingTerms('full_refund_24h', start, hoursBefore(1), 700).refundableUntil).toEqual(hoursBefore(24));
  });

  it('gives half back with notice, rounding a half rupee in the fan’s favour', () => {
    expect(leavingTerms('half_refund_24h', start, hoursBefore(24), 700).refund).toBe(350);
    expect(leavingTerms('half_refund_24h', start, hoursBefore(30), 301).refund).toBe(151);
    expect(leavingTerms('half_refund_24h', start, hoursBefore(23.9), 700).refund).toBe(0);
  });

  it('gives nothing back under the no-refund policy, however early', () => {
    expect(leavingTerms('no_refund', start, hoursBefore(24 * 30), 700)).toEqual({ refund: 0, refundableUntil: null });
  });

  it('gives back only what is still there to give', () => {
    expect(leavingTerms('full_refund_24h', start, hoursBefore(48), 0).refund).toBe(0);
  });
});
