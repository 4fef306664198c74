import type express from 'express';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { isReadMethod } from './http-methods.js';

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);

export interface GuestPageCacheOptions {
  /** How long a guest page is served as rendered; 0 turns the cache off. */
  ttlMs: number;
  maxEntries: number;
  /** The paths (no query) whose page is the same for every guest. */
  paths: RegExp;
  /** Renders the page as Remix does, its inline scripts carrying `nonce`. */
  render: (request: Request, nonce: string) => Promise<Response>;
  /** The Content-Security-Policy naming `nonce`. */
  contentSecurityPolicy: (nonce: string) => string;
  isBot: (userAgent: string) => boolean;
  now?: () => number;
}

interface CachedPage {
  expiresAt: number;
  /** The nonce the page's inline scripts carry: its answers name it in their policy. */
  nonce: string;
  headers: Array<[string, string]>;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
}

/**
 * Guest pages served from memory for a few seconds (docs/decisions.md, "Guest pages cached for a few
 * seconds"). `/public`, an event, the community feed are the same for every visitor without a
 * cookie, and rendering one costs the web 17–35 ms of CPU. A request with any cookie (a session, a
 * toast waiting, a remembered tab) is rendered as always; so is every page the server answered other
 * than 200, or with a cookie to set. A page is stored with its compressed bodies and the nonce of its
 * inline scripts, and each answer's Content-Security-Policy names that nonce. Guests who ask for a
 * page while it is being rendered wait for that render instead of starting their own.
 */
export function guestPageCache(options: GuestPageCacheOptions): express.RequestHandler {
  const now = options.now ?? Date.now;
  const pages = new Map<string, CachedPage>();
  /** The pages being rendered now: what each will keep (undefined when it is not to be kept). */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  const fresh = (key: string): CachedPage | undefined => {
    const page = pages.get(key);
    if (page && page.expiresAt > now()) return page;
    if (page) pages.delete(key);
    return undefined;
  };

  const store = async (key: string, nonce: string, response: Response): Promise<CachedPage> => {
    const identity = Buffer.from(await response.arrayBuffer());
    const [gzipped, brotli] = await Promise.all([
      compressGzip(identity),
      compressBrotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const headers = [...response.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'content-encoding');
    const page = { expiresAt: now() + options.ttlMs, nonce, headers, bodies: { identity, gzip: gzipped, br: brotli } };
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > options.maxEntries) pages.delete(pages.keys().next().value!);
    return page;
  };

  return (req, res, next) => {
    const cacheable = options.ttlMs > 0 && isReadMethod(req.method) && !req.headers.cookie && options.paths.test(req.path);
    if (!cacheable) return next();
    const key = `${options.isBot(req.get('user-agent') ?? '') ? 'bot' : 'browser'} ${req.originalUrl}`;
    const serve = async () => {
      const cached = fresh(key) ?? (await rendering.get(key));
      if (cached) return sendCached(req, res, cached, options.contentSecurityPolicy);
      let keep!: (page: CachedPage | undefined) => void;
      const kept = new Promise<CachedPage | undefined>((resolve) => (keep = resolve));
      rendering.set(key, kept);
      try {
        const nonce = String(res.locals.cspNonce);
        const response = await options.render(requestOf(req), nonce);
        if (response.status !== 200 || response.headers.has('set-cookie')) return sendRendered(res, response);
        const page = await store(key, nonce, response);
        keep(page);
        sendCached(req, res, page, options.contentSecurityPolicy);
      } finally {
        // Whoever waited on a page not kept renders their own.
        keep(undefined);
        if (rendering.get(key) === kept) rendering.delete(key);
      }
    };
    serve().catch(next);
  };
}

/** The page as a GET asks for it, also for a HEAD: Remix answers a HEAD without its body, and the page kept serves both. */
function requestOf(req: express.Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(`${req.protocol}://${req.get('host') ?? 'localhost'}${req.originalUrl}`, { method: 'GET', headers });
}

function sendCached(req: express.Request, res: express.Response, page: CachedPage, policy: (nonce: string) => string): void {
  for (const [name, value] of page.headers) res.append(name, value);
  res.set('content-security-policy', policy(page.nonce));
  res.vary('Accept-Encoding');
  // Brotli is smaller, so it goes first whatever order the browser listed them in (Chrome lists gzip first).
  const encoding = req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : 'identity';
  const body = encoding === 'br' ? page.bodies.br : encoding === 'gzip' ? page.bodies.gzip : page.bodies.identity;
  if (encoding === 'br' || encoding === 'gzip') res.set('content-encoding', encoding);
  res.set('content-length', String(body.length));
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/** A page not to be kept (not a 200, or setting a cookie): passed on as Remix would. */
function sendRendered(res: express.Response, response: Response): void {
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
  else res.end();
}
