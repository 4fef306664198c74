import { randomBytes } from 'node:crypto';
import { KycCipher, KycCipherError } from './kyc-cipher.js';

const KEY = 'a1'.repeat(32);
const OTHER_KEY = 'b2'.repeat(32);

/** The sealed value with one byte of its binary part flipped at `index`. */
function flipByte(sealed: string, index: number): string {
  const bytes = Buffer.from(sealed.slice(3), 'base64');
  bytes[index] = bytes[index]! ^ 0x01;
  return `v1:${bytes.toString('base64')}`;
}

describe('KycCipher (AES-256-GCM, a random IV per value, v1: prefix)', () => {
  const cipher = new KycCipher(KEY);

  it('opens what it sealed', () => {
    for (const value of ['50100012345678', 'ABCPE1234F', 'asha.rao@okhdfcbank', '', 'नमस्ते ₹']) {
      const sealed = cipher.seal(value, 'pan:host-1');
      expect(sealed).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
      if (value) expect(sealed).not.toContain(value);
      expect(cipher.open(sealed, 'pan:host-1')).toBe(value);
    }
  });

  it('seals the same value differently every time (random IV), and both open', () => {
    const first = cipher.seal('50100012345678', 'account:host-1');
    const second = cipher.seal('50100012345678', 'account:host-1');
    expect(first).not.toBe(second);
    expect(Buffer.from(first.slice(3), 'base64').subarray(0, 12)).not.toEqual(Buffer.from(second.slice(3), 'base64').subarray(0, 12));
    expect(cipher.open(second, 'account:host-1')).toBe('50100012345678');
  });

  it('refuses a value altered anywhere: IV, tag or ciphertext', () => {
    const sealed = cipher.seal('50100012345678', 'account:host-1');
    for (const index of [0, 11, 12, 27, 28, 40]) {
      expect(() => cipher.open(flipByte(sealed, index), 'account:host-1')).toThrow(KycCipherError);
    }
  });

  it('refuses a value sealed with another key', () => {
    const sealed = new KycCipher(OTHER_KEY).seal('ABCPE1234F', 'pan:host-1');
    expect(() => cipher.open(sealed, 'pan:host-1')).toThrow(KycCipherError);
  });

  it('refuses a value moved to another field or another row', () => {
    const sealed = cipher.seal('ABCPE1234F', 'pan:host-1');
    expect(() => cipher.open(sealed, 'pan:host-2')).toThrow(KycCipherError);
    expect(() => cipher.open(sealed, 'account:host-1')).toThrow(KycCipherError);
  });

  it('refuses what is not a sealed v1 value', () => {
    const sealed = cipher.seal('ABCPE1234F', 'pan:host-1');
    for (const bad of ['ABCPE1234F', `v2:${sealed.slice(3)}`, 'v1:', 'v1:AAAA', sealed.slice(0, 30)]) {
      expect(() => cipher.open(bad, 'pan:host-1')).toThrow(KycCipherError);
    }
  });

  it('wants a 32-byte key as 64 hex characters', () => {
    expect(() => new KycCipher('ab'.repeat(16))).toThrow(KycCipherError);
    expect(() => new KycCipher('zz'.repeat(32))).toThrow(KycCipherError);
    expect(new KycCipher(randomBytes(32).toString('hex').toUpperCase())).toBeInstanceOf(KycCipher);
  });
});
