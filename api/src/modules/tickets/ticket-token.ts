import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** 128 bits of the HMAC: enough that nobody guesses one, short enough for a small QR code. */
const SIGNATURE_BYTES = 16;

const signature = (secret: string, applicationId: string): Buffer =>
  createHmac('sha256', secret).update(`ticket:${applicationId}`).digest().subarray(0, SIGNATURE_BYTES);

const uuidBytes = (id: string): Buffer => Buffer.from(id.replace(/-/g, ''), 'hex');

const uuidOf = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * What a ticket's QR code carries: the application's id and its signature, both base64url, with no
 * personal data. The id says which ticket; only the signature makes it one.
 */
export function signTicketToken(secret: string, applicationId: string): string {
  return `${uuidBytes(applicationId).toString('base64url')}.${signature(secret, applicationId).toString('base64url')}`;
}

/** The application id a token was signed for, or null for anything forged, altered or cut short. */
export function readTicketToken(secret: string, token: string): string | null {
  const [idPart, signaturePart, extra] = token.trim().split('.');
  if (!idPart || !signaturePart || extra !== undefined) return null;
  const idBytes = Buffer.from(idPart, 'base64url');
  if (idBytes.length !== 16 || idBytes.toString('base64url') !== idPart) return null;
  const applicationId = uuidOf(idBytes);
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signaturePart) return null;
  return timingSafeEqual(given, signature(secret, applicationId)) ? applicationId : null;
}

/** What a door device keeps instead of the token: recognises a scan offline, and is no ticket itself. */
export const ticketTokenHash = (token: string): string => createHash('sha256').update(token.trim()).digest('base64url');
