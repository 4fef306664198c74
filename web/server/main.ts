import { createRequestHandler } from '@remix-run/express';
import { createRequestHandler as createPageRenderer, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import { isbot } from 'isbot';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHAT_SOCKET_PATH } from '../../api/src/contracts/chat.contract.js';
import { proxyToApi, proxyUpgradesToApi } from './api-proxy.js';
import { guestPageCache } from './guest-page-cache.js';
import { precompressed } from './precompressed.js';
import { contentSecurityPolicy, cspNonceOf, limitRequestBodies, refuseForeignWrites, securityHeaders } from './request-guards.js';
import type { WebServerHooks } from './server-hooks.js';

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

/** The pages every guest sees alike: the list, an event, the community feed, a post. */
const GUEST_PAGES = /^\/(public|community|event\/[^/]+|post\/[^/]+)\/?$/;
/** At most this many guest pages (with their compressed copies, about 80 KB each) are kept. */
const GUEST_PAGES_KEPT = 200;

/**
 * The service worker (web/public/sw.js) is always checked for a newer version, and may control the
 * whole site from where it is served.
 */
function serviceWorkerHeaders(res: express.Response, filePath: string): void {
  if (path.basename(filePath) !== 'sw.js') return;
  res.set('cache-control', 'no-cache');
  res.set('service-worker-allowed', '/');
}

/**
 * Serves the build's files (every one has an extension); a page's path has none, so a page request
 * goes on to the pages without asking the disk first.
 */
function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => (path.extname(req.path) ? serve(req, res, next) : next());
}

async function main() {
  const rawBuild = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  const hooks = (rawBuild.entry.module as ServerBuild['entry']['module'] & { webServerHooks: WebServerHooks }).webServerHooks;
  const build = hooks.guardRoutes(rawBuild);
  const app = express();
  app.disable('x-powered-by');
  // The probes' endpoint: the web process answers. It does not ask the API, so an API outage does not
  // get the web restarted (its pages say the API is away instead).
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Which proxies in front of the web to believe for the visitor's address (same values as the API's).
  const trustProxy = process.env.TRUST_PROXY ?? 'loopback';
  app.set('trust proxy', trustProxy === 'true' ? true : trustProxy === 'false' ? false : trustProxy);
  // The API limits failed logins per visitor: it gets the visitor's address, never one a client made up.
  app.use((req, _res, next) => {
    req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
    next();
  });
  app.use(
    securityHeaders({ checkoutOrigins: hooks.config.CHECKOUT_ORIGINS, firebase: hooks.firebaseCsp }),
    refuseForeignWrites(hooks.config.WEB_ORIGINS),
    limitRequestBodies(BODY_LIMITS),
  );
  // The Bull Board dashboard lives on the API and wants a bearer token (it answers a guest itself).
  app.use('/api/v1/admin/queues', proxyToApi(hooks, { requireSession: false }));
  // The chat's socket.io (its HTTP requests here, its WebSocket upgrades below): signed-in people only.
  app.use(CHAT_SOCKET_PATH, proxyToApi(hooks, { requireSession: true }));
  // Pages, scripts and styles go out compressed (brotli or gzip) to browsers that ask: most visitors are on phones.
  // Every size: the default 1 KB threshold left the bundler's smallest chunks (a shared component of
  // 900 bytes) plain, and which chunks are that small changes with every build.
  // The build's scripts and styles have their strongest compression made once, at build time (web/precompress.ts).
  app.use('/assets', precompressed(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
  app.use(compression({ threshold: 0 }));
  app.use('/assets', filesOnly(express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' })));
  app.use(filesOnly(express.static(path.join(buildDir, 'client'), { maxAge: '1h', setHeaders: serviceWorkerHeaders })));
  const mode = process.env.NODE_ENV ?? 'production';
  const renderPage = createPageRenderer(build, mode);
  app.use(
    guestPageCache({
      ttlMs: hooks.config.GUEST_PAGE_CACHE_TTL_MS,
      maxEntries: GUEST_PAGES_KEPT,
      paths: GUEST_PAGES,
      render: (request, nonce) => renderPage(request, { cspNonce: nonce }),
      contentSecurityPolicy: (nonce) => contentSecurityPolicy(nonce, hooks.config.CHECKOUT_ORIGINS, hooks.firebaseCsp),
      isBot: isbot,
    }),
  );
  const remix = createRequestHandler({
    build,
    mode,
    // The page's inline scripts carry the nonce its Content-Security-Policy names.
    getLoadContext: (_req, res) => ({ cspNonce: cspNonceOf(res) }),
  });
  // Remix's handler catches its own errors and passes them to `next`; its promise never rejects.
  app.all('*', (req, res, next) => void remix(req, res, next));
  const port = hooks.config.WEB_PORT;
  const server = app.listen(port, () =>
    console.log(JSON.stringify({ level: 30, name: 'web', msg: `web listening on http://localhost:${port}` })),
  );
  server.on(
    'upgrade',
    proxyUpgradesToApi(hooks, (pathname) => pathname === CHAT_SOCKET_PATH || pathname.startsWith(`${CHAT_SOCKET_PATH}/`)),
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  // A setting the web cannot run with (web/app/lib/config.server.ts) is told in one readable line.
  if (error instanceof Error && error.name === 'WebConfigError') console.error(`[web] ${error.message}`);
  else console.error(error);
  process.exit(1);
});
