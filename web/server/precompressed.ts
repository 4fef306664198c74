import type { RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The encodings the build writes beside a file (web/precompress.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Whether the request's Accept-Encoding takes `encoding` (named with a weight above 0, or by `*`). */
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
 * on-the-fly compression). The build's files never change while the process runs, so whether a copy
 * exists is asked of the disk once per path.
 */
export function precompressed(directory: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const known = new Map<string, boolean>();
  const exists = (file: string) => {
    let found = known.get(file);
    if (found === undefined) known.set(file, (found = existsSync(file)));
    return found;
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !path.extname(req.path)) return next();
    const file = fileOf(directory, req.path);
    if (!file) return next();
    const encoding = ENCODINGS.find(({ name, suffix }) => accepts(req.headers['accept-encoding'], name) && exists(file + suffix));
    res.vary('Accept-Encoding');
    if (!encoding) return next();
    res.type(path.extname(file));
    res.set('Content-Encoding', encoding.name);
    res.sendFile(file + encoding.suffix, { maxAge: options.maxAge, immutable: options.immutable, acceptRanges: false }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}

/** The file a request's path names inside `directory`, or null for a path that leaves it or cannot be read. */
function fileOf(directory: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  const file = path.join(directory, path.normalize(decoded));
  return file.startsWith(directory + path.sep) && !decoded.includes('\0') ? file : null;
}
