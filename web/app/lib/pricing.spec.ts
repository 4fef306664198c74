import { AMOUNT_MESSAGES, checkAmount, joinLabel, joinTerms, needsPayment, newTempBidId, suggestedAmount } from './pricing';
import { Messages } from '../../../api/src/contracts/messages.js';

const event = (overrides: Partial<Parameters<typeof joinTerms>[0]> = {}): Parameters<typeof joinTerms>[0] => ({
  pricing_type: 'standard',
  min_bid: null,
  male_price: null,
  female_price: null,
  enable_bidding: false,
  ...overrides,
});

describe('what a fan pays to join', () => {
  it('standard pricing costs the minimum bid', () => {
    expect(joinTerms(event({ min_bid: 1500 }), null)).toEqual({ kind: 'fixed', amount: 1500 });
    expect(joinTerms(event({ min_bid: 1500 }), 'female')).toEqual({ kind: 'fixed', amount: 1500 });
  });

  it('gender-based pricing costs the price for the fan’s gender', () => {
    const priced = event({ pricing_type: 'gender_based', male_price: 2000, female_price: 1200 });
    expect(joinTerms(priced, 'male')).toEqual({ kind: 'fixed', amount: 2000 });
    expect(joinTerms(priced, 'female')).toEqual({ kind: 'fixed', amount: 1200 });
    expect(joinTerms(priced, null)).toEqual({ kind: 'needs_gender' });
    expect(joinTerms(event({ pricing_type: 'gender_based', male_price: 2000, female_price: null }), 'female')).toEqual({ kind: 'free' });
  });

  it('with bidding the price is the minimum (₹0 when there is none)', () => {
    expect(joinTerms(event({ min_bid: 500, enable_bidding: true }), null)).toEqual({ kind: 'bid', minimum: 500 });
    expect(joinTerms(event({ enable_bidding: true }), null)).toEqual({ kind: 'bid', minimum: 0 });
    const priced = event({ pricing_type: 'gender_based', male_price: 2000, female_price: 1200, enable_bidding: true });
    expect(joinTerms(priced, 'female')).toEqual({ kind: 'bid', minimum: 1200 });
  });

  it('no price and no bidding is free; a price of 0 is no price', () => {
    expect(joinTerms(event(), 'male')).toEqual({ kind: 'free' });
    expect(joinTerms(event({ min_bid: 0 }), 'male')).toEqual({ kind: 'free' });
    expect(needsPayment({ kind: 'free' }, 0)).toBe(false);
    expect(needsPayment({ kind: 'fixed', amount: 1 }, 1)).toBe(true);
    expect(needsPayment({ kind: 'bid', minimum: 1 }, 5)).toBe(true);
    // Bidding with no minimum: a bid of ₹0 is an application without payment.
    expect(needsPayment({ kind: 'bid', minimum: 0 }, 0)).toBe(false);
    expect(needsPayment({ kind: 'bid', minimum: 0 }, 10)).toBe(true);
  });

  it('prefills the price or the minimum bid', () => {
    expect(suggestedAmount({ kind: 'fixed', amount: 900 })).toBe(900);
    expect(suggestedAmount({ kind: 'bid', minimum: 300 })).toBe(300);
    expect(suggestedAmount({ kind: 'free' })).toBe(0);
  });

  it('labels the button Bid when bidding is on, else Apply', () => {
    expect(joinLabel({ enable_bidding: true })).toBe('Bid');
    expect(joinLabel({ enable_bidding: false })).toBe('Apply');
  });
});

describe('the amount typed in the join form', () => {
  it('must be whole rupees', () => {
    const terms = { kind: 'bid', minimum: 100 } as const;
    expect(checkAmount(terms, '150')).toEqual({ ok: true, amount: 150 });
    expect(checkAmount(terms, ' ₹1,500 ')).toEqual({ ok: true, amount: 1500 });
    expect(checkAmount(terms, '150.50')).toEqual({ ok: false, error: AMOUNT_MESSAGES.notWholeRupees });
    expect(checkAmount(terms, '')).toEqual({ ok: false, error: AMOUNT_MESSAGES.notWholeRupees });
    expect(checkAmount(terms, '-5')).toEqual({ ok: false, error: AMOUNT_MESSAGES.notWholeRupees });
    expect(checkAmount(terms, '1e3')).toEqual({ ok: false, error: AMOUNT_MESSAGES.notWholeRupees });
    expect(checkAmount(terms, '10000001')).toEqual({ ok: false, error: AMOUNT_MESSAGES.tooLarge });
  });

  it('is at least the minimum when bidding, exactly the price otherwise', () => {
    expect(checkAmount({ kind: 'bid', minimum: 100 }, '99')).toEqual({ ok: false, error: Messages.payments.bidTooLow });
    expect(checkAmount({ kind: 'bid', minimum: 100 }, '100')).toEqual({ ok: true, amount: 100 });
    expect(checkAmount({ kind: 'bid', minimum: 0 }, '0')).toEqual({ ok: true, amount: 0 });
    expect(checkAmount({ kind: 'fixed', amount: 800 }, '800')).toEqual({ ok: true, amount: 800 });
    expect(checkAmount({ kind: 'fixed', amount: 800 }, '900')).toEqual({ ok: false, error: Messages.payments.wrongAmount });
  });

  it('takes nothing for a free event, and asks for a gender where the price depends on it', () => {
    expect(checkAmount({ kind: 'free' }, 'anything')).toEqual({ ok: true, amount: 0 });
    expect(checkAmount({ kind: 'needs_gender' }, '100')).toEqual({ ok: false, error: Messages.payments.genderNeeded });
  });
});

describe('attempt ids', () => {
  it('are letters, digits and _ within 64 characters, and new each time', () => {
    const first = newTempBidId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newTempBidId()).not.toBe(first);
    expect(newTempBidId((bytes) => bytes.fill(255))).toBe(`bid_${'ff'.repeat(16)}`);
  });
});
