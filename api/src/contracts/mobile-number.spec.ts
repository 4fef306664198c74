import { Messages } from './messages.js';
import { checkMobileNumber, maskMobileNumber } from './mobile-number.js';

describe('checkMobileNumber (SPEC §5)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['+919876543210', '9876543210'],
    ['  98765 43210  ', '9876543210'],
    ['(987) 654-3210', '9876543210'],
    ['6000000000', '6000000000'],
    ['7123456789', '7123456789'],
    ['8123456789', '8123456789'],
  ])('accepts %j as +91%s', (input, national) => {
    expect(checkMobileNumber(input)).toEqual({ ok: true, national, e164: `+91${national}` });
  });

  it.each([[''], ['   '], ['abc'], ['+-  -'], [null], [undefined]])('gives the empty message for %j', (input) => {
    expect(checkMobileNumber(input)).toEqual({ ok: false, error: 'Please enter a mobile number' });
  });

  it.each([
    ['12345'],
    ['987654321'],
    ['98765432101'],
    ['09876543210'],
    // 91 is only dropped from a 12-digit number.
    ['9198765432101'],
    ['91987654321'],
  ])('needs exactly 10 digits: %j', (input) => {
    expect(checkMobileNumber(input)).toEqual({ ok: false, error: 'Please enter a valid 10-digit mobile number' });
  });

  it.each([['5876543210'], ['0987654321'], ['1234567890'], ['+91 5876543210'], ['915876543210']])(
    'needs an Indian first digit (6-9): %j',
    (input) => {
      expect(checkMobileNumber(input)).toEqual({ ok: false, error: 'Please enter a valid Indian mobile number' });
    },
  );

  it('keeps a 10-digit number that happens to start with 91', () => {
    expect(checkMobileNumber('9198765432')).toEqual({ ok: true, national: '9198765432', e164: '+919198765432' });
  });

  it('refuses input longer than 15 characters', () => {
    expect(checkMobileNumber('+91 98765 432 10')).toEqual({ ok: false, error: Messages.mobile.tooLong });
    expect(checkMobileNumber('+91 98765-43210')).toMatchObject({ ok: true });
  });

  it('uses the catalogue messages word for word', () => {
    expect(Messages.mobile.empty).toBe('Please enter a mobile number');
    expect(Messages.mobile.notTenDigits).toBe('Please enter a valid 10-digit mobile number');
    expect(Messages.mobile.notIndian).toBe('Please enter a valid Indian mobile number');
    expect(Messages.mobile.invalidDefault).toBe('Invalid mobile number');
  });
});

describe('maskMobileNumber', () => {
  it('shows only the country code and the last four digits', () => {
    expect(maskMobileNumber('+919876543210')).toBe('+91******3210');
  });
});
