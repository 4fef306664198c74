import type { LoaderFunctionArgs } from '@remix-run/node';
import { ApiError, failureInit } from '~/lib/api.server';
import { loadChatUnread, loadMemberDetails } from '~/lib/chat.server';
import { jsonResponse as json } from '~/lib/json-response.server';
import { getToken } from '~/lib/session.server';

const SIGNED_OUT = { error: 'Authentication required' };

/**
 * GET /resources/chat: reads the chat screens need in the browser, with the session's token (the
 * browser cannot call the API itself). `?view=unread`: GET /chat/unread (the Chat tab's count, read
 * again whenever the socket connects); `?view=members&room=<id>`: the room's member details (a
 * sender the room list could not name). Writes go through the socket, and without JavaScript
 * through the room page's form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getToken(request);
  if (!token) return json(SIGNED_OUT, 401);
  const url = new URL(request.url);
  const view = url.searchParams.get('view');
  if (view === 'unread') {
    const unread = await loadChatUnread(token);
    return unread ? json(unread) : json({ error: 'Failed to load unread chats' }, 503);
  }
  if (view === 'members') {
    const roomId = url.searchParams.get('room') ?? '';
    try {
      return json({ members: await loadMemberDetails(token, roomId) });
    } catch (error) {
      return json({ error: error instanceof ApiError ? error.message : 'Failed to load the members' }, failureInit(error).status);
    }
  }
  return json({ error: 'Unknown view' }, 400);
}
