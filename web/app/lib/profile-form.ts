/**
 * The profile form (SPEC §4 "Profile setup"): the details signup completion and the profile editor
 * ask for, as read from the form, checked, and sent to PUT /users/me.
 */
import { z } from 'zod';
import { collectInterests, DRINKING_CHOICES } from './profile';

const MAX_INTERESTS = 30;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} can be at most ${max} characters` })
    .transform((value) => value || null);

/** The profile details every profile form asks for (signup completion and the editor). */
export const profileDetailsSchema = z.object({
  name: z.string().trim().min(1, { message: 'Please enter your name' }).max(80, { message: 'Name can be at most 80 characters' }),
  bio: optionalText(500, 'Bio'),
  location: optionalText(100, 'Location'),
  work: optionalText(100, 'Work'),
  education: optionalText(100, 'Education'),
  height: optionalText(20, 'Height'),
  drinking: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(z.enum(DRINKING_CHOICES, { message: 'Please choose one of the drinking options' }).nullable()),
  instagram: z
    .string()
    .trim()
    .transform((value) => value.replace(/^https?:\/\/(www\.)?instagram\.com\//i, '').replace(/[/?#].*$/, '') || null)
    .pipe(
      z
        .string()
        .regex(/^@?[A-Za-z0-9._]{1,30}$/, { message: 'Please enter an Instagram handle like @yourname' })
        .transform((handle) => handle.replace(/^@/, ''))
        .nullable(),
    ),
  interests: z.array(z.string().max(40, { message: 'Each interest can be at most 40 characters' })).max(MAX_INTERESTS, {
    message: `Choose at most ${MAX_INTERESTS} interests`,
  }),
  role: z.enum(['fan', 'influencer'], { message: 'Please choose how you will use Tribe' }),
});
export type ProfileDetails = z.output<typeof profileDetailsSchema>;

/**
 * The form's fields as the schema reads them (repeated fields read with getAll). An admin has no fan
 * or influencer view to choose (the API refuses `role` from them): their form has no such field, and
 * `profileDetailsBody` leaves it out.
 */
export function profileDetailsInput(form: FormData, { admin = false } = {}) {
  const text = (key: string) => String(form.get(key) ?? '');
  return {
    name: text('name'),
    bio: text('bio'),
    location: text('location'),
    work: text('work'),
    education: text('education'),
    height: text('height'),
    drinking: text('drinking'),
    instagram: text('instagram'),
    interests: collectInterests(form.getAll('interests').map(String), text('otherInterests')),
    role: admin ? 'fan' : text('role'),
  };
}

/** The snake_case fields of PUT /users/me for these details (an admin's without the role). */
export function profileDetailsBody(details: ProfileDetails, { admin = false } = {}) {
  const { role, ...fields } = {
    name: details.name,
    bio: details.bio,
    location: details.location,
    work: details.work,
    education: details.education,
    height: details.height,
    drinking: details.drinking,
    instagram_handle: details.instagram,
    instagram_url: details.instagram ? `https://instagram.com/${details.instagram}` : null,
    interests: details.interests,
    role: details.role,
  };
  return admin ? fields : { ...fields, role };
}
