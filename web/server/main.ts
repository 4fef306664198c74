import { createRequestHandler } from '@remix-run/express';
import type { ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { limitRequestBodies, refuseCrossSiteWrites, securityHeaders } from './request-guards.js';

const port = Number(process.env.WEB_PORT ?? 3000);
const apiUrl = new URL(process.env.API_URL ?? 'http://127.0.0.1:3001');
const buildDir = path.resolve(process.env.WEB_BUILD_DIR ?? 'web/build');

const MIB = 1_048_576;
/**
 * Forms are small; the paths that carry files get room for an event's 10 photos of up to 10 MB and a
 * video of up to 100 MB (the API checks each file against its own limits).
 */
const BODY_LIMITS = {
  defaultMaxBytes: MIB,
  uploads: { path: /^\/(resources\/upload|create-event(\.data)?|event\/[^/]+\/edit(\.data)?)\/?$/, maxBytes: 230 * MIB },
};

/**
 * The Bull Board dashboard lives on the API and wants a bearer token; the browser holds the token
 * only in the httpOnly session cookie, so this path is proxied with the token added.
 */
async function proxyQueueDashboard(readToken: (cookie: string | undefined) => Promise<string | null>) {
  const forward = async (req: express.Request, res: express.Response) => {
    const token = await readToken(req.headers.cookie);
    const upstream = httpRequest(
      {
        hostname: apiUrl.hostname,
        port: apiUrl.port,
        path: req.originalUrl,
        method: req.method,
        headers: { ...req.headers, host: apiUrl.host, cookie: '', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    upstream.on('error', () => res.status(502).json({ error: 'The API is not reachable' }));
    req.pipe(upstream);
  };
  // Express 4 ignores a handler's promise: a failure goes to `next` rather than unhandled.
  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    forward(req, res).catch(next);
  };
}

async function main() {
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const { readSessionToken } = build.entry.module as ServerBuild['entry']['module'] & { readSessionToken: (cookie: string | undefined) => Promise<string | null> };
  const app = express();
  app.disable('x-powered-by');
  // Which proxies in front of the web to believe for the visitor's address (same values as the API's).
  const trustProxy = process.env.TRUST_PROXY ?? 'loopback';
  app.set('trust proxy', trustProxy === 'true' ? true : trustProxy === 'false' ? false : trustProxy);
  // The API limits failed logins per visitor: it gets the visitor's address, never one a client made up.
  app.use((req, _res, next) => {
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    next();
  });
  app.use(securityHeaders, refuseCrossSiteWrites, limitRequestBodies(BODY_LIMITS));
  app.use('/api/v1/admin/queues', await proxyQueueDashboard(readSessionToken));
  // Pages, scripts and styles go out compressed (brotli or gzip) to browsers that ask: most visitors are on phones.
  app.use(compression());
  app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }));
  const remix = createRequestHandler({ build, mode: process.env.NODE_ENV ?? 'production' });
  // Remix's handler catches its own errors and passes them to `next`; its promise never rejects.
  app.all('*', (req, res, next) => void remix(req, res, next));
  const server = app.listen(port, () => console.log(JSON.stringify({ level: 30, name: 'web', msg: `web listening on http://localhost:${port}` })));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
