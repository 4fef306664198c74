/**
 * One zod schema per form (DESIGN §3), used by the route actions; messages are the spec's where it
 * has one (SPEC §5, §8). Plain module: imports only the shared contracts.
 */
import { z } from 'zod';
import { Messages } from '../../../api/src/contracts/messages.js';
import { checkMobileNumber } from '../../../api/src/contracts/mobile-number.js';

const checked = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

/**
 * Login with email and password. The terms box is checked first (it gates every sign-in
 * method), then both fields are required; the first problem is the form's message.
 */
export const loginFormSchema = z
  .object({
    email: z.string().trim().toLowerCase().optional().default(''),
    password: z.string().optional().default(''),
    terms: checked,
    returnTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.terms) {
      ctx.addIssue({ code: 'custom', message: Messages.auth.acceptTerms });
      return;
    }
    if (!value.email || !value.password) ctx.addIssue({ code: 'custom', message: Messages.auth.enterEmailAndPassword });
  });
export type LoginForm = z.output<typeof loginFormSchema>;

/** A password being chosen: the API's rules, in the words the forms show. */
const newPasswordField = z
  .string()
  .min(8, { message: 'Password must be at least 8 characters' })
  .max(128, { message: 'Password can be at most 128 characters' });

/** Step one of signup: the account. */
export const registerFormSchema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter your name' }).max(80, { message: 'Name can be at most 80 characters' }),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'Please enter your email' })
    .max(254, { message: 'Email is too long' })
    .pipe(z.email({ message: 'Please enter a valid email address' })),
  password: newPasswordField,
  terms: checked.refine((value) => value, { message: Messages.auth.acceptTerms }),
  returnTo: z.string().optional(),
});
export type RegisterForm = z.output<typeof registerFormSchema>;

/** Mobile number per SPEC §5; the result is +91XXXXXXXXXX. */
export const mobileNumberField = z.string().transform((value, ctx) => {
  const result = checkMobileNumber(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  }
  return result.e164;
});

/** Step two of signup: completing the profile (name, age 18+, gender, mobile number). */
export const profileFormSchema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter your name' }).max(80, { message: 'Name can be at most 80 characters' }),
  age: z
    .string()
    .trim()
    .min(1, { message: 'Please enter your age' })
    .regex(/^\d{1,3}$/, { message: 'Please enter your age in years' })
    .transform(Number)
    .pipe(z.number().min(18, { message: 'You must be at least 18 to join Tribe' }).max(100, { message: 'Please enter a valid age' })),
  gender: z.enum(['male', 'female'], { message: 'Please choose your gender' }),
  mobileNumber: z.string().optional().default('').pipe(mobileNumberField),
  returnTo: z.string().optional(),
});
export type ProfileForm = z.output<typeof profileFormSchema>;

/** The settings view toggle: fan or influencer (nobody can pick admin here). */
export const roleFormSchema = z.object({
  intent: z.literal('switch-role'),
  role: z.enum(['fan', 'influencer'], { message: Messages.auth.cannotBecomeAdmin }),
});

export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** Deleting the account needs the word DELETE typed exactly. */
export const deleteAccountFormSchema = z.object({
  confirm: z
    .string()
    .optional()
    .default('')
    .refine((value) => value.trim() === DELETE_CONFIRMATION_WORD, { message: `Type ${DELETE_CONFIRMATION_WORD} to confirm` }),
});

/** Changing the password: the current one, and the new one typed twice. */
export const changePasswordFormSchema = z
  .object({
    current_password: z
      .string()
      .optional()
      .default('')
      .refine((value) => value.length > 0, { message: 'Please enter your current password' }),
    new_password: newPasswordField,
    confirm_password: z.string().optional().default(''),
  })
  .superRefine((value, ctx) => {
    if (value.confirm_password !== value.new_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'The new passwords do not match' });
    }
  });
