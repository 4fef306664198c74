import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { INBOX_PATH } from '~/lib/notifications';
import { openNotification } from '~/lib/notifications.server';
import { flashToast, requireToken } from '~/lib/session.server';

/**
 * GET /notifications/{id}/open: where a notification leads when followed from the inbox without
 * JavaScript, in a new tab, or from a browser push (the service worker opens it). It marks the
 * notification opened (POST /notifications/{id}/opened), then sends the person to the page it links
 * to: only a path on this site or an https address, read from the notification the API stored,
 * never from the request. A guest signs in first and comes back here; a notification that is gone
 * leaves them in the inbox with the API's reason.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireToken(request);
  const opened = await openNotification(token, params.notificationId ?? '');
  if (opened.ok) return redirect(opened.value);
  return redirect(INBOX_PATH, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'error', message: opened.error }) } });
}
