import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { from, type Observable, of, switchMap } from 'rxjs';

const gzipAsync = promisify(gzip);

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Below this many characters a body is sent as it is: gzip would save little and cost a round of work. */
export const GZIP_MIN_LENGTH = 1024;

/**
 * A JSON response body serialised ahead of time. Hot responses (event list pages) are kept with
 * their cache entry, so the text is built once and the gzip bytes are made once, on first demand,
 * off the event loop (zlib runs on the thread pool).
 */
export class PreparedJson {
  private gzipped?: Promise<Buffer>;

  constructor(readonly text: string) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.text);
    return this.gzipped;
  }
}

/**
 * Whether an Accept-Encoding header admits gzip: named with a non-zero quality, or covered by `*`
 * without gzip being refused by name.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    const quality = params.find((param) => param.startsWith('q='));
    const refused = quality !== undefined && Number(quality.slice(2)) === 0;
    if (coding === 'gzip' || coding === 'x-gzip') return !refused;
    if (coding === '*') wildcard = !refused;
  }
  return wildcard;
}

/** Adds Accept-Encoding to a Vary header, keeping what CORS put there (Origin). */
function withAcceptEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}

/** Sends a PreparedJson as JSON, gzip-encoded when the client accepts it and the body is large enough. */
@Injectable()
export class PreparedJsonInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    return next.handle().pipe(
      switchMap((body: unknown) => {
        if (!(body instanceof PreparedJson)) return of(body);
        reply.header('content-type', JSON_CONTENT_TYPE).header('vary', withAcceptEncoding(reply.getHeader('vary')));
        if (body.text.length < GZIP_MIN_LENGTH || !acceptsGzip(request.headers['accept-encoding'])) return of(body.text);
        reply.header('content-encoding', 'gzip');
        return from(body.gzip());
      }),
    );
  }
}
