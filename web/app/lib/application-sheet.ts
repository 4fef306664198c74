/**
 * The host's new-application bottom sheet as a list (SPEC §4 "Application bottom sheet"): show adds
 * an application to the pending list and opens the sheet; hide closes it; mark-seen removes one;
 * clear-all resets; everything resets on logout. The sheet shows the first application of the list.
 * A pure reducer, so the rules are unit tested; the shell holds the state.
 */

export interface SheetApplication {
  id: string;
  eventId: string;
  eventTitle: string;
  createdAt: string;
  bidAmount: number;
  message: string | null;
  fan: { id: string; name: string | null; photoUrl: string | null };
}

export interface ApplicationSheetState {
  pending: SheetApplication[];
  open: boolean;
}

export type ApplicationSheetAction =
  { type: 'show'; application: SheetApplication } | { type: 'hide' } | { type: 'markSeen'; id: string } | { type: 'clearAll' };

export const EMPTY_SHEET: ApplicationSheetState = { pending: [], open: false };

export function applicationSheetReducer(state: ApplicationSheetState, action: ApplicationSheetAction): ApplicationSheetState {
  switch (action.type) {
    case 'show': {
      const known = state.pending.some((item) => item.id === action.application.id);
      return { pending: known ? state.pending : [...state.pending, action.application], open: true };
    }
    case 'hide':
      return state.open ? { ...state, open: false } : state;
    case 'markSeen': {
      const pending = state.pending.filter((item) => item.id !== action.id);
      if (pending.length === state.pending.length) return state;
      // Nothing left to show: the sheet closes with its last application.
      return { pending, open: state.open && pending.length > 0 };
    }
    case 'clearAll':
      return EMPTY_SHEET;
  }
}

/** The application the sheet shows, or null when it is closed or has none. */
export const currentApplication = (state: ApplicationSheetState): SheetApplication | null =>
  state.open ? (state.pending[0] ?? null) : null;

/** What the sheet needs of a notification: its type, its application and whether it is read. */
export interface ApplicationNotice {
  type: string;
  applicationId: string | null;
  isRead: boolean;
}

/**
 * The applications that unread new_application notifications announce and this tab has not seen
 * yet, oldest announcement last as the notifications come (newest first).
 */
export function announcedApplicationIds(notices: readonly ApplicationNotice[], seen: ReadonlySet<string>): string[] {
  const ids: string[] = [];
  for (const notice of notices) {
    const id = notice.applicationId;
    if (notice.type === 'new_application' && !notice.isRead && id && !seen.has(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/**
 * One poll merged in: the host's applications still pending, and those the live notifications
 * announce. An announced application that is still pending is shown (oldest first); every
 * announced one counts as seen (one decided already is never shown); applications in the sheet
 * that are no longer pending (decided elsewhere) leave it. Returns the actions to apply and the
 * ids now seen.
 */
export function actionsForPoll(
  state: ApplicationSheetState,
  seen: ReadonlySet<string>,
  stillPending: readonly SheetApplication[],
  announced: readonly string[],
): { actions: ApplicationSheetAction[]; seen: Set<string> } {
  const nextSeen = new Set(seen);
  const actions: ApplicationSheetAction[] = [];
  const pendingIds = new Set(stillPending.map((item) => item.id));
  for (const item of state.pending) {
    if (!pendingIds.has(item.id)) actions.push({ type: 'markSeen', id: item.id });
  }
  const fresh = stillPending.filter((item) => announced.includes(item.id) && !nextSeen.has(item.id));
  fresh.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  for (const item of fresh) actions.push({ type: 'show', application: item });
  for (const id of announced) nextSeen.add(id);
  return { actions, seen: nextSeen };
}

/** Where the ids already shown this session are kept (sessionStorage), per signed-in person. */
export const SEEN_APPLICATIONS_KEY_PREFIX = 'tribe:seen-applications:';

/** Reads a stored list of seen ids; anything unreadable is an empty set. */
export function parseSeen(raw: string | null): Set<string> {
  if (!raw) return new Set();
  try {
    const value: unknown = JSON.parse(raw);
    return new Set(Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    return new Set();
  }
}

/** The most ids kept: the newest, enough for any host's pending list. */
export const MAX_SEEN = 500;

export function serialiseSeen(seen: ReadonlySet<string>): string {
  return JSON.stringify([...seen].slice(-MAX_SEEN));
}

/** Forgets every person's seen ids (logout). */
export function clearSeenApplications(store: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(SEEN_APPLICATIONS_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
}
