import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { ChoiceField, SelectField, TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import {
  INDIAN_STATES,
  readPaymentProfileForm,
  validatePaymentProfile,
  type PaymentProfileField,
  type PaymentProfileFormErrors,
  type PaymentProfileFormValues,
} from '~/lib/payment-profile';
import type { PaymentProfileView } from '../../../../api/src/contracts/payouts.contract.js';

const METHOD_OPTIONS = [
  { value: 'bank', label: 'Bank account' },
  { value: 'upi', label: 'UPI' },
];

/** Errors kept only on the fields that already showed one: leaving a field fixed clears its message, untouched fields stay quiet. */
function recheck(shown: PaymentProfileFormErrors, form: HTMLFormElement): PaymentProfileFormErrors {
  const check = validatePaymentProfile(readPaymentProfileForm(new FormData(form)));
  const now = check.ok ? {} : check.errors.fields;
  const fields: PaymentProfileFormErrors['fields'] = {};
  for (const name of Object.keys(shown.fields) as PaymentProfileField[]) {
    if (now[name]) fields[name] = now[name];
  }
  return { fields, form: shown.form };
}

/**
 * The KYC form of /payment-profile/edit. It posts to the route's action, which checks it with the
 * contract's schema and puts each problem under its field (it works without JavaScript). With
 * JavaScript the same check runs before sending, so a mistyped IFSC is shown at once, and a
 * message clears when its field is fixed. The payout method shows only its own fields (by CSS, so
 * that works without JavaScript too).
 */
export function PaymentProfileForm({
  values,
  errors: serverErrors,
  saved,
}: {
  values: PaymentProfileFormValues;
  errors: PaymentProfileFormErrors | null;
  /** The profile as saved (masked), to say what the secret fields hold now. */
  saved: PaymentProfileView | null;
}) {
  const navigation = useNavigation();
  const [errors, setErrors] = useState<PaymentProfileFormErrors | null>(serverErrors);
  useEffect(() => setErrors(serverErrors), [serverErrors]);
  const fields = errors?.fields ?? {};
  const hasErrors = Boolean(errors && (errors.form || Object.keys(errors.fields).length > 0));
  const formRef = useFocusFirstError(errors, hasErrors);

  const checkBeforeSending = (submit: FormEvent<HTMLFormElement>) => {
    const check = validatePaymentProfile(readPaymentProfileForm(new FormData(submit.currentTarget)));
    if (check.ok) return;
    submit.preventDefault();
    setErrors(check.errors);
  };
  const recheckShown = (blur: FocusEvent<HTMLFormElement>) => {
    // Leaving a field for the Save button: the submit checks everything anyway. Clearing the message
    // now would move the button up under the pointer between press and release, and lose the click.
    const next = blur.relatedTarget;
    if (next instanceof HTMLButtonElement && next.type === 'submit' && blur.currentTarget.contains(next)) return;
    if (errors && Object.keys(errors.fields).length > 0) setErrors(recheck(errors, blur.currentTarget));
  };

  const again = (what: string, masked: string | null | undefined) =>
    masked ? `Saved as ${masked}. Enter ${what} again to save changes.` : null;

  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      onSubmit={checkBeforeSending}
      onBlur={recheckShown}
      className="group/profile space-y-5 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      aria-label="Payment profile"
    >
      <TextField
        label="Legal name"
        name="legal_name"
        defaultValue={values.legal_name}
        autoComplete="name"
        hint="As printed on your PAN card."
        maxLength={100}
        error={fields.legal_name}
      />
      <TextField
        label="PAN"
        name="pan"
        defaultValue={values.pan}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={14}
        placeholder="ABCPE1234F"
        hint={again('your PAN', saved?.pan) ?? '10 characters, like ABCPE1234F.'}
        error={fields.pan}
      />

      <ChoiceField label="Get paid to" name="payout_method" options={METHOD_OPTIONS} defaultValue={values.payout_method} />

      <div className="space-y-5 group-has-[input[value=upi]:checked]/profile:hidden" data-testid="bank-fields">
        <TextField
          label="Bank account number"
          name="account_number"
          defaultValue={values.account_number}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          hint={again('the account number', saved?.accountNumber) ?? '9 to 18 digits.'}
          error={fields.account_number}
        />
        <TextField
          label="IFSC"
          name="ifsc"
          defaultValue={values.ifsc}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={15}
          placeholder="SBIN0001234"
          hint="11 characters, on your cheque book or passbook."
          error={fields.ifsc}
        />
      </div>
      <div className="space-y-5 group-has-[input[value=bank]:checked]/profile:hidden" data-testid="upi-fields">
        <TextField
          label="UPI id"
          name="upi_id"
          defaultValue={values.upi_id}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={300}
          placeholder="name@bank"
          hint={again('your UPI id', saved?.upiId) ?? 'Like asha.rao@okhdfcbank.'}
          error={fields.upi_id}
        />
      </div>

      <TextField
        label="GSTIN (optional)"
        name="gstin"
        defaultValue={values.gstin}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        placeholder="27AAPFU0939F1ZV"
        hint="Only if you are registered for GST. It must hold your PAN."
        error={fields.gstin}
      />
      <SelectField label="State" name="state" defaultValue={values.state} error={fields.state}>
        <option value="">Choose your state</option>
        {INDIAN_STATES.map((state) => (
          <option key={state.name} value={state.name}>
            {state.name}
          </option>
        ))}
      </SelectField>

      {errors?.form ? <Alert>{errors.form}</Alert> : null}
      <p className="text-xs text-slate-500">
        Your PAN, account number and UPI id are stored encrypted and only ever shown masked, even to you.
      </p>
      <Button type="submit" size="lg" fullWidth loading={navigation.state === 'submitting'}>
        Save payment profile
      </Button>
    </Form>
  );
}
