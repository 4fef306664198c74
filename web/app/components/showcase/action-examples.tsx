import { useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink, type ButtonSize, type ButtonVariant } from '~/components/ui/button';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { TextField } from '~/components/ui/field';
import { ArrowRightIcon, PlusIcon, TrashIcon, UsersIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';
import { useToast } from '~/components/ui/toast';
import type { ToastMessage } from '~/lib/toast';
import { Example } from './showcase-section';

/** What the showcase's ConfirmStep posts; the route's action answers it without changing anything. */
export const CONFIRM_INTENT = 'showcase-confirm';

const VARIANTS: readonly ButtonVariant[] = ['primary', 'secondary', 'outline', 'ghost', 'danger'];
const SIZES: readonly ButtonSize[] = ['sm', 'md', 'lg'];

const capitalised = (word: string) => word[0]!.toUpperCase() + word.slice(1);

export function ButtonExamples() {
  return (
    <>
      {VARIANTS.map((variant) => (
        <Example key={variant} label={variant}>
          {SIZES.map((size) => (
            <Button key={size} variant={variant} size={size}>
              {capitalised(variant)} {size}
            </Button>
          ))}
          <Button variant={variant} disabled>
            Disabled
          </Button>
          <Button variant={variant} loading>
            Loading
          </Button>
        </Example>
      ))}
      <Example label="With an icon, as a link, full width">
        <Button>
          <PlusIcon size={18} /> Create event
        </Button>
        <ButtonLink to="#buttons" variant="outline">
          A link styled as a button <ArrowRightIcon size={18} />
        </ButtonLink>
        <Button variant="secondary" fullWidth>
          Full width
        </Button>
      </Example>
      <Example label="Live: loading while it works">
        <SaveButton />
      </Example>
    </>
  );
}

/** Busy for a moment, then says it is done: the loading state as a person meets it. */
function SaveButton() {
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!saving) return;
    const timer = window.setTimeout(() => {
      setSaving(false);
      toast.show({ kind: 'success', message: 'Saved (nothing was stored: this is the showcase).' });
    }, 1_200);
    return () => window.clearTimeout(timer);
  }, [saving, toast]);
  return (
    <Button loading={saving} onClick={() => setSaving(true)}>
      {saving ? 'Saving…' : 'Save changes'}
    </Button>
  );
}

export function AlertExamples() {
  return (
    <Example label="Tones" layout="stack">
      <Alert>Failed to load events</Alert>
      <Alert tone="success">Refund processed successfully</Alert>
      <Alert tone="info">Payments are captured when the host accepts your application.</Alert>
    </Example>
  );
}

const TOASTS: ReadonlyArray<{ label: string; toast: ToastMessage }> = [
  { label: 'Success toast', toast: { kind: 'success', message: 'Rating submitted successfully!' } },
  { label: 'Error toast', toast: { kind: 'error', message: 'Failed to load transaction history' } },
  { label: 'Info toast', toast: { kind: 'info', message: 'Payment cancelled' } },
  {
    label: 'Toast with a title',
    toast: {
      kind: 'success',
      title: 'Payment Received',
      message: "Your application is being processed. You'll be notified once it's created.",
    },
  },
];

export function ToastExamples() {
  const toast = useToast();
  return (
    <Example label="Live: one at a time, gone after 4 s">
      {TOASTS.map(({ label, toast: message }) => (
        <Button key={label} variant="outline" size="sm" onClick={() => toast.show(message)}>
          {label}
        </Button>
      ))}
    </Example>
  );
}

export function SheetExamples() {
  const [open, setOpen] = useState<'plain' | 'form' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Example label="Live: a bottom sheet below 640 px, a centred dialog from 640 px">
        <Button onClick={() => setOpen('plain')}>Open a sheet</Button>
        <Button variant="outline" onClick={() => setOpen('form')}>
          Open a sheet with a form
        </Button>
      </Example>
      <Sheet
        open={open === 'plain'}
        onClose={close}
        title="Review this application"
        description="Escape, the backdrop and Close all close it; focus comes back to the button."
        icon={<UsersIcon size={28} />}
      >
        <div className="grid gap-2">
          <Button fullWidth onClick={close}>
            Accept
          </Button>
          <Button variant="ghost" fullWidth onClick={close}>
            Review Later
          </Button>
        </div>
      </Sheet>
      <Sheet open={open === 'form'} onClose={close} title="Enter your phone number" description="We'll send you a verification code">
        <div className="space-y-4 text-left">
          <TextField
            label="Mobile number"
            name="showcase-sheet-mobile"
            inputMode="numeric"
            leading="+91"
            defaultValue="12345"
            error="Please enter a valid 10-digit mobile number"
            data-autofocus
          />
          <Button fullWidth onClick={close}>
            Send code
          </Button>
        </div>
      </Sheet>
      <ConfirmExample />
    </>
  );
}

function ConfirmExample() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === CONFIRM_INTENT;
  return (
    <Example label="Live: a destructive action behind a question (works without JavaScript)">
      <ConfirmStep
        confirmKey="showcase-delete"
        trigger={
          <>
            <TrashIcon size={18} /> Delete this example
          </>
        }
        triggerClassName="inline-flex items-center gap-2 text-sm font-semibold text-rose-700 hover:underline"
        question="Delete this example?"
        detail="Nothing is deleted: the showcase only answers with a toast."
        confirmLabel="Delete"
        fields={{ intent: CONFIRM_INTENT }}
        busy={busy}
      />
    </Example>
  );
}
