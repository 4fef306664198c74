import type { ActionFunctionArgs } from '@remix-run/node';
import { fetchApi, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '~/lib/api.server';
import { webConfig } from '~/lib/config.server';
import { getToken } from '~/lib/session.server';
import { Messages } from '../../../api/src/contracts/messages.js';

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });

/**
 * POST /resources/upload?kind=image|video: the browser's photo and video uploads. The session
 * token lives in an httpOnly cookie, so the browser cannot call the API itself; this route
 * streams the multipart body through to POST /api/v1/upload (field image) or /upload/video
 * (field video) with the token added, and hands back the API's answer ({ url } or { error }).
 * Streaming (not buffering) lets the browser's XMLHttpRequest report real upload progress.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
  const token = await getToken(request);
  if (!token) return json({ error: 'No authentication token found' }, 401);
  const contentType = request.headers.get('Content-Type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !request.body) {
    return json({ error: 'Unsupported content type' }, 415);
  }
  const kind = new URL(request.url).searchParams.get('kind') === 'video' ? 'video' : 'image';
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': contentType, Accept: 'application/json' };
  const length = request.headers.get('Content-Length');
  if (length) headers['Content-Length'] = length;

  let upstream: Response;
  let text: string;
  try {
    upstream = await fetchApi(
      kind === 'video' ? '/api/v1/upload/video' : '/api/v1/upload',
      { method: 'POST', headers, body: request.body, duplex: 'half' },
      webConfig.API_UPLOAD_TIMEOUT_MS,
    );
    text = await upstream.text();
  } catch {
    return json({ error: UNAVAILABLE_MESSAGE }, 503, { 'Retry-After': RETRY_AFTER_SECONDS });
  }
  let body: { error?: unknown; code?: unknown } | null;
  try {
    body = text ? (JSON.parse(text) as { error?: unknown; code?: unknown } | null) : {};
  } catch {
    body = null;
  }
  // A 503 without the product's code (a proxy's, the server framework's) gets the web's message.
  if (upstream.status === 503 && !body?.code) body = { error: UNAVAILABLE_MESSAGE };
  body ??= { error: kind === 'image' ? Messages.uploads.uploadFailed : Messages.uploads.videoUploadFailed };
  const retryAfter = upstream.headers.get('Retry-After');
  return json(body, upstream.status, retryAfter ? { 'Retry-After': retryAfter } : {});
}

export function loader() {
  return json({ error: 'Method not allowed' }, 405);
}
