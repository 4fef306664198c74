import { z } from 'zod';
import { ErrorCodes } from './error-codes.js';

/**
 * Where this product serves its own uploads, as URL prefixes. A local run serves them from
 * PUBLIC_API_URL, which may be plain http; the API sets these once at boot from its storage.
 */
let ownUploadBases: readonly URL[] = [];

export function setOwnUploadBases(bases: readonly string[]): void {
  ownUploadBases = bases.map((base) => new URL(base.endsWith('/') ? base : `${base}/`));
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** Whether `url` is under one of the bases the API set: same origin, the base's path, no credentials. */
export function isOwnUploadUrl(url: string): boolean {
  const parsed = parse(url);
  if (!parsed || parsed.username || parsed.password) return false;
  return ownUploadBases.some((base) => parsed.origin === base.origin && parsed.pathname.startsWith(base.pathname));
}

const isHttps = (url: string) => parse(url)?.protocol === 'https:';

/**
 * A picture or video the app shows (event images and video, avatars, cover photos, galleries):
 * https, or one of this product's own uploads whatever its scheme. Plain http from elsewhere could be
 * changed on the way and shows as mixed content. The refusal carries its own code, so the web, which
 * does not know where the API serves uploads from, can leave this check to the API.
 */
export const mediaUrl = z
  .string({ message: 'must be a valid URL' })
  .trim()
  .max(2048, { message: 'must be at most 2048 characters' })
  .pipe(z.url({ protocol: /^https?$/, message: 'must be a valid URL' }))
  .refine((url) => isHttps(url) || isOwnUploadUrl(url), { message: 'must be an https URL', params: { code: ErrorCodes.media.notHttps } });
