import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/**
 * scrypt's cost N for new hashes: 2^14, about 40 ms on a server core. PASSWORD_SCRYPT_COST may lower
 * it outside production (the test suites, which sign thousands of people up); production refuses
 * less. A hash records its own N, so any stored hash verifies whatever the setting is now.
 */
export const DEFAULT_SCRYPT_COST = 16_384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 32;

/** scrypt, a deliberately slow hash: `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(password: string, cost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: cost, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY });
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Whether the password matches the stored hash. With no hash (no such account, or one without a
 * password), a dummy of the current cost is verified, so the answer takes as long as a real one.
 */
export async function verifyPassword(password: string, stored: string | null, cost = DEFAULT_SCRYPT_COST): Promise<boolean> {
  const parts = (stored ?? dummyHash(cost)).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, N, r, p, salt, key] = parts;
  const expected = Buffer.from(key!, 'base64');
  const actual = await scrypt(password, Buffer.from(salt!, 'base64'), expected.length, {
    N: Number(N),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return stored !== null && timingSafeEqual(actual, expected);
}

const dummyHash = (cost: number) =>
  `scrypt$${cost}$${BLOCK_SIZE}$${PARALLELISM}$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;
