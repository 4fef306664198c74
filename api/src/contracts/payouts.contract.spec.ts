import { describeZodError } from '../platform/http/zod.js';
import { Messages } from './messages.js';
import { paymentProfileSchema } from './payouts.contract.js';
import { readValidationMessage } from './validation-message.js';

const valid = {
  legal_name: 'Asha Rao',
  pan: 'ABCPE1234F',
  state: 'Karnataka',
  account_number: '50100012345678',
  ifsc: 'HDFC0000001',
};

/** The message the API sends for a refused profile, and its code. */
function refusal(body: Record<string, unknown>) {
  const result = paymentProfileSchema.safeParse(body);
  if (result.success) throw new Error('expected a refusal');
  const issue = result.error.issues[0]!;
  return { message: describeZodError(result.error, 'body'), code: issue.code === 'custom' ? issue.params?.code : undefined };
}

describe('paymentProfileSchema', () => {
  it('normalises a bank account profile, blank optional fields meaning none', () => {
    const parsed = paymentProfileSchema.parse({ ...valid, pan: 'abcpe1234f', state: 'karnataka', gstin: '', upi_id: '  ' });
    expect(parsed).toEqual({ ...valid, gstin: null, upi_id: null });
  });

  it('takes a UPI id alone, and a GSTIN holding the PAN', () => {
    const parsed = paymentProfileSchema.parse({
      legal_name: 'Shreeji Furnishers',
      pan: 'AAPFU0939F',
      state: 'Maharashtra',
      gstin: '27aapfu0939f1zv',
      upi_id: 'Shreeji@YBL',
    });
    expect(parsed).toMatchObject({ gstin: '27AAPFU0939F1ZV', upi_id: 'shreeji@ybl', account_number: null, ifsc: null });
  });

  it.each([
    [{ ifsc: 'SBIN1000300' }, 'ifsc: must have 0 (zero) as its 5th character, like SBIN0001234', 'invalid_ifsc'],
    [{ pan: 'ABCXE1234F' }, expect.stringMatching(/^pan: must have the holder type/), 'invalid_pan'],
    [{ account_number: '12345' }, 'account_number: must be 9 to 18 digits long', 'invalid_account_number'],
    [{ upi_id: 'asha' }, 'upi_id: must look like name@bank, like asha.rao@okhdfcbank', 'invalid_upi_id'],
    [{ gstin: '27AAPFU0939F1ZW' }, expect.stringMatching(/^gstin: is not a valid GSTIN/), 'invalid_gstin'],
    [{ state: 'Bengaluru' }, 'state: must be an Indian state or union territory, like Karnataka', 'invalid_state'],
    [{ legal_name: undefined }, 'legal_name: is required', undefined],
    [{ pan: 42 }, 'pan: must be text', undefined],
  ])('refuses %j on its field', (change, message, code) => {
    const refused = refusal({ ...valid, ...change });
    expect(refused).toEqual({ message, code });
    expect(readValidationMessage(refused.message)?.field).toBe(Object.keys(change)[0]);
  });

  it('wants the IFSC with an account number and the reverse', () => {
    expect(refusal({ ...valid, ifsc: undefined }).message).toBe('ifsc: is required with a bank account number');
    expect(refusal({ ...valid, account_number: '' }).message).toBe('account_number: is required with an IFSC');
  });

  it('wants a bank account or a UPI id, in a sentence of its own', () => {
    expect(refusal({ ...valid, account_number: null, ifsc: null })).toEqual({
      message: Messages.payouts.payoutMethodRequired,
      code: 'payout_method_required',
    });
  });

  it('refuses a GSTIN of another PAN', () => {
    expect(refusal({ ...valid, gstin: '27AAPFU0939F1ZV' })).toEqual({
      message: 'gstin: must belong to your PAN: characters 3 to 12 of the GSTIN are the PAN',
      code: 'gstin_pan_mismatch',
    });
  });
});
