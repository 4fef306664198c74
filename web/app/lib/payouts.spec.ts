import { formatPercent, formatSignedRupees, payoutStatusBadge, suggestedPayout } from './payouts';

describe('payout figures', () => {
  it('shows whole rupees with Indian grouping, and a negative amount with its minus before the ₹', () => {
    expect(formatSignedRupees(0)).toBe('₹0');
    expect(formatSignedRupees(1219)).toBe('₹1,219');
    expect(formatSignedRupees(150000)).toBe('₹1,50,000');
    expect(formatSignedRupees(-1500)).toBe('−₹1,500');
    expect(formatSignedRupees(135.5)).toBe('₹136');
  });

  it('names a payout’s status', () => {
    expect(payoutStatusBadge('pending')).toEqual({ label: 'Pending', tone: 'pending' });
    expect(payoutStatusBadge('paid')).toEqual({ label: 'Paid', tone: 'success' });
    expect(payoutStatusBadge('reversed')).toEqual({ label: 'reversed', tone: 'neutral' });
  });

  it('shows the fee rate as people write it', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(7.125)).toBe('7.13%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('offers to record what is owed, and nothing when nothing is', () => {
    expect(suggestedPayout(1215)).toBe(1215);
    expect(suggestedPayout(0)).toBeNull();
    expect(suggestedPayout(-300)).toBeNull();
  });
});
