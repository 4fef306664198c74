import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { PhoneIcon } from '~/components/ui/icons';
import { Sheet } from '~/components/ui/sheet';
import {
  checkOtpCode,
  formatIndianNumber,
  OTP_LENGTH,
  PHONE_INPUT_MAX_LENGTH,
  phoneForCode,
  sanitizeOtpInput,
  sanitizePhoneInput,
} from '~/lib/phone-sign-in';
import { useCheckedSubmit } from './use-checked-submit';

/** "Enter your phone number": the number is checked here, then `onSend` asks for a code (and may fail with a message). */
export function PhoneNumberSheet({
  open,
  initialNumber,
  onClose,
  onSend,
}: {
  open: boolean;
  initialNumber: string;
  onClose: () => void;
  onSend: (phone: { national: string; e164: string; typed: string }) => Promise<string | null>;
}) {
  const [typed, setTyped] = useState(initialNumber);
  const {
    error,
    busy: sending,
    onSubmit,
  } = useCheckedSubmit(() => {
    const phone = phoneForCode(typed);
    return phone.ok ? { ok: true, value: { national: phone.national, e164: phone.e164, typed } } : phone;
  }, onSend);

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Enter your phone number"
      description="We'll send you a verification code"
      icon={<PhoneIcon size={22} />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="Mobile number"
          name="mobile_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          leading={<span className="text-[15px] text-slate-500">+91</span>}
          maxLength={PHONE_INPUT_MAX_LENGTH}
          value={typed}
          onChange={(event) => setTyped(sanitizePhoneInput(event.target.value))}
          error={error}
          data-autofocus
        />
        <Button type="submit" size="lg" fullWidth loading={sending}>
          {sending ? 'Sending code...' : 'Send code'}
        </Button>
      </form>
    </Sheet>
  );
}

/** "Enter verification code": six digits; "Change number" and "Resend code" both go back to the phone sheet. */
export function VerificationCodeSheet({
  open,
  national,
  onClose,
  onBack,
  onVerify,
}: {
  open: boolean;
  national: string;
  onClose: () => void;
  onBack: () => void;
  onVerify: (code: string) => Promise<string | null>;
}) {
  const [code, setCode] = useState('');
  const {
    error,
    busy: verifying,
    onSubmit,
  } = useCheckedSubmit(() => {
    const checked = checkOtpCode(code);
    return checked.ok ? { ok: true, value: checked.code } : checked;
  }, onVerify);
  const linkClass = 'text-sm font-semibold text-brand-700 hover:underline disabled:opacity-50';

  return (
    <Sheet
      open={open}
      onClose={onClose}
      title="Enter verification code"
      description={`Sent to ${formatIndianNumber(national)}`}
      icon={<PhoneIcon size={22} />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <Alert tone="success">OTP sent successfully</Alert>
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="6-digit code"
          maxLength={OTP_LENGTH}
          value={code}
          onChange={(event) => setCode(sanitizeOtpInput(event.target.value))}
          error={error}
          data-autofocus
        />
        <Button type="submit" size="lg" fullWidth loading={verifying}>
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex items-center justify-between">
          <button type="button" className={linkClass} onClick={onBack} disabled={verifying}>
            Change number
          </button>
          <button type="button" className={linkClass} onClick={onBack} disabled={verifying}>
            Resend code
          </button>
        </div>
      </form>
    </Sheet>
  );
}
