/**
 * Facts about HTTP methods that the Express server and the app's API client share. A module of its
 * own, free of Node-only imports, so the app's server bundle takes this and nothing else of the server.
 */

/** The only methods that may not change anything (Remix runs a route's action for every other one, OPTIONS too). */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Whether a request by `method` only reads: it changes nothing, so it may be served from a cache or sent again. */
export const isReadMethod = (method: string) => READ_METHODS.has(method.toUpperCase());
