import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/lib/admin.server';
import { countAudience } from '~/lib/admin-notifications.server';
import { countableAudience, type AudienceSize } from '~/lib/admin-notifications';

const json = (body: AudienceSize, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * GET /resources/admin-notifications/audience?audience=city&city=…: the composer's audience size as
 * JSON (admins only), asked as the audience changes. An audience not filled in yet says what is missing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const audience = countableAudience(Object.fromEntries(new URL(request.url).searchParams));
  if (!audience) return json({ error: 'Finish choosing the audience to see its size' });
  const result = await countAudience(token, audience);
  return result.ok ? json(result.value) : json({ error: result.error }, result.status);
}
