import type { ActionFunctionArgs } from '@remix-run/node';
import { api, failureInit } from '~/lib/api.server';
import { AnalyticsLimits } from '../../../api/src/contracts/analytics.contract.js';

const answer = (status: number, headers?: Record<string, string>) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

/**
 * POST /resources/analytics: the recorder's batches (sendBeacon, so any content type), forwarded to
 * POST /api/v1/analytics/events with the visitor's address for the API's rate limit. Nobody reads
 * the answer: 204, or the API's refusal status.
 */
export async function action({ request }: ActionFunctionArgs) {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > AnalyticsLimits.maxBodyBytes) return answer(413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400);
  }
  try {
    await api('/analytics/events', { method: 'POST', body, visitor: request });
    return answer(204);
  } catch (error) {
    const { status, headers } = failureInit(error);
    return answer(status, headers);
  }
}
