import { FUNNEL_STEPS, analyticsKey, type AnalyticsEvent } from '../../contracts/analytics.contract.js';

const STEP_BITS = new Map(FUNNEL_STEPS.map((step, index) => [analyticsKey(step), 1 << index]));

/** The bit of the join funnel step this event marks (0 for any other event). */
export const funnelBitOf = (event: Pick<AnalyticsEvent, 'page' | 'eventType' | 'action'>): number =>
  STEP_BITS.get(analyticsKey(event)) ?? 0;

/** Sessions per step, from how many sessions reached each step's bit. */
export const funnelBit = (index: number): number => 1 << index;
