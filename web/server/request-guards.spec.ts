import { checkBody, isCrossSiteWrite, type BodyLimits } from './request-guards.js';

describe('isCrossSiteWrite', () => {
  it('lets reads through from anywhere', () => {
    expect(isCrossSiteWrite('GET', { 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(isCrossSiteWrite('HEAD', { origin: 'https://evil.example', host: 'tribe.example' })).toBe(false);
  });

  it('refuses a write another site makes a browser send', () => {
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', host: 'tribe.example' })).toBe(true);
    expect(isCrossSiteWrite('POST', { origin: 'https://evil.example', host: 'tribe.example' })).toBe(true);
    expect(isCrossSiteWrite('DELETE', { origin: 'null', host: 'tribe.example' })).toBe(true);
  });

  it('accepts writes from this site, typed addresses and clients that are not browsers', () => {
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'same-origin', origin: 'https://tribe.example', host: 'tribe.example' })).toBe(false);
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'none' })).toBe(false);
    expect(isCrossSiteWrite('POST', { origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(false);
    expect(isCrossSiteWrite('POST', { host: 'tribe.example' })).toBe(false);
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
    expect(checkBody('/login', { 'transfer-encoding': 'chunked' }, limits)).toEqual({ ok: false, status: 411, message: 'Send the request with a Content-Length.' });
  });
});
