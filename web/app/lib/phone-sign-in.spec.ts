import {
  checkOtpCode,
  formatIndianNumber,
  googleErrorMessage,
  phoneForCode,
  sanitizeOtpInput,
  sanitizePhoneInput,
  sendCodeErrorMessage,
  verifyCodeErrorMessage,
} from './phone-sign-in';

describe('the phone field', () => {
  it('keeps digits, plus, spaces and dashes only', () => {
    expect(sanitizePhoneInput('+91 (98765) 4321')).toBe('+91 98765 4321');
    expect(sanitizePhoneInput('987-654-3210')).toBe('987-654-3210');
    expect(sanitizePhoneInput('98765abc43210')).toBe('9876543210');
    expect(sanitizePhoneInput('98765\t43210')).toBe('98765 43210');
  });

  it('holds at most 15 characters', () => {
    expect(sanitizePhoneInput('+91 98765 43210 99')).toBe('+91 98765 43210');
    expect(sanitizePhoneInput('1234567890123456789')).toHaveLength(15);
  });
});

describe('the number a code is sent to', () => {
  it('strips everything but digits and a leading 91, then prefixes +91', () => {
    expect(phoneForCode('+91 98765-43210')).toEqual({ ok: true, national: '9876543210', e164: '+919876543210' });
    expect(phoneForCode('919876543210')).toEqual({ ok: true, national: '9876543210', e164: '+919876543210' });
    expect(phoneForCode('6123456789')).toMatchObject({ ok: true, e164: '+916123456789' });
  });

  it.each([
    ['', 'Please enter a mobile number'],
    ['  -- ', 'Please enter a mobile number'],
    ['98765', 'Please enter a valid 10-digit mobile number'],
    ['98765432101', 'Please enter a valid 10-digit mobile number'],
    ['5876543210', 'Please enter a valid Indian mobile number'],
    ['+91 1234567890', 'Please enter a valid Indian mobile number'],
  ])('refuses %j with "%s"', (input, error) => {
    expect(phoneForCode(input)).toEqual({ ok: false, error });
  });

  it('is shown back as +91 XXXXX XXXXX', () => {
    expect(formatIndianNumber('9876543210')).toBe('+91 98765 43210');
  });
});

describe('the verification code', () => {
  it('is required', () => {
    expect(checkOtpCode('')).toEqual({ ok: false, error: 'Please enter the verification code' });
    expect(checkOtpCode('   ')).toEqual({ ok: false, error: 'Please enter the verification code' });
  });

  it('has exactly six digits', () => {
    expect(checkOtpCode('12345')).toEqual({ ok: false, error: 'The verification code has 6 digits' });
    expect(checkOtpCode('12a456')).toMatchObject({ ok: false });
    expect(checkOtpCode('123456')).toEqual({ ok: true, code: '123456' });
  });

  it('keeps only six digits of what is typed or pasted', () => {
    expect(sanitizeOtpInput('12 34-56 78')).toBe('123456');
  });
});

describe('Firebase errors in the spec’s words', () => {
  const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });

  it('Google: nothing when the person closed the window, "Google login failed" for the unknown', () => {
    expect(googleErrorMessage(failure('auth/popup-closed-by-user'))).toBeNull();
    expect(googleErrorMessage(failure('auth/internal-error'))).toBe('Google login failed');
    expect(googleErrorMessage(new Error('no code'))).toBe('Google login failed');
    expect(googleErrorMessage(failure('auth/popup-blocked'))).toMatch(/allow pop-ups/);
  });

  it('sending a code', () => {
    expect(sendCodeErrorMessage(failure('auth/invalid-phone-number'))).toBe('Invalid mobile number');
    expect(sendCodeErrorMessage(failure('auth/captcha-check-failed'))).toBe('reCAPTCHA not initialized');
    expect(sendCodeErrorMessage(failure('auth/too-many-requests'))).toBe('Too many verification codes requested. Please try again later.');
    expect(sendCodeErrorMessage(undefined)).toBe('Failed to send OTP');
  });

  it('confirming a code', () => {
    expect(verifyCodeErrorMessage(failure('auth/invalid-verification-code'))).toBe('Failed to verify OTP');
    expect(verifyCodeErrorMessage(failure('auth/code-expired'))).toBe('Verification session expired. Please try again.');
    expect(verifyCodeErrorMessage('weird')).toBe('Failed to verify OTP');
  });
});
