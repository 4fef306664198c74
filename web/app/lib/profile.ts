/**
 * Profile rules the web applies on both sides (SPEC §4 "Profile setup"): how uploaded photos
 * become the avatar and the gallery, the default avatars, and the profile form. Plain module.
 */
import { z } from 'zod';
import { safeReturnTo } from './redirects';

/** The photos a person may keep on their profile (the API allows 10 profile photos). */
export const MAX_PROFILE_PHOTOS = 10;

/**
 * Photos in the order the person arranged them, uploads that failed left out: the first is the
 * avatar, the rest the gallery; profile_photos keeps them all, avatar first, for clients that want one list.
 */
export function arrangePhotos(urls: readonly string[]) {
  const photos = urls.filter(Boolean).slice(0, MAX_PROFILE_PHOTOS);
  return { avatar_url: photos[0] ?? null, media_gallery: photos.slice(1), profile_photos: photos };
}

/** The photos a profile shows, avatar first, each once. */
export function photosOf(user: { avatar_url: string | null; media_gallery?: string[] | null; profile_photos?: string[] | null }): string[] {
  const all = [user.avatar_url, ...(user.profile_photos ?? []), ...(user.media_gallery ?? [])].filter((url): url is string => Boolean(url));
  return [...new Set(all)].slice(0, MAX_PROFILE_PHOTOS);
}

/** Shipped in web/public/avatars; chosen when a profile has no photo (gender unknown: "other"). */
export function defaultAvatarFor(gender: string | null | undefined): string {
  if (gender === 'male') return '/avatars/default-male.svg';
  if (gender === 'female') return '/avatars/default-female.svg';
  return '/avatars/default-other.svg';
}

export function avatarSrc(user: { avatar_url: string | null; gender?: string | null }): string {
  return user.avatar_url || defaultAvatarFor(user.gender);
}

export const DRINKING_CHOICES = ['Never', 'Rarely', 'Socially', 'Regularly', 'Prefer not to say'] as const;

export const SUGGESTED_INTERESTS = [
  'Music',
  'Travel',
  'Food',
  'Fitness',
  'Sports',
  'Arts',
  'Tech',
  'Game nights',
  'House parties',
  'Pub crawls',
  'Books',
  'Movies',
  'Dance',
  'Photography',
] as const;

const MAX_INTERESTS = 30;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} can be at most ${max} characters` })
    .transform((value) => value || null);

/**
 * Interests as the form sends them: ticked chips (`interests`, repeated) and a comma-separated
 * "other interests" box; trimmed, each once whatever its case, in the order given.
 */
export function collectInterests(ticked: readonly string[], typed: string): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of [...ticked, ...typed.split(',')]) {
    const interest = raw.trim().replace(/\s+/g, ' ');
    if (!interest || seen.has(interest.toLowerCase())) continue;
    seen.add(interest.toLowerCase());
    result.push(interest);
  }
  return result;
}

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

/** The form's fields as the schema reads them (repeated fields read with getAll). */
export function profileDetailsInput(form: FormData) {
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
    role: text('role'),
  };
}

/** The snake_case fields of PUT /users/me for these details. */
export function profileDetailsBody(details: ProfileDetails) {
  return {
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
}

/** A link to someone's profile that brings its back button to `from` (a same-origin path). */
export function profilePreviewPath(userId: string, from?: string): string {
  const path = `/profile-preview/${encodeURIComponent(userId)}`;
  return from ? `${path}?from=${encodeURIComponent(from)}` : path;
}

/** The `from` of a profile page's address when it is a same-origin path; anything else is ignored (no open redirect). */
export function originOf(url: string): string | null {
  const from = new URL(url).searchParams.get('from');
  return from ? safeReturnTo(from, '') || null : null;
}
