import type { RequestHandler } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { COMPRESSIBLE } from '../precompress.js';

/** The encodings the build writes beside a file (web/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Whether the request's Accept-Encoding takes `encoding` (named with a weight above 0, or by `*`).
 * Not express's `acceptsEncodings`: among encodings of equal weight it picks the one the browser
 * named first, and Chromium names gzip before br; we prefer br whenever it is taken.
 */
export function accepts(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const weight = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const taken = weight === undefined || Number(weight.slice(2)) > 0;
    if (name.trim() === encoding) return taken;
    if (name.trim() === '*') wildcard = taken;
  }
  return wildcard;
}

/**
 * Answers a request for a build file with its precompressed copy (`.br`, else `.gz`) when the
 * browser takes that encoding and the copy exists; anything else goes on (to the static files and
 * on-the-fly compression). The build's files never change while the process runs, so the copies are
 * listed once, when the server starts: a request for a file that is not there asks nothing of the
 * disk and leaves nothing behind.
 */
export function precompressed(directory: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const copies = new Set(filesIn(directory).filter((name) => /\.(br|gz)$/.test(name)));
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !COMPRESSIBLE.test(req.path)) return next();
    const name = nameOf(req.path);
    if (!name) return next();
    res.vary('Accept-Encoding');
    const encoding = ENCODINGS.find(
      ({ name: taken, suffix }) => accepts(req.headers['accept-encoding'], taken) && copies.has(name + suffix),
    );
    if (!encoding) return next();
    res.type(path.extname(name));
    res.set('Content-Encoding', encoding.name);
    const sent = { maxAge: options.maxAge, immutable: options.immutable, acceptRanges: false };
    res.sendFile(path.join(directory, name + encoding.suffix), sent, (error?: Error & { status?: number; code?: string }) => {
      if (!error || error.code === 'ECONNABORTED') return;
      // A copy gone since the start (a build written over a running server): the file itself, as it is.
      if (error.status === 404 && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        return next();
      }
      next(error);
    });
  };
}

/**
 * The file a request's path names, relative to the folder as the listing of copies names it; null
 * when it cannot be decoded. A path that leaves the folder names no copy in it, so it goes on.
 */
function nameOf(requestPath: string): string | null {
  try {
    return decodeURIComponent(requestPath).slice(1);
  } catch {
    return null;
  }
}

/** The names of the files under `directory`, relative to it; none when there is no such folder (a server started before its build). */
function filesIn(directory: string): string[] {
  try {
    return readdirSync(directory, { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
