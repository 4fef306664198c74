import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** "order_Q1w2E3r4T5y6U7": a prefix and 14 random letters and digits, as Razorpay's ids look. */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  // 248 is the largest multiple of 62 in a byte: dropping the bytes above it keeps every letter equally likely.
  let id = '';
  while (id.length < 14) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && id.length < 14) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${prefix}_${id}`;
}
