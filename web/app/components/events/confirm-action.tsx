import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from '~/components/ui/button';
import { ConfirmStep } from '~/components/ui/confirm-step';

/**
 * An event's destructive action (cancelling it) behind a confirmation step (ConfirmStep).
 * Confirming posts `intent` and `eventId` to the current route's action.
 */
export function ConfirmAction({
  id,
  intent,
  eventId,
  trigger,
  question,
  detail,
  confirmLabel,
  cancelLabel,
  variant = 'outline',
  className,
}: {
  id: string;
  intent: string;
  eventId: string;
  trigger: ReactNode;
  question: string;
  detail?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === intent && navigation.formData?.get('eventId') === eventId;
  return (
    <ConfirmStep
      confirmKey={id}
      trigger={trigger}
      triggerClassName={buttonClasses(variant, 'sm', false, className)}
      question={question}
      detail={detail}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      fields={{ intent, eventId }}
      busy={busy}
      className={className}
    />
  );
}
