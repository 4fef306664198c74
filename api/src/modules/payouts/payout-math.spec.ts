import { parseConfig } from '../../platform/config/config.schema.js';
import { platformFeeOn } from '../invoices/gst.js';
import { eventAmounts, eventFee, feeRatesOf, owedLessByRefund, totalsOf } from './payout-math.js';

describe('platformFeeOn (the invoices’ rule, kept back from payouts)', () => {
  it.each([
    [500, 10, 50],
    [450, 10, 45],
    // Halves go up.
    [455, 10, 46],
    [5, 10, 1],
    [4, 10, 0],
    [1005, 2.5, 25],
    [1020, 2.5, 26],
    [999, 12.3, 123],
    [333, 0.1, 0],
    [1_00_00_000, 10, 10_00_000],
    [700, 0, 0],
    [0, 10, 0],
  ])('₹%d at %d%% is ₹%d', (net, percent, fee) => {
    expect(platformFeeOn(net, percent)).toBe(fee);
  });
});

describe('PLATFORM_FEE_PERCENT', () => {
  it('takes at most two decimals, as each payment keeps it (a third would be kept one way and worked another)', () => {
    const rate = (value: string) => parseConfig({ NODE_ENV: 'test', PLATFORM_FEE_PERCENT: value }).PLATFORM_FEE_PERCENT;
    expect(rate('2.25')).toBe(2.25);
    expect(rate('12.3')).toBe(12.3);
    expect(() => rate('10.005')).toThrow('PLATFORM_FEE_PERCENT: must have at most two decimals');
  });
});

describe('eventFee', () => {
  it('is what the payments’ invoices and credit notes say, payment by payment, not the fee on the event’s net', () => {
    // Three ₹500 payments, ₹145 of one refunded: invoices 3 × ₹50, credit note ₹15 (₹14.50 up). The net's fee would be ₹136.
    const payments = [
      { captured: 500, refunded: 0, feePercent: null, payments: 2 },
      { captured: 500, refunded: 145, feePercent: null, payments: 1 },
    ];
    expect(eventFee(payments, 10)).toBe(135);
    expect(platformFeeOn(1355, 10)).toBe(136);
    // ₹455 twice: ₹46 each (₹45.50 up), where the net's ₹91 would say ₹91.
    expect(eventFee([{ captured: 455, refunded: 0, feePercent: null, payments: 2 }], 10)).toBe(92);
    expect(eventFee([{ captured: 500, refunded: 500, feePercent: null, payments: 4 }], 10)).toBe(0);
    expect(eventFee([], 10)).toBe(0);
  });

  it('works each payment at the rate it was captured at, today’s for those from before rates were kept', () => {
    const payments = [
      { captured: 500, refunded: 0, feePercent: 8, payments: 2 },
      { captured: 500, refunded: 100, feePercent: 12.5, payments: 1 },
      { captured: 500, refunded: 0, feePercent: null, payments: 1 },
    ];
    // 2 × ₹40, then ₹62.50 − ₹12.50 (₹63 − ₹13), then ₹50 at today's 10%.
    expect(eventFee(payments, 10)).toBe(80 + 50 + 50);
    // Those are the rates its figures name, once each, lowest first.
    expect(feeRatesOf(payments, 10)).toEqual([8, 10, 12.5]);
    expect(feeRatesOf([...payments, { captured: 200, refunded: 0, feePercent: 10, payments: 3 }], 10)).toEqual([8, 10, 12.5]);
    expect(feeRatesOf([], 10)).toEqual([]);
    // A refund's fee comes off at its payment's rate: ₹500 of an 8% payment gives back ₹40 of fee.
    expect(owedLessByRefund({ refunded: 0, feePercent: 8 }, 500, 10)).toBe(500 - 40);
    expect(owedLessByRefund({ refunded: 0, feePercent: null }, 500, 10)).toBe(500 - 50);
  });

  it('takes a refund and the fee its credit note gives back off what is owed, counting the refunds before it', () => {
    // ₹145 of a ₹500 payment: ₹15 of fee back (₹14.50 up); ₹55 more: fee on ₹200 less fee on ₹145, ₹5.
    expect(owedLessByRefund({ refunded: 0, feePercent: null }, 145, 10)).toBe(145 - 15);
    expect(owedLessByRefund({ refunded: 145, feePercent: null }, 55, 10)).toBe(55 - 5);
    const before = [{ captured: 500, refunded: 0, feePercent: null, payments: 3 }];
    const after = [
      { captured: 500, refunded: 0, feePercent: null, payments: 2 },
      { captured: 500, refunded: 145, feePercent: null, payments: 1 },
    ];
    const owed = (payments: typeof before) => eventAmounts({ payments, pendingPayout: 0, paid: 0 }, 10).owed;
    expect(owed(before) - owed(after)).toBe(owedLessByRefund({ refunded: 0, feePercent: null }, 145, 10));
  });
});

describe('eventAmounts', () => {
  it('takes refunds, the fee of its payments and recorded payouts from what was captured', () => {
    // ₹1,500 captured in three ₹500 payments, ₹200 of one refunded: fee ₹150 − ₹20, ₹500 pending and ₹300 paid out.
    const payments = [
      { captured: 500, refunded: 0, feePercent: null, payments: 2 },
      { captured: 500, refunded: 200, feePercent: null, payments: 1 },
    ];
    expect(eventAmounts({ payments, pendingPayout: 500, paid: 300 }, 10)).toEqual({
      captured: 1500,
      refunded: 200,
      platformFee: 130,
      owed: 370,
    });
  });

  it('goes negative when everything was refunded after a payout', () => {
    const payments = [{ captured: 500, refunded: 500, feePercent: null, payments: 1 }];
    expect(eventAmounts({ payments, pendingPayout: 0, paid: 450 }, 10)).toEqual({
      captured: 500,
      refunded: 500,
      platformFee: 0,
      owed: -450,
    });
  });
});

describe('totalsOf', () => {
  it('adds each figure over the events', () => {
    const event = { eventId: 'e', eventTitle: 't', eventDate: 'd', platformFeePercents: [10], payouts: [] };
    expect(
      totalsOf([
        { ...event, captured: 500, refunded: 0, platformFee: 50, pendingPayout: 100, paid: 0, owed: 350 },
        { ...event, captured: 455, refunded: 0, platformFee: 46, pendingPayout: 0, paid: 409, owed: 0 },
      ]),
    ).toEqual({ captured: 955, refunded: 0, platformFee: 96, pendingPayout: 100, paid: 409, owed: 350 });
  });
});
