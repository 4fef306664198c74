import type express from 'express';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type RequestOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { isForeignOrigin } from './request-guards.js';
import type { WebServerHooks } from './server-hooks.js';

/**
 * Paths of the API the browser reaches through the web's own origin: the browser holds the API token
 * only in the httpOnly session cookie, so the web adds it as a bearer token on the way through (and
 * never passes the cookie on). Used for the queue dashboard and for the chat's socket.io path, plain
 * HTTP and the WebSocket upgrade alike.
 */

/** The request to the API for one incoming request: same path and method, the session's token instead of the cookie. */
function upstreamOptions(hooks: WebServerHooks, req: IncomingMessage, token: string | null, visitor: string): RequestOptions {
  const apiUrl = new URL(hooks.config.API_URL);
  const headers: IncomingHttpHeaders = { ...req.headers, host: apiUrl.host, 'x-forwarded-for': visitor };
  delete headers.cookie;
  delete headers.authorization;
  if (token) headers.authorization = `Bearer ${token}`;
  return { hostname: apiUrl.hostname, port: apiUrl.port, path: req.url, method: req.method, headers, timeout: hooks.config.API_TIMEOUT_MS };
}

/**
 * Express middleware forwarding the request to the same path on the API. `requireSession`: without a
 * signed-in session it answers 401 and never asks the API. An API that does not answer within
 * API_TIMEOUT_MS (or cannot be reached) is a 503 with a "try again" message.
 */
export function proxyToApi(hooks: WebServerHooks, options: { requireSession: boolean }) {
  const forward = async (req: express.Request, res: express.Response) => {
    const token = await hooks.readSessionToken(req.headers.cookie);
    if (!token && options.requireSession) {
      res.status(401).set('cache-control', 'no-store').json({ error: 'Authentication required' });
      return;
    }
    // `originalUrl`: the path as the browser asked, whatever the mount point.
    const upstream = httpRequest(
      { ...upstreamOptions(hooks, req, token, req.ip ?? req.socket.remoteAddress ?? ''), path: req.originalUrl },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('The API did not answer in time')));
    upstream.on('error', () => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.status(503).set('retry-after', hooks.unavailable.retryAfterSeconds).json({ error: hooks.unavailable.message });
    });
    req.pipe(upstream);
  };
  // Express 4 ignores a handler's promise: a failure goes to `next` rather than unhandled.
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    forward(req, res).catch(next);
  };
}

/** Ends a socket that asked to upgrade with a plain HTTP answer. */
function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The head of an HTTP answer as raw text (the upgrade's 101, or a refusal passed on). */
function responseHead(response: IncomingMessage): string {
  const lines = [`HTTP/1.1 ${response.statusCode ?? 502} ${response.statusMessage ?? ''}`];
  for (let index = 0; index < response.rawHeaders.length; index += 2) {
    lines.push(`${response.rawHeaders[index]}: ${response.rawHeaders[index + 1]}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * The `upgrade` listener of the web's HTTP server: a WebSocket asked for on a path `matches` accepts
 * is tunnelled to the same path on the API with the session's bearer token. Refused (and never
 * passed on) without a signed-in session (401) and from pages of another origin (403: a WebSocket
 * carries the visitor's cookie wherever the page that opens it comes from). Other paths are closed.
 */
export function proxyUpgradesToApi(hooks: WebServerHooks, matches: (path: string) => boolean) {
  const own = new Set(hooks.config.WEB_ORIGINS);
  const tunnel = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', 'http://web.local').pathname;
    if (!matches(path)) return refuseUpgrade(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    if (isForeignOrigin(origin, own)) return refuseUpgrade(socket, 403, 'Forbidden');
    const token = await hooks.readSessionToken(req.headers.cookie);
    if (!token) return refuseUpgrade(socket, 401, 'Unauthorized');

    const upstream = httpRequest(upstreamOptions(hooks, req, token, req.socket.remoteAddress ?? ''));
    upstream.on('timeout', () => upstream.destroy(new Error('The API did not answer in time')));
    upstream.on('error', () => refuseUpgrade(socket, 503, 'Service Unavailable'));
    // The API refused the upgrade (its own 401, a 400): the browser gets that answer.
    upstream.on('response', (response) => {
      if (socket.writable) socket.write(responseHead(response));
      response.pipe(socket);
    });
    upstream.on('upgrade', (response, upstreamSocket, upstreamHead) => {
      // The API answered 101: from here on bytes pass both ways untouched, without the request timeout.
      upstream.setTimeout(0);
      upstreamSocket.setTimeout(0);
      socket.write(responseHead(response));
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('error', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    if (head.length > 0) upstream.write(head);
    upstream.end();
  };
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    tunnel(req, socket, head).catch(() => refuseUpgrade(socket, 500, 'Internal Server Error'));
  };
}
