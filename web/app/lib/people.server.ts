import { api, fetchApi } from './api.server';
import type {
  GovernmentIdLinkView,
  PeopleSearchView,
  PersonPageView,
  PeopleSearchQuery,
} from '../../../api/src/contracts/people.contract.js';
import { type PageRead, readForPage, writeForPage } from './page-reads.server';
import type { WriteResult } from './event-writes.server';

const personPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** GET /admin/users: the people matching the search, newest first. */
export function searchPeople(token: string, query: Partial<PeopleSearchQuery>): Promise<PageRead<PeopleSearchView>> {
  return readForPage(() => api<PeopleSearchView>('/admin/users', { token, query: { ...query } }), 'Failed to search people');
}

/** GET /admin/users/{id}: the person's page. */
export function loadPerson(token: string, id: string): Promise<PageRead<PersonPageView>> {
  return readForPage(() => api<PersonPageView>(personPath(id), { token }), 'Failed to load this person');
}

/** GET /admin/users/{id}/government-id: a signed link to the id, good for a few minutes. */
export function loadGovernmentIdLink(token: string, id: string): Promise<PageRead<GovernmentIdLinkView>> {
  return readForPage(() => api<GovernmentIdLinkView>(`${personPath(id)}/government-id`, { token }), 'Failed to open the government id');
}

export type PersonAction = 'suspend' | 'restore' | 'verify' | 'refuse';

const ACTION_PATHS: Record<PersonAction, string> = {
  suspend: 'suspend',
  restore: 'restore',
  verify: 'verify',
  refuse: 'verification/refuse',
};

/** POST /admin/users/{id}/suspend, /restore, /verify or /verification/refuse, with the admin's reason (the note, for an approval). */
export function actOnPerson(token: string, id: string, action: PersonAction, reason: string): Promise<WriteResult<unknown>> {
  const body = action === 'verify' ? { note: reason } : { reason };
  return writeForPage(() => api<unknown>(`${personPath(id)}/${ACTION_PATHS[action]}`, { method: 'POST', token, body }));
}

/** The id's file behind a signed link: the link is the credential, so no token goes with it. */
export function fetchGovernmentId(userId: string, search: string): Promise<Response> {
  return fetchApi(`/api/v1${personPath(userId)}/government-id/file${search}`, { method: 'GET' });
}
