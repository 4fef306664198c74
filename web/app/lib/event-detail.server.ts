import { data } from '@remix-run/node';
import { api, ApiError, failureInit, isAuthError, isUnavailable } from './api.server';
import { canManageEvent, EventMessages } from './format-event';
import type { EventView } from '../../../api/src/contracts/event/event-view.js';

/**
 * One event. A signed-in caller gets the full version; without a token, or when the API answers
 * 401, the public version (SPEC §6). Unknown events are a 404 page, other failures "Failed to load event".
 */
export async function loadEvent(id: string, token: string | null): Promise<{ event: EventView; isPublicVersion: boolean }> {
  const path = `/events/${encodeURIComponent(id)}`;
  try {
    if (token) {
      try {
        return { event: await api<EventView>(path, { token }), isPublicVersion: false };
      } catch (error) {
        if (!isAuthError(error)) throw error;
      }
    }
    return { event: await api<EventView>(`${path}/public`), isPublicVersion: true };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data({ error: 'Event not found.' }, { status: 404 });
    }
    // Unreachable or unavailable: 503 (try again); anything else the API got wrong: 502.
    throw data({ error: isUnavailable(error) ? error.message : EventMessages.loadEvent }, failureInit(error));
  }
}

/** For the host's pages (edit): the event, or 403 when the signed-in person is not its host (nor an admin). */
export async function loadOwnEvent(id: string, auth: { token: string; user: { id: string; role: string; isAdmin?: boolean } }) {
  const { event } = await loadEvent(id, auth.token);
  if (!canManageEvent(event, auth.user)) {
    throw data({ error: 'Only the host of this event can change it.' }, { status: 403 });
  }
  return event;
}
