import type { NextFunction, Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { isReadMethod } from './http-methods.js';

/**
 * What the web server checks before Remix sees a request: headers every page carries, writes
 * from pages other than its own (CSRF, login CSRF), and request bodies too large to be a form.
 */

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Pages that open this one get no handle on it; the payment checkout's own popups (bank and UPI
  // pages) keep theirs to the checkout, which needs it to report back.
  'cross-origin-opener-policy': 'same-origin-allow-popups',
});

/**
 * The Content-Security-Policy of one response. No framing (clickjacking), no plugins, forms only to
 * this site. Scripts: this site's own files, the inline scripts Remix renders carrying this
 * response's `nonce`, the payment checkout's script from `checkoutOrigins` and what Google sign-in
 * loads (`firebase`); frames: only the checkout's (its payment form) and sign-in's (reCAPTCHA, the
 * popup's relay); workers: only this site's service worker.
 */
export function contentSecurityPolicy(
  nonce: string,
  checkoutOrigins: readonly string[],
  firebase: { scripts: readonly string[]; frames: readonly string[] } = { scripts: [], frames: [] },
): string {
  const scripts = [...checkoutOrigins, ...firebase.scripts].join(' ');
  const frames = [...checkoutOrigins, ...firebase.frames].join(' ');
  return [
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    "form-action 'self'",
    `script-src 'self' 'nonce-${nonce}'${scripts ? ` ${scripts}` : ''}`,
    `frame-src ${frames || "'none'"}`,
    // The service worker that shows browser notifications (/sw.js), and nothing else.
    "worker-src 'self'",
  ].join('; ');
}

/** The nonce of this response's inline scripts, for Remix (`getLoadContext`). */
export const cspNonceOf = (res: Response): string => (res.locals as { cspNonce?: string }).cspNonce ?? '';

/** Security headers on every response, with a fresh script nonce each (see contentSecurityPolicy). */
export function securityHeaders(options: {
  checkoutOrigins: readonly string[];
  firebase?: { scripts: readonly string[]; frames: readonly string[] };
}) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.set(SECURITY_HEADERS);
    res.set('content-security-policy', contentSecurityPolicy(nonce, options.checkoutOrigins, options.firebase));
    if (req.secure) res.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

export const FOREIGN_WRITE_MESSAGE = 'This form can only be sent from Tribe’s own pages. Reload the page and try again.';

/** The origin of an address ("https://tribe.example" from "https://tribe.example/settings"), or null when it is not one. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from a page that is not the web's own. Browsers name the
 * page's origin in `Origin` (on every non-GET request, same-origin ones too); without it the
 * `Referer` is compared, and without either `Sec-Fetch-Site` must say same-origin (or `none`: typed
 * by the visitor). A same-site page (another port, a sibling subdomain) is foreign too: it would
 * write with the visitor's cookie. Requests with none of these headers (curl, the mobile app's own
 * HTTP client) are not a browser acting for a visitor and pass.
 */
export function isForeignWrite(
  method: string,
  headers: { origin?: string; referer?: string; 'sec-fetch-site'?: string },
  ownOrigins: ReadonlySet<string>,
): boolean {
  if (isReadMethod(method)) return false;
  if (headers.origin !== undefined) return isForeignOrigin(headers.origin, ownOrigins);
  if (headers.referer) return !ownOrigins.has(originOf(headers.referer) ?? '');
  const site = headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  return false;
}

/**
 * Whether a WebSocket comes from a page that is not the web's own. Browsers always name the page's
 * origin on a WebSocket handshake, and send the visitor's cookie with it whatever that page is, so a
 * foreign (or "null") origin is refused; a handshake without Origin is not a browser's and passes.
 */
export function isForeignOrigin(origin: string | undefined, ownOrigins: ReadonlySet<string>): boolean {
  if (origin === undefined) return false;
  return !ownOrigins.has(originOf(origin) ?? '');
}

/**
 * Refuses (403, with a message) writes from pages other than the web's own `origins` (WEB_ORIGINS),
 * before Remix, the resource routes and the queue dashboard proxy see them. An accepted `Origin` is
 * then dropped: Remix compares it with the Host header itself and answers 500 when a proxy renamed
 * the host, and this check is the stricter one.
 */
export function refuseForeignWrites(origins: readonly string[]) {
  const own = new Set(origins.map((origin) => originOf(origin) ?? origin));
  return (req: Request, res: Response, next: NextFunction): void => {
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    if (
      isForeignWrite(req.method, { origin: header('origin'), referer: header('referer'), 'sec-fetch-site': header('sec-fetch-site') }, own)
    ) {
      res.status(403).set('cache-control', 'no-store');
      if (req.accepts(['text/html', 'application/json']) === 'application/json') res.json({ error: FOREIGN_WRITE_MESSAGE });
      else res.type('text/plain').send(FOREIGN_WRITE_MESSAGE);
      return;
    }
    delete req.headers.origin;
    next();
  };
}

export interface BodyLimits {
  /** Any request body. */
  defaultMaxBytes: number;
  /** Paths that take files (the event form without JavaScript, the upload pass-through). */
  uploads: { path: RegExp; maxBytes: number };
}

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; message: string };

/**
 * Bodies must declare their length (browsers always do for forms and uploads), and stay under the
 * limit of their path. Refusing before reading keeps a flood of large posts from filling memory.
 */
export function checkBody(
  path: string,
  headers: { 'content-length'?: string; 'transfer-encoding'?: string },
  limits: BodyLimits,
): BodyVerdict {
  const length = headers['content-length'];
  if (length === undefined) {
    return headers['transfer-encoding'] ? { ok: false, status: 411, message: 'Send the request with a Content-Length.' } : { ok: true };
  }
  const maxBytes = limits.uploads.path.test(path) ? limits.uploads.maxBytes : limits.defaultMaxBytes;
  return Number(length) > maxBytes ? { ok: false, status: 413, message: 'The request is too large.' } : { ok: true };
}

export function limitRequestBodies(limits: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const verdict = checkBody(req.path, req.headers, limits);
    if (verdict.ok) {
      next();
      return;
    }
    // The client may still be sending; close the connection rather than read what was refused.
    res.set('connection', 'close').status(verdict.status).type('text/plain').send(verdict.message);
  };
}
