import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonResponse as json } from '~/lib/json-response.server';
import { getToken } from '~/lib/session.server';
import { checkInOnline, loadDoorTickets, sendCheckInBatch } from '~/lib/tickets.server';
import { ApiError } from '~/lib/api.server';
import type { CheckInBatchInput, CheckInInput } from '../../../api/src/contracts/tickets.contract.js';

/** GET /resources/check-in?eventId: the door list, read again once check-ins queued offline were sent. */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getToken(request);
  if (!token) return json({ error: 'Please log in' }, 401);
  const eventId = new URL(request.url).searchParams.get('eventId') ?? '';
  try {
    const door = await loadDoorTickets(token, eventId);
    return door ? json(door) : json({ error: 'Not reachable' }, 503);
  } catch (error) {
    return json({ error: error instanceof Error ? error.message : 'Refused' }, error instanceof ApiError ? error.status : 502);
  }
}

/**
 * POST /resources/check-in (JSON): `{ eventId, token | code }` checks one ticket in, `{ eventId,
 * items }` sends what the door queued offline. Answers the API's view, or its refusal with its
 * status (a 503 tells the page to keep the check-in on the device).
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = await getToken(request);
  if (!token) return json({ error: 'Please log in' }, 401);
  const body = (await request.json().catch(() => null)) as ({ eventId?: unknown } & Partial<CheckInInput & CheckInBatchInput>) | null;
  const eventId = typeof body?.eventId === 'string' ? body.eventId : '';
  if (!body || !eventId) return json({ error: 'Which event?' }, 400);
  const result = body.items
    ? await sendCheckInBatch(token, eventId, { items: body.items })
    : await checkInOnline(token, eventId, { token: body.token, code: body.code });
  return result.ok ? json(result.value) : json({ error: result.error }, result.status);
}
