import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonResponse as json } from '~/lib/json-response.server';
import { readAuth } from '~/lib/auth.server';
import { readCityChoice } from '~/lib/city-choice.server';
import { loadHomeFeed, loadPublicFeed } from '~/lib/event-feeds.server';
import { homeTabFrom } from '~/lib/home-tab.server';
import { filtersFromSearchParams, pageFromSearchParams } from '~/lib/filters';

/**
 * GET /resources/events?source=home|public&page=N&<the page's filters>: one more page of the home
 * or public list, as JSON, for infinite scroll. A failed page answers with the spec's message ("Failed
 * to load more events"), which the list shows without losing what it has, and the failure's status:
 * the API's refusal (a page past the last one: 400), 503 when it is unreachable, else 502.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const page = pageFromSearchParams(params);
  if (params.get('source') === 'public') {
    const feed = await loadPublicFeed(request, { filters: filtersFromSearchParams(params), page });
    return json({ feed }, feed.error ? feed.status : 200);
  }
  const { auth } = await readAuth(request);
  if (!auth) return json({ error: 'Authentication required' }, 401);
  const filters = filtersFromSearchParams(params, await readCityChoice(request));
  const feed = await loadHomeFeed({ token: auth.token, role: auth.user.role, tab: homeTabFrom(params), filters, page });
  return json({ feed }, feed.error ? feed.status : 200);
}
