import {
  createCookie,
  data,
  NodeOnDiskFile,
  redirect,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node';
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Messages } from '../../../api/src/contracts/messages.js';
import { eventFormToBody, readEventForm, type EventFormValues } from '../components/events/event-form-values';
import { api, ApiError } from './api.server';
import { webConfig } from './config.server';
import { validateEventBody, type EventFormErrors } from './event-form-validation';
import { clearFilters, filtersToApiQuery, filtersToSearchParams, isFiltering, type EventFilters } from './filters';
import { canManageEvent, EventMessages, type EventPage, type Pagination, type TribeEvent } from './format-event';

/**
 * Event reads and writes for the web's loaders and actions (SPEC §7 Events, §8 messages). Loaders
 * call these with the session token; errors come back as the spec's messages, never as crashes,
 * so a list that fails still renders its page with an inline message.
 */

export const EVENT_PAGE_SIZE = 20;

export { EventMessages };

/* ------------------------------------------------------------- home tabs ---- */

/** The home tabs, in ?tab= (SPEC §2); influencer-events is the default. */
export const HOME_TABS = ['influencer-events', 'plan-together'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
export const DEFAULT_HOME_TAB: HomeTab = 'influencer-events';

const isHomeTab = (value: unknown): value is HomeTab => (HOME_TABS as readonly unknown[]).includes(value);

export function homeTabFrom(params: URLSearchParams): HomeTab {
  const value = params.get('tab');
  return isHomeTab(value) ? value : DEFAULT_HOME_TAB;
}

/** The home tab last chosen, so the Home button brings the person back to it (SPEC §2). */
const homeTabCookie = createCookie('tribe_home_tab', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 30 });

/**
 * /home without ?tab= opens the tab last chosen (by redirecting to it, so the URL, the list and the
 * scroll memory agree); a /home with ?tab= remembers it. Returns the Set-Cookie to send, if any.
 */
export async function rememberHomeTab(request: Request, url: URL): Promise<string | null> {
  const chosen = url.searchParams.get('tab');
  const remembered: unknown = await homeTabCookie.parse(request.headers.get('Cookie'));
  if (chosen === null) {
    if (isHomeTab(remembered) && remembered !== DEFAULT_HOME_TAB) {
      const next = new URLSearchParams(url.searchParams);
      next.set('tab', remembered);
      throw redirect(`${url.pathname}?${next.toString()}`);
    }
    return null;
  }
  return isHomeTab(chosen) && chosen !== remembered ? homeTabCookie.serialize(chosen) : null;
}

/* ------------------------------------------------------------ city choice ---- */

/** The chosen city, remembered across visits (the URL's city wins when present). */
const cityCookie = createCookie('tribe_city', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: webConfig.COOKIE_SECURE,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readCityChoice(request: Request): Promise<string | null> {
  const value: unknown = await cityCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
}

export function cityChoiceCookie(city: string | null): Promise<string> {
  return city ? cityCookie.serialize(city) : cityCookie.serialize('', { maxAge: 0 });
}

/* ------------------------------------------------------------------ lists ---- */

export interface FeedResult {
  events: TribeEvent[];
  pagination: Pagination | null;
  error: string | null;
}

const emptyFeed = (error: string | null): FeedResult => ({ events: [], pagination: null, error });

const isAuthError = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The home list (SPEC §6): an influencer in influencer view sees their own events (cancelled ones
 * too); everyone else the discover list of upcoming events by others. The plan-together tab lists
 * plan-together meetups (events without a price).
 */
export async function loadHomeFeed(options: {
  token: string;
  role: string;
  tab: HomeTab;
  filters: EventFilters;
  page: number;
}): Promise<FeedResult> {
  const { token, role, tab, filters, page } = options;
  const query: Record<string, string | number | boolean> = { ...filtersToApiQuery(filters), page, limit: EVENT_PAGE_SIZE };
  if (tab === 'plan-together') {
    Object.assign(query, { meetupType: 'plan_together', userRole: 'fan', upcomingOnly: true });
  } else if (role === 'influencer') {
    Object.assign(query, { userRole: 'influencer' });
  } else {
    Object.assign(query, { userRole: 'fan', upcomingOnly: true });
  }
  try {
    const result = await api<EventPage>('/events/filter', { token, query });
    return { events: result.data ?? [], pagination: result.pagination ?? null, error: null };
  } catch (error) {
    // Auth errors on event load are silently ignored (SPEC §8); the session guard deals with them.
    if (isAuthError(error)) return emptyFeed(null);
    return emptyFeed(page > 1 ? EventMessages.loadMore : isFiltering(filters) ? EventMessages.filterEvents : EventMessages.loadEvents);
  }
}

/** The guest list: published, upcoming events of everyone, through the public endpoint. */
export async function loadPublicFeed(options: { filters: EventFilters; page: number }): Promise<FeedResult> {
  const { filters, page } = options;
  try {
    const result = await api<EventPage>('/events/public/filter', {
      query: { ...filtersToApiQuery(filters), page, limit: EVENT_PAGE_SIZE, upcomingOnly: true },
    });
    return { events: result.data ?? [], pagination: result.pagination ?? null, error: null };
  } catch {
    return emptyFeed(page > 1 ? EventMessages.loadMore : isFiltering(filters) ? EventMessages.filterPublic : EventMessages.loadPublic);
  }
}

/**
 * Events a person hosts. `all` is GET /users/{id}/events/all (past ones too, and cancelled ones
 * when the caller is the host); otherwise GET /users/{id}/events (upcoming only). Pages are read
 * 100 at a time, up to `maxPages`. Event list reads for a user return an empty list on error (SPEC §8).
 */
export async function loadUserEvents(userId: string, token: string, options: { all?: boolean; maxPages?: number } = {}): Promise<TribeEvent[]> {
  const path = `/users/${encodeURIComponent(userId)}/events${options.all ? '/all' : ''}`;
  const events: TribeEvent[] = [];
  try {
    for (let page = 1; page <= (options.maxPages ?? 5); page += 1) {
      const result = await api<EventPage | TribeEvent[]>(path, { token, query: { page, limit: 100 } });
      if (Array.isArray(result)) return result;
      events.push(...(result.data ?? []));
      if (!result.pagination?.hasNext) break;
    }
    return events;
  } catch {
    return [];
  }
}

/** A person's display name, or null when they cannot be read. */
export async function loadUserName(userId: string, token: string): Promise<string | null> {
  try {
    const user = await api<{ name?: string | null }>(`/users/${encodeURIComponent(userId)}`, { token });
    return user.name?.trim() || null;
  } catch {
    return null;
  }
}

/* ----------------------------------------------------------------- detail ---- */

/**
 * One event. A signed-in caller gets the full version; without a token, or when the API answers
 * 401, the public version (SPEC §6). Unknown events are a 404 page, other failures "Failed to load event".
 */
export async function loadEvent(id: string, token: string | null): Promise<{ event: TribeEvent; isPublicVersion: boolean }> {
  const path = `/events/${encodeURIComponent(id)}`;
  try {
    if (token) {
      try {
        return { event: await api<TribeEvent>(path, { token }), isPublicVersion: false };
      } catch (error) {
        if (!isAuthError(error)) throw error;
      }
    }
    return { event: await api<TribeEvent>(`${path}/public`), isPublicVersion: true };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw data({ error: 'Event not found.' }, { status: 404 });
    }
    throw data({ error: EventMessages.loadEvent }, { status: 500 });
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


/* ----------------------------------------------------------------- writes ---- */

export type WriteResult<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

async function write<T>(run: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message };
    throw error;
  }
}

export function createEvent(token: string, body: Record<string, unknown>) {
  return write(() => api<TribeEvent>('/events', { method: 'POST', token, body }));
}

export function updateEvent(token: string, id: string, body: Record<string, unknown>) {
  return write(() => api<TribeEvent>(`/events/${encodeURIComponent(id)}`, { method: 'PUT', token, body }));
}

export function cancelEvent(token: string, id: string) {
  return write(() => api<TribeEvent>(`/events/${encodeURIComponent(id)}/cancel`, { method: 'POST', token, body: {} }));
}

export function convertEventToConfirmed(token: string, id: string) {
  return write(() => api<TribeEvent>(`/events/${encodeURIComponent(id)}/convert-to-confirmed`, { method: 'POST', token, body: {} }));
}

export function reportEvent(token: string, id: string, reason: string) {
  return write(() => api<unknown>(`/events/${encodeURIComponent(id)}/report`, { method: 'POST', token, body: { reason } }));
}

/**
 * Sends one file to the API's upload endpoint (field image or video) and returns its URL.
 * Used by the no-JavaScript form path; with JavaScript the browser uploads through /resources/upload.
 */
export async function uploadFile(token: string, kind: 'image' | 'video', file: Blob | NodeOnDiskFile): Promise<WriteResult<string>> {
  const form = new FormData();
  // A file staged on disk is sent from disk, never read into memory whole.
  const content = file instanceof NodeOnDiskFile ? await openAsBlob(file.getFilePath(), { type: file.type }) : file;
  form.append(kind, content, ('name' in file && file.name) || (kind === 'image' ? 'photo' : 'video'));
  let response: Response;
  try {
    response = await fetch(new URL(kind === 'image' ? '/api/v1/upload' : '/api/v1/upload/video', webConfig.API_URL), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
  } catch {
    return { ok: false, status: 503, error: Messages.generic.network };
  }
  const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !body.url) return { ok: false, status: response.status, error: body.error ?? (kind === 'image' ? Messages.uploads.uploadFailed : Messages.uploads.videoUploadFailed) };
  return { ok: true, value: body.url };
}

/* ------------------------------------------------------------ event form ---- */

const MAX_FORM_FILE_BYTES = 110 * 1_048_576;
const MAX_FORM_TEXT_BYTES = 256 * 1024;
const FORM_FILE_FIELDS = new Set(['photo_files', 'video_file']);

/**
 * Files of the two file fields are staged on disk, in a folder of this request's own (a flood of
 * large posts must not fill memory); text fields are read into memory, with a small limit; any
 * other file is dropped unread.
 */
function eventFormUploads(directory: string) {
  return unstable_composeUploadHandlers(
    unstable_createFileUploadHandler({ directory, maxPartSize: MAX_FORM_FILE_BYTES, filter: ({ name }) => FORM_FILE_FIELDS.has(name) }),
    unstable_createMemoryUploadHandler({ maxPartSize: MAX_FORM_TEXT_BYTES, filter: ({ filename }) => !filename }),
  );
}

/**
 * The submitted create/edit form. With JavaScript the browser has already uploaded photos and
 * video (their URLs are fields); without it the files come in the form (`photo_files`,
 * `video_file`) and are uploaded here, in order, before the event is saved. The staging folder
 * goes afterwards whatever happened: a part refused half-way or a dropped connection leaves files
 * the parsed form never names.
 */
async function readSubmittedForm(
  request: Request,
  token: string,
): Promise<{ form: FormData; uploaded: { images: string[]; video: string | null }; uploadError: string | null }> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.includes('multipart/form-data')) return { form: await request.formData(), uploaded: { images: [], video: null }, uploadError: null };
  const staging = await mkdtemp(path.join(tmpdir(), 'tribe-form-'));
  try {
    let form: FormData;
    try {
      form = await unstable_parseMultipartFormData(request, eventFormUploads(staging));
    } catch {
      return { form: new FormData(), uploaded: { images: [], video: null }, uploadError: 'The files are too large to upload.' };
    }
    return { form, ...(await uploadFormFiles(form, token)) };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Uploads the form's files in order; stops at the first the API refuses. */
async function uploadFormFiles(form: FormData, token: string): Promise<{ uploaded: { images: string[]; video: string | null }; uploadError: string | null }> {
  const uploaded = { images: [] as string[], video: null as string | null };
  const isFile = (value: FormDataEntryValue): value is File => typeof value !== 'string' && value.size > 0;
  for (const file of form.getAll('photo_files').filter(isFile)) {
    const result = await uploadFile(token, 'image', file);
    if (!result.ok) return { uploaded, uploadError: result.error };
    uploaded.images.push(result.value);
  }
  const video = form.get('video_file');
  if (video && isFile(video)) {
    const result = await uploadFile(token, 'video', video);
    if (!result.ok) return { uploaded, uploadError: result.error };
    uploaded.video = result.value;
  }
  return { uploaded, uploadError: null };
}

export type EventSubmission =
  | { ok: true; values: EventFormValues; body: Record<string, unknown> }
  | { ok: false; values: EventFormValues; errors: EventFormErrors };

/**
 * A create/edit submission as the API body, or the values with every error to show them again (a
 * refused file among them). `storedDate` is the start of the event being edited: kept, it may be past.
 */
export async function readEventSubmission(
  request: Request,
  token: string,
  mode: 'create' | 'edit',
  storedDate: string | null = null,
): Promise<EventSubmission> {
  const { form, uploaded, uploadError } = await readSubmittedForm(request, token);
  const values = readEventForm(form);
  values.images = [...values.images, ...uploaded.images];
  if (uploaded.video) values.video = uploaded.video;
  const body = eventFormToBody(values);
  const errors = validateEventBody(body, mode, { storedDate });
  if (uploadError) return { ok: false, values, errors: { fields: { ...errors?.fields, images: uploadError }, form: errors?.form ?? null } };
  return errors ? { ok: false, values, errors } : { ok: true, values, body };
}

/**
 * The filter form sent without JavaScript (GET to the list page): Clear reopens the sheet with
 * cleared values, Apply tidies the URL. Throws the redirect; returns when the request is a plain view.
 */
export function redirectFilterForm(url: URL, filters: EventFilters): void {
  const params = url.searchParams;
  if (params.get('intent') === 'clear') {
    const cleared = filtersToSearchParams(clearFilters(filters), params);
    cleared.set('sheet', 'filters');
    throw redirect(`${url.pathname}?${cleared.toString()}`);
  }
  if (params.has('apply') || params.has('customAgeMin') || params.has('customAgeMax')) {
    throw redirect(`${url.pathname}?${filtersToSearchParams(filters, params).toString()}`);
  }
}
