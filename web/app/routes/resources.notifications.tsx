import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonResponse as json } from '~/lib/json-response.server';
import { loadUnread, registerBrowser, unregisterBrowser } from '~/lib/notifications.server';
import { getToken } from '~/lib/session.server';
import { webPushSubscriptionSchema, type UnreadView } from '../../../api/src/contracts/notifications.contract.js';

const SIGNED_OUT = { error: 'Authentication required' };

/** What the shell's poll receives. */
export type UnreadAnswer = UnreadView;

/**
 * GET /resources/notifications: the signed-in person's unread count and newest unread notifications
 * (GET /notifications/unread), as JSON, for the shell's one poll (the bell, the page title and the
 * host's new-application sheet). The session's token is enough: the API refuses one that has ended.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getToken(request);
  if (!token) return json(SIGNED_OUT, 401);
  const unread = await loadUnread(token);
  if (!unread.ok) return json({ error: unread.error }, unread.status);
  const body: UnreadAnswer = unread.value;
  return json(body);
}

/**
 * POST /resources/notifications: this browser's push subscription, from the Settings switch.
 * `intent=subscribe` with `subscription` (PushSubscription.toJSON() as JSON text) registers it
 * (POST /notifications/devices, kind webpush); `intent=unsubscribe` with `endpoint` removes it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const token = await getToken(request);
  if (!token) return json(SIGNED_OUT, 401);
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'subscribe') {
    const parsed = webPushSubscriptionSchema.safeParse(parseJson(form.get('subscription')));
    if (!parsed.success) return json({ error: 'This browser sent a push subscription Tribe cannot use.' }, 400);
    const result = await registerBrowser(token, parsed.data);
    return result.ok ? json({ ok: true }) : json({ error: result.error }, result.status);
  }
  if (intent === 'unsubscribe') {
    const endpoint = String(form.get('endpoint') ?? '').trim();
    if (!endpoint) return json({ error: 'Say which subscription to remove.' }, 400);
    const result = await unregisterBrowser(token, endpoint);
    return result.ok ? json({ ok: true }) : json({ error: result.error }, result.status);
  }
  return json({ error: 'Unknown action' }, 400);
}

function parseJson(value: FormDataEntryValue | null): unknown {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}
