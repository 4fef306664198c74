import { applicationStatusBadge, formatRelativeTime, refundProgress, transactionStatusBadge } from './applications';
import { Messages } from '../../../api/src/contracts/messages.js';

describe('relative time of an application (SPEC §5)', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('says "Just now" under a minute, and for a time a little in the future', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Just now');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
  });

  it('counts whole minutes, hours and days, singular for one', () => {
    expect(formatRelativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60_000 + 59_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(45 * 24 * 3_600_000), now)).toBe('45 days ago');
  });

  it('is empty for a missing or unreadable time', () => {
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('yesterday', now)).toBe('');
  });
});

describe('status labels', () => {
  it('shows a pending application as "Pending Approval" (SPEC §3)', () => {
    expect(applicationStatusBadge('pending')).toEqual({ label: Messages.applications.pendingApproval, tone: 'pending' });
    expect(Messages.applications.pendingApproval).toBe('Pending Approval');
  });

  it('names every application status, and reads unknown ones as they are', () => {
    expect(applicationStatusBadge('accepted')).toEqual({ label: 'Accepted', tone: 'success' });
    expect(applicationStatusBadge('rejected')).toEqual({ label: 'Rejected', tone: 'danger' });
    expect(applicationStatusBadge('expired').label).toBe('Expired');
    expect(applicationStatusBadge('cancelled').label).toBe('Cancelled');
    expect(applicationStatusBadge('withdrawn').label).toBe('Withdrawn');
    expect(applicationStatusBadge('left').label).toBe('Cancelled by you');
    expect(applicationStatusBadge('left', 'host').label).toBe('Cancelled by fan');
    expect(applicationStatusBadge('waitlisted')).toEqual({ label: 'Waitlisted', tone: 'neutral' });
    expect(applicationStatusBadge(null).label).toBe('Unknown');
  });

  it('names every transaction status', () => {
    expect(transactionStatusBadge('pending')).toEqual({ label: 'Pending', tone: 'pending' });
    expect(transactionStatusBadge('captured')).toEqual({ label: 'Paid', tone: 'success' });
    expect(transactionStatusBadge('released').label).toBe('Released');
    expect(transactionStatusBadge('partially_refunded').label).toBe('Partially refunded');
    expect(transactionStatusBadge('refunded').label).toBe('Refunded');
    expect(transactionStatusBadge('failed')).toEqual({ label: 'Failed', tone: 'danger' });
    expect(transactionStatusBadge('on_hold').label).toBe('On hold');
  });

  it('shows an order nobody paid (the checkout was closed) as "Not paid", not as a pending payment', () => {
    expect(transactionStatusBadge('pending', 'created')).toEqual({ label: 'Not paid', tone: 'neutral' });
    expect(transactionStatusBadge('pending', 'authorized').label).toBe('Pending');
  });

  it('tells refunds the provider processed from those still on their way; a failed one returned nothing (₹30 since covers ₹30 of its ₹50)', () => {
    expect(refundProgress([])).toEqual({ returned: 0, returnedOutside: 0, onItsWay: 0, notCompleted: 0 });
    expect(
      refundProgress([
        { amount: 200, status: 'processed' },
        { amount: 100, status: 'pending' },
        { amount: 50, status: 'failed' },
        { amount: 30, status: 'processed' },
      ]),
    ).toEqual({ returned: 230, returnedOutside: 0, onItsWay: 100, notCompleted: 20 });
  });

  it('counts failed refunds as not completed until a refund is asked for again', () => {
    expect(refundProgress([{ amount: 200, status: 'failed' }])).toEqual({
      returned: 0,
      returnedOutside: 0,
      onItsWay: 0,
      notCompleted: 200,
    });
    expect(
      refundProgress([
        { amount: 100, status: 'processed' },
        { amount: 200, status: 'failed' },
        { amount: 50, status: 'failed' },
      ]),
    ).toMatchObject({ returned: 100, notCompleted: 250 });
    expect(
      refundProgress([
        { amount: 200, status: 'failed' },
        { amount: 200, status: 'pending' },
      ]),
    ).toMatchObject({ onItsWay: 200, notCompleted: 0 });
    // A smaller refund since covers only its part of the failure.
    expect(
      refundProgress([
        { amount: 200, status: 'failed' },
        { amount: 50, status: 'pending' },
      ]),
    ).toMatchObject({ onItsWay: 50, notCompleted: 150 });
  });

  it('counts money the team returned outside Tribe as returned, and as completing the failed refund', () => {
    expect(
      refundProgress([
        { amount: 200, status: 'failed', outsideReference: null },
        { amount: 200, status: 'processed', outsideReference: 'NEFT-1' },
      ]),
    ).toEqual({ returned: 200, returnedOutside: 200, onItsWay: 0, notCompleted: 0 });
  });
});
