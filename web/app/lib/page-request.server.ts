/**
 * What the loaders of one page request share. Remix hands each loader its own copy of the request,
 * but one load context for them all; the route guard (route-guards.server.ts) ties each loader's copy
 * to that context, so a read every loader of a page needs — who is signed in — is asked of the API
 * once per page rather than once per loader. Actions are never tied: what an action reads (or
 * changes) is not kept for the loaders that run after it.
 */

const pageOfRequest = new WeakMap<Request, object>();
const readsOfPage = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Ties a loader's request to its page request's load context. */
export function tieToPage(request: Request, context: object): void {
  pageOfRequest.set(request, context);
}

/**
 * `read()` once per page request under `key`: the loaders of one page share its promise. A request
 * that is not a loader's (an action's, a test's) reads every time.
 */
export function oncePerPage<T>(request: Request, key: string, read: () => Promise<T>): Promise<T> {
  const page = pageOfRequest.get(request);
  if (!page) return read();
  let reads = readsOfPage.get(page);
  if (!reads) readsOfPage.set(page, (reads = new Map<string, Promise<unknown>>()));
  let pending = reads.get(key) as Promise<T> | undefined;
  if (!pending) reads.set(key, (pending = read()));
  return pending;
}
