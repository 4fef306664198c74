import { CANCELLATION_POLICY_LABELS, type CancellationPolicy } from '../../../../api/src/contracts/cancellation-policy.js';

/** The event's cancellation policy in plain words: shown before anyone pays, and when they leave. */
export function CancellationPolicyNote({ policy, className }: { policy: CancellationPolicy; className?: string }) {
  const label = CANCELLATION_POLICY_LABELS[policy] ?? CANCELLATION_POLICY_LABELS.full_refund_24h;
  return (
    <div className={className} data-testid="cancellation-policy">
      <p className="text-sm font-semibold text-slate-900">Cancellation policy: {label.title}</p>
      <p className="mt-0.5 text-sm text-slate-600">{label.summary}</p>
    </div>
  );
}
