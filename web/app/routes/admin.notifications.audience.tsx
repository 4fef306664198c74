import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { requireAdmin } from '~/lib/admin.server';
import { countAudience } from '~/lib/admin-notifications.server';
import { countableAudience } from '~/lib/admin-notifications';

export type AudienceSize = { count: number; unknownUserIds: string[] } | { error: string };

/**
 * GET /admin/notifications/audience?audience=city&city=…: the composer's audience size (JSON), asked
 * as the audience changes. An audience not filled in yet answers what is missing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const audience = countableAudience(Object.fromEntries(new URL(request.url).searchParams));
  if (!audience) return data<AudienceSize>({ error: 'Finish choosing the audience to see its size' });
  const result = await countAudience(token, audience);
  return result.ok ? data<AudienceSize>(result.value) : data<AudienceSize>({ error: result.error }, { status: result.status });
}
