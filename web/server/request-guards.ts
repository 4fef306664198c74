import type { NextFunction, Request, Response } from 'express';

/**
 * What the web server checks before Remix sees a request: headers every page carries, writes
 * from other sites (login CSRF), and request bodies too large to be a form.
 */

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  // No framing (clickjacking), no plugins, forms only to this site; scripts are Remix's own inline ones.
  'content-security-policy': "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
});

export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.set(SECURITY_HEADERS);
  if (req.secure) res.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a state-changing request comes from another site. Browsers say so in Sec-Fetch-Site;
 * older ones only send Origin, compared with the Host the request was made to. Requests with
 * neither (curl, the mobile app's own HTTP client) are not a browser acting for a visitor.
 */
export function isCrossSiteWrite(method: string, headers: { origin?: string; host?: string; 'sec-fetch-site'?: string }): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const site = headers['sec-fetch-site'];
  if (site) return site === 'cross-site';
  if (!headers.origin) return false;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true;
  }
}

export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction): void {
  const { origin, host } = req.headers;
  const site = req.headers['sec-fetch-site'];
  if (isCrossSiteWrite(req.method, { origin, host, 'sec-fetch-site': typeof site === 'string' ? site : undefined })) {
    res.status(403).type('text/plain').send('Forms can only be sent from this site.');
    return;
  }
  next();
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
export function checkBody(path: string, headers: { 'content-length'?: string; 'transfer-encoding'?: string }, limits: BodyLimits): BodyVerdict {
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
