import { z } from 'zod';
import { checkMobileSchema } from './user.contract.js';

/** The ID token is checked by the Firebase strategy before the body is parsed; here it only has to be text. */
const idToken = z.string();

/** POST /auth/google-auth */
export const googleAuthSchema = z.object({ id_token: idToken });

/** POST /auth/phone-auth: the number as typed (without +91), which must be the one the code verified. */
export const phoneAuthSchema = checkMobileSchema.extend({ id_token: idToken });
export type PhoneAuthInput = z.infer<typeof phoneAuthSchema>;

/** POST /auth/otp-attempt: asked before a code is sent to the number. */
export const otpAttemptSchema = checkMobileSchema;
