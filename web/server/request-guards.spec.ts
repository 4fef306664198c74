import { checkBody, contentSecurityPolicy, isForeignOrigin, isForeignWrite, type BodyLimits } from './request-guards.js';

describe('isForeignWrite', () => {
  const own = new Set(['https://tribe.example', 'http://localhost:3000']);

  it('lets reads through from anywhere', () => {
    expect(isForeignWrite('GET', { 'sec-fetch-site': 'cross-site' }, own)).toBe(false);
    expect(isForeignWrite('HEAD', { origin: 'https://evil.example' }, own)).toBe(false);
  });

  it('refuses a write another site makes a browser send', () => {
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, own)).toBe(true);
    expect(isForeignWrite('POST', { origin: 'https://evil.example' }, own)).toBe(true);
    expect(isForeignWrite('DELETE', { origin: 'null' }, own)).toBe(true);
    expect(isForeignWrite('OPTIONS', { origin: 'https://evil.example' }, own)).toBe(true);
  });

  it('refuses same-site pages that are not the web itself: another port, a sibling subdomain, plain http', () => {
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8080' }, own)).toBe(true);
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'same-site', origin: 'https://uploads.tribe.example' }, own)).toBe(true);
    expect(isForeignWrite('POST', { origin: 'http://tribe.example' }, own)).toBe(true);
  });

  it('without Origin, judges by the Referer, then by Sec-Fetch-Site', () => {
    expect(isForeignWrite('POST', { referer: 'https://evil.example/page' }, own)).toBe(true);
    expect(isForeignWrite('POST', { referer: 'https://tribe.example/settings?x=1' }, own)).toBe(false);
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'same-site' }, own)).toBe(true);
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'cross-site' }, own)).toBe(true);
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'same-origin' }, own)).toBe(false);
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'none' }, own)).toBe(false);
  });

  it('accepts writes from the web’s own origins and from clients that are not browsers', () => {
    expect(isForeignWrite('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://tribe.example' }, own)).toBe(false);
    expect(isForeignWrite('PUT', { origin: 'http://localhost:3000' }, own)).toBe(false);
    expect(isForeignWrite('POST', {}, own)).toBe(false);
  });
});

describe('checkBody', () => {
  const limits: BodyLimits = { defaultMaxBytes: 1_000, uploads: { path: /^\/upload$/, maxBytes: 5_000 } };

  it('accepts bodies within the limit of their path, and requests without a body', () => {
    expect(checkBody('/login', { 'content-length': '1000' }, limits)).toEqual({ ok: true });
    expect(checkBody('/upload', { 'content-length': '5000' }, limits)).toEqual({ ok: true });
    expect(checkBody('/home', {}, limits)).toEqual({ ok: true });
  });

  it('refuses bodies over the limit before reading them', () => {
    expect(checkBody('/login', { 'content-length': '1001' }, limits)).toMatchObject({ ok: false, status: 413 });
    expect(checkBody('/upload', { 'content-length': '5001' }, limits)).toMatchObject({ ok: false, status: 413 });
  });

  it('asks for a length when the body is streamed without one', () => {
    expect(checkBody('/login', { 'transfer-encoding': 'chunked' }, limits)).toEqual({
      ok: false,
      status: 411,
      message: 'Send the request with a Content-Length.',
    });
  });
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from this site, inline ones with the nonce, exactly the checkout’s script and frame, and our own service worker', () => {
    const policy = contentSecurityPolicy('abc123', ['http://localhost:3101']);
    expect(policy.split('; ')).toEqual([
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      "form-action 'self'",
      "script-src 'self' 'nonce-abc123' http://localhost:3101",
      'frame-src http://localhost:3101',
      "worker-src 'self'",
    ]);
  });

  it('lists every checkout origin, and allows no frame when there is none', () => {
    expect(contentSecurityPolicy('n', ['https://checkout.razorpay.com', 'https://api.razorpay.com'])).toContain(
      "script-src 'self' 'nonce-n' https://checkout.razorpay.com https://api.razorpay.com; frame-src https://checkout.razorpay.com https://api.razorpay.com",
    );
    expect(contentSecurityPolicy('n', [])).toContain("script-src 'self' 'nonce-n'; frame-src 'none'");
  });

  it('adds what Google sign-in loads to scripts and frames', () => {
    const firebase = { scripts: ['https://apis.google.com'], frames: ['https://tribe-prod.firebaseapp.com'] };
    expect(contentSecurityPolicy('n', ['https://checkout.razorpay.com'], firebase)).toContain(
      "script-src 'self' 'nonce-n' https://checkout.razorpay.com https://apis.google.com; frame-src https://checkout.razorpay.com https://tribe-prod.firebaseapp.com",
    );
  });
});

describe('isForeignOrigin (WebSocket handshakes)', () => {
  const own = new Set(['https://tribe.example']);

  it('lets the web’s own pages and clients without Origin through, refuses every other page', () => {
    expect(isForeignOrigin('https://tribe.example', own)).toBe(false);
    expect(isForeignOrigin(undefined, own)).toBe(false);
    expect(isForeignOrigin('https://evil.example', own)).toBe(true);
    expect(isForeignOrigin('http://tribe.example', own)).toBe(true);
    expect(isForeignOrigin('null', own)).toBe(true);
  });
});
