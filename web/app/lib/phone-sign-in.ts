/**
 * The rules of the login screen's Google and phone sign-in (SPEC §5, §8). Plain module: no browser,
 * no Firebase, so it is unit tested; the Firebase SDK's error codes come in as text.
 */
import { Messages } from '../../../api/src/contracts/messages.js';
import { checkMobileNumber } from '../../../api/src/contracts/mobile-number.js';

export const PHONE_INPUT_MAX_LENGTH = 15;
export const OTP_LENGTH = 6;

/** What the phone field keeps of what is typed or pasted: digits, plus, space and dash, at most 15 characters. */
export function sanitizePhoneInput(value: string): string {
  return value
    .replace(/[^\d+\s-]/g, '')
    .replace(/\s/g, ' ')
    .slice(0, PHONE_INPUT_MAX_LENGTH);
}

export type PhoneCheck = { ok: true; national: string; e164: string } | { ok: false; error: string };

/** The number a code goes to (+91 and 10 digits), or the rule it breaks. */
export function phoneForCode(value: string): PhoneCheck {
  const checked = checkMobileNumber(value);
  if (!checked.ok) return { ok: false, error: checked.error || Messages.mobile.invalidDefault };
  return { ok: true, national: checked.national, e164: checked.e164 };
}

/** "+91 98765 43210", for telling people where the code went. */
export function formatIndianNumber(national: string): string {
  return `+91 ${national.slice(0, 5)} ${national.slice(5)}`;
}

/** What the code field keeps: digits only, at most six. */
export function sanitizeOtpInput(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export type OtpCheck = { ok: true; code: string } | { ok: false; error: string };

export function checkOtpCode(value: string): OtpCheck {
  const code = value.trim();
  if (code === '') return { ok: false, error: Messages.otp.empty };
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code)) return { ok: false, error: Messages.otp.notSixDigits };
  return { ok: true, code };
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

const NETWORK = 'auth/network-request-failed';

/** The message for a failed Google sign-in; null when the person closed the window themselves. */
export function googleErrorMessage(error: unknown): string | null {
  switch (codeOf(error)) {
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
    case 'auth/user-cancelled':
      return null;
    case 'auth/popup-blocked':
      return 'The Google sign-in window was blocked. Please allow pop-ups for this site and try again.';
    case NETWORK:
      return Messages.generic.network;
    default:
      return 'Google login failed';
  }
}

/** The message for a code that could not be sent. */
export function sendCodeErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/invalid-phone-number':
    case 'auth/missing-phone-number':
      return Messages.mobile.invalidDefault;
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return Messages.auth.tooManyOtpRequests;
    case 'auth/captcha-check-failed':
    case 'auth/argument-error':
      return Messages.otp.recaptchaMissing;
    case NETWORK:
      return Messages.generic.network;
    default:
      return Messages.otp.sendFailed;
  }
}

/** The message for a code that was not accepted. */
export function verifyCodeErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'auth/code-expired':
    case 'auth/session-expired':
    case 'auth/missing-verification-id':
    case 'auth/invalid-verification-id':
      return Messages.otp.sessionExpired;
    case 'auth/missing-verification-code':
      return Messages.otp.empty;
    case NETWORK:
      return Messages.generic.network;
    default:
      return Messages.otp.verifyFailed;
  }
}
