import { FUNNEL_STEPS } from '../../contracts/analytics.contract.js';
import { funnelBitOf } from './funnel.js';

describe('funnelBitOf', () => {
  it('gives each join funnel step its own bit, and every other event none', () => {
    expect(FUNNEL_STEPS.map(funnelBitOf)).toEqual([1, 2, 4, 8]);
    expect(funnelBitOf({ page: 'home', eventType: 'page', action: 'view' })).toBe(0);
    expect(funnelBitOf({ page: 'application_status', eventType: 'apply', action: 'opened' })).toBe(0);
  });
});
