import type { HeadersFunction, ServerBuild } from '@remix-run/node';
import { isUnavailable, RETRY_AFTER_SECONDS } from './api.server';
import { tieToPage } from './page-request.server';

/**
 * What every route's loader and action gets from the web server, wrapped around them once at boot
 * (web/server/main.ts) rather than repeated in each route:
 * - `request.formData()` on a body that is not a form (JSON, text) or cannot be parsed (garbled
 *   multipart) answers 415 / 400 with a message, instead of a TypeError that Remix turns into a 500;
 * - an API that is unreachable, too slow or unavailable (ApiError 503) that a loader or action lets
 *   escape answers 503 with Retry-After and a "try again" message, instead of a crash page;
 * - a page keeps the Retry-After its loader, action or error set (a form refused with 503);
 * - a loader's request is tied to its page request, whose loaders share their reads (page-request.server.ts).
 * Everything else is left to the route.
 */

export const UNREADABLE_FORM_MESSAGE = 'This form could not be read. Reload the page and try again.';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

type RouteModule = ServerBuild['routes'][string]['module'];
type RouteFunction = (args: { request: Request; context?: object }) => unknown;

/**
 * A refusal as a thrown JSON Response: a page's error boundary gets `{ error }` as its data (and
 * shows the message), a resource route answers with it as it is (a thrown data() would lose it there).
 */
function refusal(status: number, error: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/** Replaces the request's formData() with one that refuses what is not a readable form. */
function guardFormData(request: Request): void {
  const read = request.formData.bind(request);
  Object.defineProperty(request, 'formData', {
    configurable: true,
    value: async (): Promise<FormData> => {
      const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!FORM_TYPES.has(type)) throw refusal(415, UNREADABLE_FORM_MESSAGE);
      try {
        return await read();
      } catch {
        throw refusal(400, UNREADABLE_FORM_MESSAGE);
      }
    },
  });
}

function guard<F extends RouteFunction>(run: F, kind: 'loader' | 'action'): F {
  const guarded = async (args: { request: Request; context?: object }) => {
    if (kind === 'action') guardFormData(args.request);
    // A loader shares its reads with the page's other loaders; an action never does.
    else if (args.context) tieToPage(args.request, args.context);
    try {
      return await run(args);
    } catch (error) {
      if (isUnavailable(error)) {
        throw refusal(503, error.message, { 'Retry-After': error.retryAfter ?? RETRY_AFTER_SECONDS });
      }
      throw error;
    }
  };
  return guarded as F;
}

/** Headers a page keeps from its loader's, action's or error's answer (Remix passes on only cookies unless a route says otherwise). */
const PASSED_ON_HEADERS = ['Retry-After'];

/** The route's own `headers` (or its parent's, Remix's default), plus PASSED_ON_HEADERS from its answers. */
function passOnHeaders(own: RouteModule['headers']): HeadersFunction {
  return (args) => {
    const base = typeof own === 'function' ? own(args) : (own ?? args.parentHeaders);
    const headers = new Headers(base);
    for (const name of PASSED_ON_HEADERS) {
      const value = [args.errorHeaders, args.actionHeaders, args.loaderHeaders, args.parentHeaders]
        .map((source) => source?.get(name))
        .find(Boolean);
      if (value && !headers.has(name)) headers.set(name, value);
    }
    return headers;
  };
}

export function guardRouteModule(module: RouteModule): RouteModule {
  const loader = module.loader as RouteFunction | undefined;
  const action = module.action as RouteFunction | undefined;
  return {
    ...module,
    headers: passOnHeaders(module.headers),
    ...(loader ? { loader: guard(loader, 'loader') } : {}),
    ...(action ? { action: guard(action, 'action') } : {}),
  } as RouteModule;
}

/** The build with every route's loader and action guarded (see above). */
export function guardRoutes(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [id, { ...route, module: guardRouteModule(route.module) }]),
  );
  return { ...build, routes };
}
