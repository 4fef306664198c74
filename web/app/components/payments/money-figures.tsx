import { StatusBadge } from '~/components/applications/status-badge';
import { formatDay } from '~/lib/format-event';
import { formatPercent, formatSignedRupees, payoutStatusBadge } from '~/lib/payouts';
import { cn } from '~/lib/cn';
import type { PayoutView } from '../../../../api/src/contracts/payouts.contract.js';

/** The sums of an event (or of all of them), as the API computed them from the ledger. */
export interface MoneySums {
  captured: number;
  refunded: number;
  platformFee: number;
  pendingPayout: number;
  paid: number;
  owed: number;
}

/**
 * Captured, refunded, the platform fee, paid, pending and owed, in whole rupees: a grid of labelled
 * figures (a description list, so each amount is read with its label). The fee names the rates its
 * payments were captured at (`feePercents`; more than one when the rate changed between them).
 * `testId` marks the owed figure.
 */
export function MoneyFigures({
  sums,
  feePercents,
  owedLabel = 'Owed to you',
  testId,
}: {
  sums: MoneySums;
  feePercents: readonly number[];
  owedLabel?: string;
  testId?: string;
}) {
  const figures = [
    { label: 'Captured', value: sums.captured },
    { label: 'Refunded', value: sums.refunded },
    {
      label: feePercents.length > 0 ? `Platform fee (${feePercents.map(formatPercent).join(', ')})` : 'Platform fee',
      value: sums.platformFee,
    },
    { label: 'Paid', value: sums.paid },
    { label: 'Pending payouts', value: sums.pendingPayout },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 sm:grid-cols-3">
      {figures.map((figure) => (
        <div key={figure.label} className="bg-white px-3 py-2.5">
          <dt className="text-xs text-slate-600">{figure.label}</dt>
          <dd className="mt-0.5 text-[15px] font-semibold text-slate-900 tabular-nums">{formatSignedRupees(figure.value)}</dd>
        </div>
      ))}
      <div className="bg-brand-50 px-3 py-2.5">
        <dt className="text-xs font-medium text-brand-800">{owedLabel}</dt>
        <dd
          className={cn('mt-0.5 text-[15px] font-bold tabular-nums', sums.owed < 0 ? 'text-rose-700' : 'text-brand-800')}
          data-testid={testId}
        >
          {formatSignedRupees(sums.owed)}
        </dd>
      </div>
    </dl>
  );
}

/** An event's payouts, newest first: amount, status, and the bank's reference once paid. */
export function PayoutList({ payouts, children }: { payouts: PayoutView[]; children?: (payout: PayoutView) => React.ReactNode }) {
  if (payouts.length === 0) return <p className="text-sm text-slate-600">No payouts recorded yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Payouts">
      {payouts.map((payout) => (
        <li key={payout.id} className="space-y-2 px-3 py-2.5" data-testid="payout-row">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-[15px] font-semibold text-slate-900 tabular-nums">{formatSignedRupees(payout.amount)}</span>
            <StatusBadge status={payoutStatusBadge(payout.status)} />
          </div>
          <p className="text-sm break-all text-slate-600">
            {payout.status === 'paid' && payout.reference
              ? `Paid ${payout.paidAt ? formatDay(payout.paidAt) : ''} · Reference ${payout.reference}`
              : `Recorded ${formatDay(payout.createdAt)}`}
          </p>
          {children ? children(payout) : null}
        </li>
      ))}
    </ul>
  );
}
