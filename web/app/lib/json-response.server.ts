import { RETRY_AFTER_SECONDS } from './api.server';

/** A resource route's JSON answer, never cached; a 503 says when to try again. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(status === 503 ? { 'Retry-After': RETRY_AFTER_SECONDS } : {}),
    },
  });

/** A form sent by the browser itself (no JavaScript): it wants a page back, not JSON. */
export const isDocumentRequest = (request: Request) => request.headers.get('Accept')?.includes('text/html') ?? false;
