import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { WebServerHooks } from '../server/server-hooks';
import { NonceProvider } from './components/layout/nonce';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './lib/api.server';
import { firebaseCspSources, webConfig } from './lib/config.server';
import { guardRoutes } from './lib/route-guards.server';
import { ModulePreloadPriority } from './lib/module-preload-priority.server';
import { getSession } from './lib/session.server';

const ABORT_DELAY = 5_000;

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (web/server/main.ts). */
    cspNonce?: string;
  }
}

/** Used by web/server/main.ts to add the bearer token when proxying the queue dashboard. */
async function readSessionToken(cookie: string | undefined): Promise<string | null> {
  const session = await getSession(new Request('http://tribe.local/', { headers: cookie ? { Cookie: cookie } : {} }));
  return session.get('token') ?? null;
}

/** What web/server/main.ts takes from the build. */
export const webServerHooks: WebServerHooks = {
  readSessionToken,
  guardRoutes,
  config: webConfig,
  firebaseCsp: firebaseCspSources(webConfig.FIREBASE),
  unavailable: { message: UNAVAILABLE_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS },
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  // Inline scripts run only with the nonce the page's Content-Security-Policy names.
  const nonce = loadContext?.cspNonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const app = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [waitForAll ? 'onAllReady' : 'onShellReady']() {
        shellRendered = true;
        const body = new ModulePreloadPriority();
        responseHeaders.set('Content-Type', 'text/html');
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}
