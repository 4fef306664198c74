/**
 * The host's payment profile form (/payment-profile/edit): what it holds, what it sends to
 * PUT /payment-profile, and its errors by field. Every check is the contract's own
 * (`paymentProfileSchema` and its KYC validators): this module only reads the form, picks the
 * payout method's fields, and words a missing value for the field it is missing from. Plain module
 * (no React, no server imports), run by the server on submit and by the browser before it.
 */
import { readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import { KycProblems } from '../../../api/src/contracts/kyc.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { paymentProfileSchema, type PaymentProfileInput, type PaymentProfileView } from '../../../api/src/contracts/payouts.contract.js';
import { parseForm } from './forms';
import { capitalise } from './text';

export { INDIAN_STATES } from '../../../api/src/contracts/kyc.js';

export const PAYOUT_METHODS = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

export const isPayoutMethod = (value: unknown): value is PayoutMethod => value === 'bank' || value === 'upi';

/** The form's fields, as typed (the API's names, plus the payout method chosen). */
export interface PaymentProfileFormValues {
  legal_name: string;
  pan: string;
  payout_method: PayoutMethod;
  account_number: string;
  ifsc: string;
  upi_id: string;
  gstin: string;
  state: string;
}

export type PaymentProfileField = keyof PaymentProfileFormValues;

export const PAYMENT_PROFILE_FIELDS: readonly PaymentProfileField[] = [
  'legal_name',
  'pan',
  'payout_method',
  'account_number',
  'ifsc',
  'upi_id',
  'gstin',
  'state',
];

export interface PaymentProfileFormErrors {
  fields: Partial<Record<PaymentProfileField, string>>;
  form: string | null;
}

/** What a person reads when a field they must fill is empty (the contract says only "is required"). */
export const REQUIRED_MESSAGES: Readonly<Record<Exclude<PaymentProfileField, 'gstin' | 'payout_method'>, string>> = {
  legal_name: 'Enter your legal name, as on your PAN',
  pan: 'Enter your PAN',
  account_number: 'Enter your bank account number',
  ifsc: "Enter your bank branch's IFSC",
  upi_id: 'Enter your UPI id',
  state: 'Choose your state',
};

const text = (value: FormDataEntryValue | unknown): string => (typeof value === 'string' ? value : '');

/** The submitted form as typed. A missing or unknown payout method reads as a bank account (the form's default). */
export function readPaymentProfileForm(form: FormData | Record<string, unknown>): PaymentProfileFormValues {
  const get = (name: string) => (form instanceof FormData ? form.get(name) : form[name]);
  const method = get('payout_method');
  return {
    legal_name: text(get('legal_name')),
    pan: text(get('pan')),
    payout_method: isPayoutMethod(method) ? method : 'bank',
    account_number: text(get('account_number')),
    ifsc: text(get('ifsc')),
    upi_id: text(get('upi_id')),
    gstin: text(get('gstin')),
    state: text(get('state')),
  };
}

/** What PUT /payment-profile is sent: the chosen payout method's fields only (the other's are null, so it is dropped). */
export function paymentProfileBody(values: PaymentProfileFormValues): Record<string, string | null> {
  const bank = values.payout_method === 'bank';
  return {
    legal_name: values.legal_name,
    pan: values.pan,
    state: values.state,
    gstin: values.gstin,
    account_number: bank ? values.account_number : null,
    ifsc: bank ? values.ifsc : null,
    upi_id: bank ? null : values.upi_id,
  };
}

/** The words under a field for one problem the contract named it for. */
function fieldMessage(field: PaymentProfileField, problem: string): string {
  if (problem.startsWith(KycProblems.required) && field in REQUIRED_MESSAGES)
    return REQUIRED_MESSAGES[field as keyof typeof REQUIRED_MESSAGES];
  return capitalise(problem);
}

const isField = (name: string | null | undefined): name is PaymentProfileField =>
  typeof name === 'string' && (PAYMENT_PROFILE_FIELDS as readonly string[]).includes(name);

/**
 * The chosen payout method's fields left empty. The contract says so once every field is valid
 * ("add a bank account or a UPI id", or an IFSC with an account number); the form says it at once,
 * on the field that is empty, so the problems do not come in rounds.
 */
function emptyMethodFields(values: PaymentProfileFormValues): Partial<Record<PaymentProfileField, string>> {
  const blank = (value: string) => value.trim() === '';
  const empty: Partial<Record<PaymentProfileField, string>> = {};
  if (values.payout_method === 'upi') {
    if (blank(values.upi_id)) empty.upi_id = REQUIRED_MESSAGES.upi_id;
    return empty;
  }
  if (blank(values.account_number)) empty.account_number = REQUIRED_MESSAGES.account_number;
  if (blank(values.ifsc)) empty.ifsc = REQUIRED_MESSAGES.ifsc;
  return empty;
}

export type PaymentProfileCheck = { ok: true; body: PaymentProfileInput } | { ok: false; errors: PaymentProfileFormErrors };

/** Checks the form with the contract's schema: the normalised body to send, or every problem on its field. */
export function validatePaymentProfile(values: PaymentProfileFormValues): PaymentProfileCheck {
  const parsed = parseForm(paymentProfileSchema, paymentProfileBody(values));
  const errors: PaymentProfileFormErrors = { fields: emptyMethodFields(values), form: null };
  if (parsed.ok && Object.keys(errors.fields).length === 0) return { ok: true, body: parsed.data };
  if (!parsed.ok) {
    for (const [name, problem] of Object.entries(parsed.fieldErrors)) {
      if (isField(name) && problem) errors.fields[name] ??= fieldMessage(name, problem);
    }
    // Said on the empty fields above; any other problem of the whole form goes above the button.
    if (parsed.formError && parsed.formError !== Messages.payouts.payoutMethodRequired) errors.form = parsed.formError;
  }
  return { ok: false, errors };
}

/**
 * A refusal of PUT /payment-profile as form errors: a validation refusal names its field first
 * ("ifsc: must have 0 (zero) as its 5th character, ..."), which goes under that field; anything else
 * (hosts only, the API unavailable) above the button.
 */
export function paymentProfileApiErrors(
  refusal: { error: string; code: string | null },
  values: PaymentProfileFormValues,
): PaymentProfileFormErrors {
  const named = readValidationMessage(refusal.error);
  if (named && isField(named.field)) return { fields: { [named.field]: fieldMessage(named.field, named.problem) }, form: null };
  if (refusal.error === Messages.payouts.payoutMethodRequired) {
    const empty = emptyMethodFields(values);
    if (Object.keys(empty).length > 0) return { fields: empty, form: null };
  }
  return { fields: {}, form: refusal.error };
}

/**
 * The form as the saved profile fills it. The PAN, the account number and the UPI id are never sent
 * back unmasked, so they start empty and are typed again on every save; the rest is kept.
 */
export function profileFormValues(profile: PaymentProfileView | null): PaymentProfileFormValues {
  return {
    legal_name: profile?.legalName ?? '',
    pan: '',
    payout_method: profile && !profile.accountNumber && profile.upiId ? 'upi' : 'bank',
    account_number: '',
    ifsc: profile?.ifsc ?? '',
    upi_id: '',
    gstin: profile?.gstin ?? '',
    state: profile?.state ?? '',
  };
}
