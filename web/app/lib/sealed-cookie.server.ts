import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Sealing for the session cookie: AES-256-GCM with a key derived from SESSION_SECRET (HKDF-SHA256),
 * a random 96-bit nonce per seal, and the cookie's name as associated data. The browser holds only
 * ciphertext: the API token inside cannot be read, and a changed byte makes the whole cookie void.
 */

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export function deriveCookieKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'tribe-web', 'session cookie encryption v1', 32));
}

export function seal(value: unknown, key: Buffer, name: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(name));
  const sealed = Buffer.concat([nonce, cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${sealed.toString('base64url')}`;
}

/** The sealed value, or null for anything this key did not seal (another format, another secret, a changed byte). */
export function unseal(text: unknown, key: Buffer, name: string): unknown {
  if (typeof text !== 'string' || !text.startsWith(`${VERSION}.`)) return null;
  const sealed = Buffer.from(text.slice(VERSION.length + 1), 'base64url');
  if (sealed.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, NONCE_BYTES)).setAAD(Buffer.from(name));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
