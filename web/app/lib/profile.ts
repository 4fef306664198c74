/**
 * Profile rules the web applies on both sides (SPEC §4 "Profile setup"): how uploaded photos
 * become the avatar and the gallery, the default avatars, the interests a form sends, and profile
 * links. Plain module without zod (the form's schema is in profile-form.ts), so every page that links
 * to a profile stays light.
 */
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
