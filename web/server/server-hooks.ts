import type { ServerBuild } from '@remix-run/node';

/**
 * What the web server (main.ts) takes from the Remix build's entry module (web/app/entry.server.tsx),
 * so that it shares the app's settings, session cookie and API error types instead of copying them.
 */
export interface WebServerHooks {
  /** The API token in a Cookie header's session, or null (for the queue dashboard proxy). */
  readSessionToken: (cookie: string | undefined) => Promise<string | null>;
  /** The build with every route's loader and action guarded (web/app/lib/route-guards.server.ts). */
  guardRoutes: (build: ServerBuild) => ServerBuild;
  /** The web's settings, parsed once (web/app/lib/config.server.ts). */
  config: {
    WEB_PORT: number;
    WEB_ORIGINS: readonly string[];
    API_URL: string;
    API_TIMEOUT_MS: number;
    /** Where the payment checkout's script and frame come from (the Content-Security-Policy allows them). */
    CHECKOUT_ORIGINS: readonly string[];
    GUEST_PAGE_CACHE_TTL_MS: number;
  };
  /** What Google sign-in loads in production (the Content-Security-Policy allows it). */
  firebaseCsp: { scripts: readonly string[]; frames: readonly string[] };
  /** What a visitor reads when the API cannot answer, and the Retry-After to suggest. */
  unavailable: { message: string; retryAfterSeconds: string };
}
