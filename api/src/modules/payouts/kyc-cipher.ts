import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The format (and key generation) of a sealed value; a key rotation or a new scheme adds v2 beside it. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: altered, sealed with another key or for another field, or not ours. */
export class KycCipherError extends Error {}

/**
 * Encrypts KYC values (account numbers, PAN, UPI ids) at rest with AES-256-GCM. Each value gets a
 * random 96-bit IV and is stored as one text: `v1:` + base64(IV ‖ tag ‖ ciphertext). The field and
 * its row (for example `pan:<host id>`) are authenticated as associated data, so a sealed value
 * copied into another row or column does not open there.
 */
export class KycCipher {
  private readonly key: Buffer;

  constructor(hexKey: string) {
    if (!/^[0-9a-f]{64}$/i.test(hexKey)) throw new KycCipherError('the KYC key must be 64 hex characters (32 bytes)');
    this.key = Buffer.from(hexKey, 'hex');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(associatedData(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string, context: string): string {
    const separator = sealed.indexOf(':');
    const version = sealed.slice(0, separator);
    if (separator < 0 || version !== VERSION) throw new KycCipherError(`not a sealed ${VERSION} value`);
    const bytes = Buffer.from(sealed.slice(separator + 1), 'base64');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new KycCipherError('the sealed value is too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(context));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new KycCipherError('the sealed value does not open: altered, or sealed with another key or for another field');
    }
  }
}

const associatedData = (context: string) => Buffer.from(`${VERSION}:${context}`, 'utf8');
