import {
  actionsForPoll,
  announcedApplicationIds,
  clearSeenApplications,
  applicationSheetReducer,
  currentApplication,
  EMPTY_SHEET,
  parseSeen,
  serialiseSeen,
  type ApplicationSheetState,
  type SheetApplication,
} from './application-sheet';

const application = (id: string, minutesAgo = 0): SheetApplication => ({
  id,
  eventId: 'event-1',
  eventTitle: 'Sunset walk',
  createdAt: new Date(Date.parse('2026-03-10T12:00:00Z') - minutesAgo * 60_000).toISOString(),
  bidAmount: 500,
  message: null,
  fan: { id: `fan-${id}`, name: 'Asha', photoUrl: null },
});

const run = (state: ApplicationSheetState, ...actions: Parameters<typeof applicationSheetReducer>[1][]) =>
  actions.reduce(applicationSheetReducer, state);

describe('the new-application sheet (SPEC §4)', () => {
  it('show adds to the pending list and opens; the sheet shows the first', () => {
    const state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'show', application: application('b') });
    expect(state.pending.map((item) => item.id)).toEqual(['a', 'b']);
    expect(state.open).toBe(true);
    expect(currentApplication(state)?.id).toBe('a');
  });

  it('showing one already listed does not add it twice', () => {
    const state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'show', application: application('a') });
    expect(state.pending).toHaveLength(1);
  });

  it('hide closes and keeps the list ("Review Later")', () => {
    const state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'hide' });
    expect(state.open).toBe(false);
    expect(state.pending.map((item) => item.id)).toEqual(['a']);
    expect(currentApplication(state)).toBeNull();
  });

  it('mark-seen removes one; the next shows, and the sheet closes with the last', () => {
    let state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'show', application: application('b') });
    state = run(state, { type: 'markSeen', id: 'a' });
    expect(currentApplication(state)?.id).toBe('b');
    state = run(state, { type: 'markSeen', id: 'b' });
    expect(state).toEqual({ pending: [], open: false });
    expect(run(state, { type: 'markSeen', id: 'nope' })).toBe(state);
  });

  it('clear-all resets', () => {
    const state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'clearAll' });
    expect(state).toEqual(EMPTY_SHEET);
  });
});

describe('merging a poll', () => {
  const notice = (applicationId: string | null, type = 'new_application', isRead = false) => ({ type, applicationId, isRead });

  it('announces the applications of unread new_application notifications not seen yet, once each', () => {
    const notices = [
      notice('a'),
      notice('b', 'new_application', true),
      notice('c', 'bid_placed'),
      notice(null),
      notice('seen'),
      notice('a'),
      notice('d'),
    ];
    expect(announcedApplicationIds(notices, new Set(['seen']))).toEqual(['a', 'd']);
  });

  it('shows the announced ones still pending, oldest first, and remembers every announced one', () => {
    const { actions, seen } = actionsForPoll(
      EMPTY_SHEET,
      new Set(['old']),
      [application('new', 1), application('old', 5), application('older', 9), application('quiet', 3)],
      ['new', 'older', 'decided'],
    );
    expect(actions).toEqual([
      { type: 'show', application: application('older', 9) },
      { type: 'show', application: application('new', 1) },
    ]);
    // "quiet" is pending but no notification announced it (read already): it does not pop up.
    expect([...seen].sort()).toEqual(['decided', 'new', 'old', 'older']);
  });

  it('drops listed applications that are no longer pending', () => {
    const state = run(EMPTY_SHEET, { type: 'show', application: application('a') }, { type: 'show', application: application('b') });
    const { actions } = actionsForPoll(state, new Set(['a', 'b']), [application('b')], []);
    expect(actions).toEqual([{ type: 'markSeen', id: 'a' }]);
  });

  it('stores the seen ids, reading anything broken as none', () => {
    expect([...parseSeen(serialiseSeen(new Set(['a', 'b'])))]).toEqual(['a', 'b']);
    expect(parseSeen(null).size).toBe(0);
    expect(parseSeen('{not json').size).toBe(0);
    expect([...parseSeen('["a", 3, null]')]).toEqual(['a']);
  });
});

describe('logout', () => {
  it('forgets the seen ids of every person, and nothing else', () => {
    const data = new Map<string, string>([
      ['tribe:seen-applications:u1', '["a"]'],
      ['tribe:seen-applications:u2', '["b"]'],
      ['tribe:scroll:/home', '120'],
    ]);
    const store = {
      get length() {
        return data.size;
      },
      key: (index: number) => [...data.keys()][index] ?? null,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
      clear: () => data.clear(),
    } as Storage;
    clearSeenApplications(store);
    expect([...data.keys()]).toEqual(['tribe:scroll:/home']);
  });
});
