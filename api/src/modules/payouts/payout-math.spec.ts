import { eventAmounts, platformFee, totalsOf } from './payout-math.js';

describe('platformFee', () => {
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
    expect(platformFee(net, percent)).toBe(fee);
  });
});

describe('eventAmounts', () => {
  it('takes refunds, the fee on the net and recorded payouts from what was captured', () => {
    // ₹1,500 captured, ₹200 refunded: net ₹1,300, fee ₹130, ₹500 pending and ₹300 paid out.
    expect(eventAmounts({ captured: 1500, refunded: 200, pendingPayout: 500, paid: 300 }, 10)).toEqual({ platformFee: 130, owed: 370 });
  });

  it('goes negative when everything was refunded after a payout', () => {
    expect(eventAmounts({ captured: 500, refunded: 500, pendingPayout: 0, paid: 450 }, 10)).toEqual({ platformFee: 0, owed: -450 });
  });
});

describe('totalsOf', () => {
  it('adds each figure over the events', () => {
    const event = { eventId: 'e', eventTitle: 't', eventDate: 'd', payouts: [] };
    expect(
      totalsOf([
        { ...event, captured: 500, refunded: 0, platformFee: 50, pendingPayout: 100, paid: 0, owed: 350 },
        { ...event, captured: 455, refunded: 0, platformFee: 46, pendingPayout: 0, paid: 409, owed: 0 },
      ]),
    ).toEqual({ captured: 955, refunded: 0, platformFee: 96, pendingPayout: 100, paid: 409, owed: 350 });
  });
});
