import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/lib/admin.server';
import { fetchGovernmentId } from '~/lib/people.server';

/**
 * GET /resources/admin/government-id/{userId}?expires=…&signature=…: the person's government id,
 * fetched from the API's signed link (which expires in minutes) and passed through, never cached.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const upstream = await fetchGovernmentId(params.userId ?? '', new URL(request.url).search);
  const headers = new Headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
  headers.set('content-type', upstream.ok ? (upstream.headers.get('content-type') ?? 'application/octet-stream') : 'text/plain');
  return new Response(upstream.ok ? upstream.body : 'This link has expired. Open the government id again.', {
    status: upstream.status,
    headers,
  });
}
