import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { guestPageCache } from './guest-page-cache.js';
import { contentSecurityPolicy, securityHeaders } from './request-guards.js';
import { rawRequest, type RawAnswer } from '../../test/support/raw-http.js';

const TTL_MS = 5_000;
const policy = (nonce: string) => contentSecurityPolicy(nonce, []);

/**
 * The cache in front of a renderer that writes which render this was and the nonce it was given,
 * behind the web's real security headers, on a real HTTP server.
 */
describe('guestPageCache', () => {
  let server: Server;
  let base: string;
  let clock = 0;
  let renders = 0;
  /** What the next render answers besides a plain 200 page. */
  let answerWith: { status?: number; setCookie?: string } = {};
  /** Requests that reached the cache, and a render held until the test lets it finish. */
  let arrived = 0;
  let renderHeld: Promise<void> | null = null;

  beforeAll(async () => {
    const app = express();
    app.use(securityHeaders({ checkoutOrigins: [], firebase: { scripts: [], frames: [] } }));
    app.use((_req, _res, next) => {
      arrived += 1;
      next();
    });
    app.use(
      guestPageCache({
        ttlMs: TTL_MS,
        maxEntries: 3,
        paths: /^\/(public|event\/[^/]+)$/,
        render: async (request, nonce) => {
          const render = (renders += 1);
          await renderHeld;
          const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
          if (answerWith.setCookie) headers.append('set-cookie', answerWith.setCookie);
          const page = `<!DOCTYPE html><p>${new URL(request.url).pathname} render ${render} ${request.headers.get('user-agent')}</p><script nonce="${nonce}">go()</script>`;
          // As Remix answers HEAD: its headers, no body.
          return new Response(request.method === 'HEAD' ? null : page.repeat(20), { status: answerWith.status ?? 200, headers });
        },
        contentSecurityPolicy: policy,
        isBot: (userAgent) => userAgent.includes('Googlebot'),
        now: () => clock,
      }),
    );
    app.use((_req, res) => void res.status(418).send('rendered as always'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    clock += 10 * TTL_MS;
    answerWith = {};
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(`${base}${path}`, headers, method);

  const nonceIn = (answer: RawAnswer) => /nonce="([^"]+)"/.exec(answer.body.toString())![1]!;
  const renderIn = (answer: RawAnswer) => Number(/render (\d+)/.exec(answer.body.toString())![1]);

  it('renders a guest page once and serves it again, its policy naming the nonce its scripts carry', async () => {
    const first = await get('/public');
    const second = await get('/public');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(renderIn(second)).toBe(renderIn(first));
    for (const answer of [first, second]) expect(answer.headers['content-security-policy']).toBe(policy(nonceIn(answer)));
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(renderIn(await get('/event/abc'))).toBe(renderIn(first) + 1);
  });

  /** Three guests asking for `path` while its first render is held; answers once all three are in. */
  async function threeAtOnce(path: string): Promise<RawAnswer[]> {
    let release!: () => void;
    renderHeld = new Promise((resolve) => (release = resolve));
    const before = arrived;
    const answers = Promise.all([get(path), get(path), get(path)]);
    while (arrived < before + 3) await new Promise((resolve) => setTimeout(resolve, 5));
    renderHeld = null;
    release();
    return answers;
  }

  it('renders a page once for guests who ask while it is being rendered', async () => {
    const answers = await threeAtOnce('/public');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map(renderIn)).size).toBe(1);
  });

  it('lets each guest waiting on a page that is not kept have their own render', async () => {
    answerWith = { status: 503 };
    const answers = await threeAtOnce('/public');
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    expect(new Set(answers.map(renderIn)).size).toBe(3);
  });

  it('renders again once the page is older than the TTL', async () => {
    const first = await get('/public');
    clock += TTL_MS - 1;
    expect(renderIn(await get('/public'))).toBe(renderIn(first));
    clock += 1;
    expect(renderIn(await get('/public'))).toBe(renderIn(first) + 1);
  });

  it('renders every request that carries a cookie, and keeps nothing of it', async () => {
    const guest = await get('/public');
    const withCookie = await get('/public', { cookie: 'tribe_session=abc' });
    const again = await get('/public', { cookie: 'tribe_home_tab=discover' });
    expect([withCookie.status, again.status]).toEqual([418, 418]);
    expect(renderIn(await get('/public'))).toBe(renderIn(guest));
  });

  it('passes on a page that sets a cookie or is not a 200 without keeping it', async () => {
    answerWith = { setCookie: 'toast=1; Path=/' };
    const withCookie = await get('/public');
    expect(withCookie.headers['set-cookie']).toEqual(['toast=1; Path=/']);
    answerWith = { status: 503 };
    const unavailable = await get('/public');
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers['content-security-policy']).toBe(policy(nonceIn(unavailable)));
    answerWith = {};
    const kept = await get('/public');
    expect(renderIn(kept)).toBe(renderIn(unavailable) + 1);
    expect(renderIn(await get('/public'))).toBe(renderIn(kept));
  });

  it('leaves other paths and other methods to the app', async () => {
    expect((await get('/home')).status).toBe(418);
    expect((await get('/event/abc/edit')).status).toBe(418);
    expect((await get('/public', {}, 'POST')).status).toBe(418);
  });

  it('answers in brotli or gzip as the browser asks, the same page either way', async () => {
    const plain = await get('/public', { 'accept-encoding': 'identity' });
    const brotli = await get('/public', { 'accept-encoding': 'gzip, deflate, br' });
    const gzipped = await get('/public', { 'accept-encoding': 'gzip' });
    expect([plain.headers['content-encoding'], brotli.headers['content-encoding'], gzipped.headers['content-encoding']]).toEqual([
      undefined,
      'br',
      'gzip',
    ]);
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length);
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    const head = await get('/public', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(gzipped.headers['content-length']);
  });

  it('keeps the whole page for the GETs after a HEAD that came first', async () => {
    const head = await get('/event/head-first', {}, 'HEAD');
    expect(head.body.length).toBe(0);
    const page = await get('/event/head-first');
    expect(page.body.toString()).toContain('/event/head-first render');
    expect(Number(head.headers['content-length'])).toBe(page.body.length);
  });

  it('keeps a crawler’s page apart from a browser’s, and only the newest pages', async () => {
    const browser = await get('/event/one', { 'user-agent': 'Mozilla/5.0' });
    const crawler = await get('/event/one', { 'user-agent': 'Googlebot/2.1' });
    expect(renderIn(crawler)).toBe(renderIn(browser) + 1);
    expect(renderIn(await get('/event/one', { 'user-agent': 'Googlebot/2.1' }))).toBe(renderIn(crawler));
    // Three kept: two more pages push the browser's out.
    await get('/event/two');
    await get('/event/three');
    expect(renderIn(await get('/event/one', { 'user-agent': 'Mozilla/5.0' }))).toBeGreaterThan(renderIn(crawler));
  });
});
