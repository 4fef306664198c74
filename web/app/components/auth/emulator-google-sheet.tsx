import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { GoogleIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';
import { useCheckedSubmit } from './use-checked-submit';

/**
 * Google sign-in on the local Firebase Auth emulator. Google's popup needs Google's own scripts
 * (apis.google.com), which an offline machine cannot load, so a test account is named here and the
 * emulator signs it in as Google would (docs/decisions.md).
 */
export function EmulatorGoogleSheet({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (account: { email: string; name: string }) => Promise<string | null>;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const { error, busy, onSubmit } = useCheckedSubmit(
    () =>
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
        ? { ok: true, value: { email: email.trim().toLowerCase(), name: name.trim() } }
        : { ok: false, error: 'Please enter a valid email address' },
    onChoose,
  );

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Choose a Google test account"
      description="Local Firebase Auth emulator: no real Google account is used."
      icon={<GoogleIcon size={22} />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Alert tone="info">Any email works here. In production this button opens Google&apos;s own sign-in window.</Alert>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
          data-autofocus
        />
        <TextField label="Name" name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" size="lg" fullWidth loading={busy}>
          Sign in with Google
        </Button>
      </form>
    </Sheet>
  );
}
