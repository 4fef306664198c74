import { amountFits, joinPrice, type PricedEvent } from './applications.contract.js';

const standard: PricedEvent = { pricing_type: 'standard', min_bid: 500, male_price: null, female_price: null, enable_bidding: false };
const byGender: PricedEvent = { pricing_type: 'gender_based', min_bid: null, male_price: 800, female_price: 400, enable_bidding: false };

describe('what a fan pays to join', () => {
  it('charges the price of a standard event, exactly', () => {
    const price = joinPrice(standard, null);
    expect(price).toEqual({ kind: 'fixed', amount: 500 });
    expect(amountFits(price, 500)).toBe(true);
    expect(amountFits(price, 499)).toBe(false);
    expect(amountFits(price, 501)).toBe(false);
  });

  it('charges a gender-based event by the fan’s gender, and needs one', () => {
    expect(joinPrice(byGender, 'male')).toEqual({ kind: 'fixed', amount: 800 });
    expect(joinPrice(byGender, 'female')).toEqual({ kind: 'fixed', amount: 400 });
    expect(joinPrice(byGender, null)).toEqual({ kind: 'needs_gender' });
    expect(amountFits(joinPrice(byGender, null), 400)).toBe(false);
  });

  it('takes any bid of at least the minimum when bidding is on', () => {
    const price = joinPrice({ ...standard, enable_bidding: true }, null);
    expect(price).toEqual({ kind: 'bid', minimum: 500 });
    expect(amountFits(price, 500)).toBe(true);
    expect(amountFits(price, 5000)).toBe(true);
    expect(amountFits(price, 499)).toBe(false);
    expect(joinPrice({ ...byGender, enable_bidding: true }, 'female')).toEqual({ kind: 'bid', minimum: 400 });
  });

  it('makes an event with no price and no bidding free', () => {
    const price = joinPrice({ ...standard, min_bid: null }, null);
    expect(price).toEqual({ kind: 'free' });
    expect(amountFits(price, 0)).toBe(true);
    expect(amountFits(price, 100)).toBe(false);
  });
});
