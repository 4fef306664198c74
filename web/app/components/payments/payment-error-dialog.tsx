import { Button } from '~/components/ui/button';
import { AlertCircleIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';
import { Messages } from '../../../../api/src/contracts/messages.js';

/**
 * The "Payment Error" dialog (SPEC §2 Other screens, §8): the order could not be placed or paid.
 * "Please retry joining" starts a new attempt; "Cancel" closes. `reason` is what went wrong, when known.
 */
export function PaymentErrorDialog({
  open,
  reason,
  onRetry,
  onCancel,
}: {
  open: boolean;
  reason: string | null;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <Sheet
      open={open}
      onClose={onCancel}
      title="Payment Error"
      description={Messages.payments.errorDialog}
      icon={<AlertCircleIcon size={26} />}
    >
      {reason && reason !== Messages.payments.errorDialog ? (
        <p className="-mt-2 mb-5 text-center text-sm text-slate-600" data-testid="payment-error-reason">
          {reason}
        </p>
      ) : null}
      <div className="flex flex-col gap-2.5">
        <Button size="lg" fullWidth onClick={onRetry} data-autofocus>
          Please retry joining
        </Button>
        <Button variant="ghost" size="lg" fullWidth onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Sheet>
  );
}
