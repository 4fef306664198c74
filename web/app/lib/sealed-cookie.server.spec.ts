import { deriveCookieKey, seal, unseal } from './sealed-cookie.server';

describe('sealed cookie values', () => {
  const key = deriveCookieKey('a-long-random-session-secret-0123456789');
  const data = { token: 'api-token-7f3a', userId: '0d7f3a52-8a6b-4f0e-9c55-1b2a3c4d5e6f' };

  it('round-trips, and the sealed text shows nothing of what it holds', () => {
    const sealed = seal(data, key, '__tribe_session');
    expect(unseal(sealed, key, '__tribe_session')).toEqual(data);
    const readable = Buffer.from(sealed.slice(3), 'base64url').toString('latin1');
    expect(readable).not.toContain(data.token);
    expect(readable).not.toContain(data.userId);
    // A fresh nonce each time: the same data never seals to the same text.
    expect(seal(data, key, '__tribe_session')).not.toBe(sealed);
  });

  it('opens nothing sealed under another secret or another name, changed, or in another format', () => {
    const sealed = seal(data, key, '__tribe_session');
    expect(unseal(sealed, deriveCookieKey('another-secret-of-enough-length'), '__tribe_session')).toBeNull();
    expect(unseal(sealed, key, 'another_cookie')).toBeNull();
    const body = Buffer.from(sealed.slice(3), 'base64url');
    body[20] = body[20]! ^ 1;
    expect(unseal(`v1.${body.toString('base64url')}`, key, '__tribe_session')).toBeNull();
    expect(unseal('eyJ0b2tlbiI6ImFwaS10b2tlbiJ9.c2lnbmF0dXJl', key, '__tribe_session')).toBeNull();
    expect(unseal({ token: 'x' }, key, '__tribe_session')).toBeNull();
    expect(unseal('v1.', key, '__tribe_session')).toBeNull();
  });
});
