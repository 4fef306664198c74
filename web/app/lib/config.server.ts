import { z } from 'zod';

const DEVELOPMENT_SESSION_SECRET = 'local-development-session-secret';

/** An empty value (`COOKIE_SECURE=`, or `${COOKIE_SECURE:-}` in compose) means "not set". */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const milliseconds = z.coerce.number().int().positive();

/**
 * Web settings, parsed once; defaults work on a laptop (`npm start` supplies a random session
 * secret). In production a well-known secret would let anyone forge a session cookie, so there is none.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  WEB_PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** The web's own origins, comma-separated: the only pages that may send it forms. Default: http://localhost and http://127.0.0.1 on WEB_PORT. */
  WEB_ORIGINS: z.preprocess(unsetIfEmpty, z.string().optional()),
  API_URL: z.string().url().default('http://127.0.0.1:3001'),
  /** How long a call to the API may take (connecting, the answer and its body) before the web gives up with 503. */
  API_TIMEOUT_MS: milliseconds.default(10_000),
  /** The same for calls that carry a visitor's files (a video over a phone's connection takes minutes). */
  API_UPLOAD_TIMEOUT_MS: milliseconds.default(600_000),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Default: on in production, off elsewhere. */
  COOKIE_SECURE: z.preprocess(unsetIfEmpty, flag.optional()),
  /**
   * Where the payment checkout's script and frame come from (the Content-Security-Policy allows
   * exactly these), comma-separated. Default: Razorpay's when PAYMENT_PROVIDER=razorpay, otherwise
   * the API's sandbox (PUBLIC_API_URL's origin, else http://localhost:<API_PORT>), as the API does.
   */
  CHECKOUT_ORIGINS: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** The API's settings the checkout default is derived from (the same environment as the API's under `npm start` and compose). */
  PAYMENT_PROVIDER: z.preprocess(unsetIfEmpty, z.enum(['sandbox', 'razorpay']).default('sandbox')),
  PUBLIC_API_URL: z.preprocess(unsetIfEmpty, z.string().url().optional()),
  API_PORT: z.coerce.number().int().min(1).max(65_535).default(3001),
  COMPANY_NAME: z.string().default('Tribe Social Technologies Private Limited'),
  COMPANY_ADDRESS: z.string().default('4th Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034, India'),
  CONTACT_EMAIL: z.string().email().default('support@tribe.example'),
  /** How long a guest's page (/public, an event, Community, a post) is served as rendered, in ms; 0 turns it off (web/server/guest-page-cache.ts). */
  GUEST_PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** The mobile app's login screen (a custom-scheme deep link, no query): /login in the app's web view goes there with its query string. */
  NATIVE_LOGIN_URL: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*:\/\/[^?#\s]*$/i, { message: 'must be a deep link like tribe://login, without a query' })
    .default('tribe://login'),
  /** Google and phone sign-in (Firebase Authentication): the API's project; demo-* is the local emulator's. */
  FIREBASE_PROJECT_ID: z.preprocess(unsetIfEmpty, z.string().default('demo-tribe')),
  /** The Firebase web app's public API key and auth domain (Firebase console, project settings); the emulator needs neither. */
  FIREBASE_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  FIREBASE_AUTH_DOMAIN: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** host:port of the Auth emulator, as the browser reaches it (npm start sets it when it starts one). */
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(unsetIfEmpty, z.string().optional()),
  /** Why Google and phone sign-in are off, when npm start could not start the emulator (shown under the buttons). */
  FIREBASE_SIGN_IN_UNAVAILABLE: z.preprocess(unsetIfEmpty, z.string().optional()),
});

/** A setting the web cannot run with; the server prints its message alone and exits. */
export class WebConfigError extends Error {
  override name = 'WebConfigError';
}

/** Razorpay Checkout: its script, and the frame it opens. */
export const RAZORPAY_CHECKOUT_ORIGINS = ['https://checkout.razorpay.com', 'https://api.razorpay.com'] as const;

/** "https://tribe.example" from "https://Tribe.example:443/"; a value that is not a bare http(s) origin is refused. */
function parseOrigin(value: string, setting = 'WEB_ORIGINS'): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new WebConfigError(`${setting}: "${value}" is not an address (expected e.g. https://tribe.example)`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash
  ) {
    throw new WebConfigError(`${setting}: "${value}" is not an origin (scheme, host and port only, e.g. https://tribe.example)`);
  }
  return url.origin;
}

/** Browsers treat these as secure contexts: a Secure cookie set over plain http://localhost is kept. */
const isLoopback = (origin: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);

export function parseWebConfig(env: Record<string, string | undefined>) {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new WebConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  const parsed = result.data;
  const production = parsed.NODE_ENV === 'production';
  if (production && (!parsed.SESSION_SECRET || parsed.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET)) {
    throw new WebConfigError('SESSION_SECRET must be set to a long random value in production (it encrypts the session cookie).');
  }
  const origins = parsed.WEB_ORIGINS?.trim()
    ? parsed.WEB_ORIGINS.split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .map((origin) => parseOrigin(origin))
    : [`http://localhost:${parsed.WEB_PORT}`, `http://127.0.0.1:${parsed.WEB_PORT}`];
  const cookieSecure = parsed.COOKIE_SECURE ?? production;
  const plainHttp = origins.filter((origin) => origin.startsWith('http:') && !isLoopback(origin));
  if (production && cookieSecure && plainHttp.length > 0) {
    throw new WebConfigError(
      `WEB_ORIGINS lists ${plainHttp.join(', ')} over plain HTTP, but the session cookie is Secure in production and browsers do not send it over HTTP, ` +
        'so nobody could stay signed in. Serve the web over HTTPS (and list its https:// origin), or set COOKIE_SECURE=false to run over plain HTTP knowingly.',
    );
  }
  return {
    ...parsed,
    FIREBASE: firebaseClientConfig(parsed),
    WEB_ORIGINS: [...new Set(origins)],
    CHECKOUT_ORIGINS: checkoutOrigins(parsed),
    COOKIE_SECURE: cookieSecure,
    SESSION_SECRET: parsed.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
  };
}

/** The origins the payment checkout's script and frame are loaded from (see CHECKOUT_ORIGINS above). */
function checkoutOrigins(parsed: z.output<typeof schema>): string[] {
  if (parsed.CHECKOUT_ORIGINS?.trim()) {
    const listed = parsed.CHECKOUT_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => parseOrigin(origin, 'CHECKOUT_ORIGINS'));
    return [...new Set(listed)];
  }
  if (parsed.PAYMENT_PROVIDER === 'razorpay') return [...RAZORPAY_CHECKOUT_ORIGINS];
  return [new URL(parsed.PUBLIC_API_URL ?? `http://localhost:${parsed.API_PORT}`).origin];
}

/** What the browser's Firebase SDK is given (all public), or why Google and phone sign-in are off. */
export type FirebaseClientConfig =
  | { available: true; apiKey: string; authDomain: string; projectId: string; emulatorUrl: string | null }
  | { available: false; reason: string };

export const FIREBASE_NOT_CONFIGURED =
  'Google and mobile sign-in are not set up on this server yet. Please log in with email and password.';

function firebaseClientConfig(parsed: z.output<typeof schema>): FirebaseClientConfig {
  const projectId = parsed.FIREBASE_PROJECT_ID;
  if (parsed.FIREBASE_SIGN_IN_UNAVAILABLE) return { available: false, reason: parsed.FIREBASE_SIGN_IN_UNAVAILABLE };
  if (projectId.startsWith('demo-')) {
    if (!parsed.FIREBASE_AUTH_EMULATOR_HOST) return { available: false, reason: FIREBASE_NOT_CONFIGURED };
    // The emulator takes any key; the SDK only needs one to be present.
    return {
      available: true,
      apiKey: parsed.FIREBASE_API_KEY ?? 'emulator-api-key',
      authDomain: parsed.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      emulatorUrl: `http://${parsed.FIREBASE_AUTH_EMULATOR_HOST}`,
    };
  }
  if (!parsed.FIREBASE_API_KEY) return { available: false, reason: FIREBASE_NOT_CONFIGURED };
  return {
    available: true,
    apiKey: parsed.FIREBASE_API_KEY,
    authDomain: parsed.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    projectId,
    emulatorUrl: null,
  };
}

/**
 * What the Content-Security-Policy must let the Firebase SDK load in production: Google's script
 * loader and reCAPTCHA, and frames from the auth domain (the popup's relay) and reCAPTCHA. The
 * emulator needs nothing beyond fetch, which the policy does not restrict.
 */
export function firebaseCspSources(firebase: FirebaseClientConfig): { scripts: string[]; frames: string[] } {
  if (!firebase.available || firebase.emulatorUrl) return { scripts: [], frames: [] };
  return {
    scripts: ['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frames: [`https://${firebase.authDomain}`, 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  };
}

export type WebConfig = ReturnType<typeof parseWebConfig>;

export const webConfig = parseWebConfig(process.env);
