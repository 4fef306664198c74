import {
  paymentProfileApiErrors,
  paymentProfileBody,
  profileFormValues,
  readPaymentProfileForm,
  REQUIRED_MESSAGES,
  validatePaymentProfile,
  type PaymentProfileFormValues,
} from './payment-profile';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { gstinCheckCharacter, KycProblems } from '../../../api/src/contracts/kyc.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import type { PaymentProfileView } from '../../../api/src/contracts/payouts.contract.js';

const bank: PaymentProfileFormValues = {
  legal_name: '  Asha   Rao ',
  pan: 'abcpe 1234 f',
  payout_method: 'bank',
  account_number: '1234 5678 9012',
  ifsc: 'sbin0001234',
  upi_id: 'left@over',
  gstin: '',
  state: 'karnataka',
};

const capitalised = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

describe('reading the payment profile form', () => {
  it('reads every field as typed, and a missing or unknown payout method as a bank account', () => {
    const form = new FormData();
    form.set('legal_name', 'Asha Rao');
    form.set('pan', 'ABCPE1234F');
    form.set('payout_method', 'upi');
    form.set('upi_id', 'asha@ybl');
    expect(readPaymentProfileForm(form)).toEqual({
      legal_name: 'Asha Rao',
      pan: 'ABCPE1234F',
      payout_method: 'upi',
      account_number: '',
      ifsc: '',
      upi_id: 'asha@ybl',
      gstin: '',
      state: '',
    });
    expect(readPaymentProfileForm({ payout_method: 'cash' }).payout_method).toBe('bank');
    expect(readPaymentProfileForm({}).payout_method).toBe('bank');
  });

  it('sends only the chosen payout method’s fields', () => {
    expect(paymentProfileBody(bank)).toMatchObject({ account_number: '1234 5678 9012', ifsc: 'sbin0001234', upi_id: null });
    expect(paymentProfileBody({ ...bank, payout_method: 'upi' })).toMatchObject({ account_number: null, ifsc: null, upi_id: 'left@over' });
  });
});

describe('checking the payment profile with the contract’s schema', () => {
  it('answers the normalised body to send', () => {
    expect(validatePaymentProfile(bank)).toEqual({
      ok: true,
      body: {
        legal_name: 'Asha Rao',
        pan: 'ABCPE1234F',
        state: 'Karnataka',
        gstin: null,
        account_number: '123456789012',
        ifsc: 'SBIN0001234',
        upi_id: null,
      },
    });
    // A GSTIN of the same PAN, its check character computed as GSTN does.
    const gstin = `29ABCPE1234F1Z${gstinCheckCharacter('29ABCPE1234F1Z')}`;
    const upi = validatePaymentProfile({ ...bank, payout_method: 'upi', upi_id: ' Asha.Rao@OKHDFCBANK ', gstin: gstin.toLowerCase() });
    expect(upi).toEqual({
      ok: true,
      body: {
        legal_name: 'Asha Rao',
        pan: 'ABCPE1234F',
        state: 'Karnataka',
        gstin,
        account_number: null,
        ifsc: null,
        upi_id: 'asha.rao@okhdfcbank',
      },
    });
  });

  it('puts a bad IFSC under the IFSC field, in the validator’s words', () => {
    const check = validatePaymentProfile({ ...bank, ifsc: 'SBIN1001234' });
    expect(check).toEqual({ ok: false, errors: { fields: { ifsc: capitalised(KycProblems.ifsc.fifthZero) }, form: null } });
  });

  it('reports every field at once, an empty one with the words for that field', () => {
    const check = validatePaymentProfile({
      ...bank,
      legal_name: '',
      pan: 'ABC',
      account_number: '',
      ifsc: 'SBIN1001234',
      state: 'Atlantis',
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.fields).toEqual({
      legal_name: REQUIRED_MESSAGES.legal_name,
      pan: capitalised(KycProblems.pan.shape),
      account_number: REQUIRED_MESSAGES.account_number,
      ifsc: capitalised(KycProblems.ifsc.fifthZero),
      state: capitalised(KycProblems.state.unknown),
    });
    expect(check.errors.form).toBeNull();
  });

  it('asks for the chosen payout method’s fields on the fields themselves', () => {
    const noBank = validatePaymentProfile({ ...bank, account_number: '', ifsc: '' });
    expect(noBank).toEqual({
      ok: false,
      errors: { fields: { account_number: REQUIRED_MESSAGES.account_number, ifsc: REQUIRED_MESSAGES.ifsc }, form: null },
    });
    const noIfsc = validatePaymentProfile({ ...bank, ifsc: ' ' });
    expect(noIfsc).toEqual({ ok: false, errors: { fields: { ifsc: REQUIRED_MESSAGES.ifsc }, form: null } });
    const noUpi = validatePaymentProfile({ ...bank, payout_method: 'upi', upi_id: '' });
    expect(noUpi).toEqual({ ok: false, errors: { fields: { upi_id: REQUIRED_MESSAGES.upi_id }, form: null } });
  });

  it('refuses a GSTIN that does not hold the PAN, on the GSTIN field', () => {
    // 27AAPFU0939F1ZV is a published GSTIN (its check character is right) of another PAN.
    const check = validatePaymentProfile({ ...bank, gstin: '27AAPFU0939F1ZV' });
    expect(check).toEqual({ ok: false, errors: { fields: { gstin: capitalised(KycProblems.gstin.panMismatch) }, form: null } });
  });

  it('refuses a GSTIN whose check character is wrong', () => {
    const check = validatePaymentProfile({ ...bank, gstin: '27AAPFU0939F1ZA' });
    expect(check.ok ? null : check.errors.fields.gstin).toBe(capitalised(KycProblems.gstin.checkDigit));
  });
});

describe('the API’s refusals on the form', () => {
  it('puts a refusal that names a field under that field', () => {
    const errors = paymentProfileApiErrors({ error: `ifsc: ${KycProblems.ifsc.fifthZero}`, code: ErrorCodes.payouts.invalidIfsc }, bank);
    expect(errors).toEqual({ fields: { ifsc: capitalised(KycProblems.ifsc.fifthZero) }, form: null });
    expect(paymentProfileApiErrors({ error: 'pan: is required', code: ErrorCodes.payouts.invalidPan }, bank)).toEqual({
      fields: { pan: REQUIRED_MESSAGES.pan },
      form: null,
    });
  });

  it('puts "add a bank account or a UPI id" on the chosen method’s empty field', () => {
    const upi = { ...bank, payout_method: 'upi' as const, upi_id: '' };
    const errors = paymentProfileApiErrors(
      { error: Messages.payouts.payoutMethodRequired, code: ErrorCodes.payouts.payoutMethodRequired },
      upi,
    );
    expect(errors).toEqual({ fields: { upi_id: REQUIRED_MESSAGES.upi_id }, form: null });
  });

  it('shows anything else above the button', () => {
    expect(paymentProfileApiErrors({ error: Messages.payouts.hostsOnly, code: ErrorCodes.payouts.hostsOnly }, bank)).toEqual({
      fields: {},
      form: Messages.payouts.hostsOnly,
    });
    expect(paymentProfileApiErrors({ error: 'mystery: went wrong', code: 'validation' }, bank)).toEqual({
      fields: {},
      form: 'mystery: went wrong',
    });
  });
});

describe('the form filled from the saved profile', () => {
  const saved: PaymentProfileView = {
    hostId: 'host-1',
    legalName: 'Asha Rao',
    state: 'Karnataka',
    gstin: null,
    pan: 'XXXXXX234F',
    accountNumber: null,
    ifsc: null,
    upiId: 'aXXX@okhdfcbank',
    createdAt: '2026-05-01T10:00:00Z',
    updatedAt: '2026-05-01T10:00:00Z',
  };

  it('keeps what is not secret and leaves the PAN, account number and UPI id to be typed again', () => {
    expect(profileFormValues(saved)).toEqual({
      legal_name: 'Asha Rao',
      pan: '',
      payout_method: 'upi',
      account_number: '',
      ifsc: '',
      upi_id: '',
      gstin: '',
      state: 'Karnataka',
    });
    expect(profileFormValues({ ...saved, accountNumber: 'XXXX9012', ifsc: 'SBIN0001234', gstin: '29ABCPE1234F1Z5' })).toMatchObject({
      payout_method: 'bank',
      ifsc: 'SBIN0001234',
      gstin: '29ABCPE1234F1Z5',
    });
  });

  it('starts empty, with a bank account, before there is a profile', () => {
    expect(profileFormValues(null)).toMatchObject({ legal_name: '', payout_method: 'bank', state: '' });
  });
});
