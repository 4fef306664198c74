import { StorageError } from './storage.port.js';

/**
 * Keys are flat names the product makes itself (`<uuid>.jpg`, `<uuid>-w640.webp`): no slashes, no
 * dots at the start, so no key can name anything outside the store.
 */
const KEY = /^[a-z0-9][a-z0-9_-]{0,127}\.[a-z0-9]{2,5}$/;

export const isStorageKey = (key: string): boolean => KEY.test(key);

export function assertStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new StorageError(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

/** The only content types the store serves; the extension is chosen by the product, never by a client. */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

export function contentTypeForKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream';
}
