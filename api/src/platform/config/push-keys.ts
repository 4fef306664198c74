import { createECDH, createPrivateKey } from 'node:crypto';

const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]+$/;
/** An uncompressed P-256 point, as browsers take a VAPID public key (applicationServerKey). */
const VAPID_PUBLIC_KEY_BYTES = 65;
const VAPID_PRIVATE_KEY_BYTES = 32;

function bytesOf(key: string): Buffer | undefined {
  return URL_SAFE_BASE64.test(key) ? Buffer.from(key, 'base64url') : undefined;
}

/**
 * Why a VAPID key pair cannot sign Web Push requests (undefined when it can): both halves in
 * URL-safe base64 as `web-push generate-vapid-keys` prints them, and the public one the private
 * one's own (a browser subscribed with another public key gets every push refused with a 403).
 */
export function vapidKeysIssue(publicKey: string, privateKey: string): string | undefined {
  if (bytesOf(publicKey)?.length !== VAPID_PUBLIC_KEY_BYTES) {
    return `VAPID_PUBLIC_KEY must be ${VAPID_PUBLIC_KEY_BYTES} bytes in URL-safe base64 (as web-push generate-vapid-keys prints it)`;
  }
  const privateBytes = bytesOf(privateKey);
  if (privateBytes?.length !== VAPID_PRIVATE_KEY_BYTES) {
    return `VAPID_PRIVATE_KEY must be ${VAPID_PRIVATE_KEY_BYTES} bytes in URL-safe base64 (as web-push generate-vapid-keys prints it)`;
  }
  const curve = createECDH('prime256v1');
  try {
    curve.setPrivateKey(privateBytes);
  } catch {
    return 'VAPID_PRIVATE_KEY is not a P-256 private key';
  }
  return curve.getPublicKey('base64url') === publicKey ? undefined : 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
}

/** Why a service account's private key (PEM) cannot sign, or undefined when it can. */
export function serviceAccountKeyIssue(privateKey: string): string | undefined {
  try {
    createPrivateKey(privateKey);
    return undefined;
  } catch {
    return 'FIREBASE_PRIVATE_KEY must be the PEM private key of the service account JSON ("-----BEGIN PRIVATE KEY-----…", newlines as \\n are fine)';
  }
}
