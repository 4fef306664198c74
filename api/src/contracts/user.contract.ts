import { z } from 'zod';
import { stripBidiControls } from './bidi.js';
import { ErrorCodes } from './error-codes.js';
import { mediaUrl } from './media-url.js';
import { Messages } from './messages.js';
import { checkMobileNumber } from './mobile-number.js';

/** "name: is required" when absent, "name: must be text" when it is a number, list or object. */
const stringType = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : 'must be text') };

/** Free text people type (names, bio, places): bidi controls are dropped (./bidi.ts), then it is trimmed. */
const text = (max: number) =>
  z
    .string(stringType)
    .overwrite(stripBidiControls)
    .trim()
    .max(max, { message: `must be at most ${max} characters` });
const optionalText = (max: number) => text(max).nullable().optional();
/** Links people tap on other people's profiles: http(s) only, so a `javascript:` or `data:` URL never reaches an href. Pictures are `mediaUrl`s. */
const url = z.url({ protocol: /^https?$/, message: 'must be a valid URL' }).max(2048);

/** A number sent as a number or as digits in a string (form posts); true, [] or "" are refused, not coerced. */
const wholeNumber = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, { message: 'must be a number' }),
      ],
      {
        message: 'must be a number',
      },
    )
    .transform(Number)
    .pipe(
      z
        .number()
        .int({ message: 'must be a whole number' })
        .min(min, { message: `must be at least ${min}` })
        .max(max, { message: `must be at most ${max}` }),
    );

export const mobileNumberSchema = z.string(stringType).transform((value, ctx) => {
  const checked = checkMobileNumber(value);
  if (!checked.ok) {
    ctx.addIssue({ code: 'custom', message: checked.error, params: { code: ErrorCodes.mobile.invalid } });
    return z.NEVER;
  }
  return checked.e164;
});

export const genderSchema = z.enum(['male', 'female'], { message: 'must be male or female' });

/** Fields a person may set on their own profile (PUT /users/me, and optionally at registration). */
export const profileFieldsSchema = z.object({
  name: text(80).min(1, { message: 'is required' }).optional(),
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9_.]{3,30}$/, { message: 'must be 3-30 letters, digits, dots or underscores' })
    .nullable()
    .optional(),
  bio: optionalText(500),
  avatar_url: mediaUrl.nullable().optional(),
  cover_photo_url: mediaUrl.nullable().optional(),
  instagram_handle: z
    .string()
    .trim()
    .regex(/^@?[A-Za-z0-9._]{1,30}$/, { message: 'must be a valid Instagram handle' })
    .transform((handle) => handle.replace(/^@/, ''))
    .nullable()
    .optional(),
  instagram_url: url.nullable().optional(),
  facebook_url: url.nullable().optional(),
  youtube_url: url.nullable().optional(),
  age: wholeNumber(18, 100).nullable().optional(),
  gender: genderSchema.nullable().optional(),
  height: optionalText(20),
  work: optionalText(100),
  education: optionalText(100),
  education_level: optionalText(50),
  drinking: optionalText(30),
  location: optionalText(100),
  // Stored unverified: only phone sign-in's one-time code verifies a number, so there is no field for it.
  mobile_number: mobileNumberSchema.nullable().optional(),
  media_gallery: z.array(mediaUrl).max(20, { message: 'can hold at most 20 items' }).optional(),
  profile_photos: z.array(mediaUrl).max(10, { message: 'can hold at most 10 photos' }).optional(),
  interests: z.array(text(40).min(1)).max(30, { message: 'can hold at most 30 interests' }).optional(),
  role: z.enum(['fan', 'influencer'], { message: Messages.auth.cannotBecomeAdmin }).optional(),
});
export type ProfileFields = z.infer<typeof profileFieldsSchema>;

export const emailSchema = z
  .string({ message: Messages.auth.enterEmailAndPassword })
  .trim()
  .toLowerCase()
  .min(1, { message: Messages.auth.enterEmailAndPassword })
  .max(254)
  .pipe(z.email({ message: 'must be a valid email address' }));

export const newPasswordSchema = z
  .string(stringType)
  .min(8, { message: 'must be at least 8 characters' })
  .max(128, { message: 'must be at most 128 characters' });

export const registerSchema = profileFieldsSchema.extend({
  email: emailSchema,
  password: newPasswordSchema,
  name: text(80).min(1, { message: 'is required' }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  // Bounded like sign-up: the email keys the failed-login counter in Redis, which must stay small.
  email: z
    .string({ message: Messages.auth.enterEmailAndPassword })
    .trim()
    .toLowerCase()
    .min(1, { message: Messages.auth.enterEmailAndPassword })
    .max(254, { message: 'must be at most 254 characters' }),
  password: z.string({ message: Messages.auth.enterEmailAndPassword }).min(1, { message: Messages.auth.enterEmailAndPassword }).max(128),
});

/** PUT /users/me/password. The current password is bounded like login's: no longer one was ever accepted. */
export const changePasswordSchema = z
  .object({
    current_password: z.string(stringType).min(1, { message: 'is required' }).max(128, { message: 'must be at most 128 characters' }),
    new_password: newPasswordSchema,
  })
  .refine((body) => body.new_password !== body.current_password, {
    message: Messages.users.passwordUnchanged,
    path: ['new_password'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const checkMobileSchema = z.object({
  mobile_number: z.string({ message: Messages.mobile.empty }).pipe(mobileNumberSchema),
});

/** What a complete profile needs before the app stops sending the person to /signup. */
export function isProfileComplete(user: { name: string | null; age: number | null; gender: string | null }): boolean {
  return Boolean(user.name?.trim()) && user.age !== null && user.gender !== null;
}
