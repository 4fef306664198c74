import { AnalyticsLimits, type AnalyticsEventInput } from '../../../api/src/contracts/analytics.contract.js';
import { currentSession, EventQueue, funnelEvent, pageOfPath, recordingAllowed, sessionExpired } from './analytics';

const MINUTE = 60_000;
const event = (action: string): AnalyticsEventInput => ({
  page: 'home',
  eventType: 'page',
  action,
  timestamp: '2026-11-28T10:00:00Z',
  sessionId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  device: 'mobile',
});

describe('the analytics session (SPEC §4)', () => {
  const ids = () => {
    let made = 0;
    return () => `session-${++made}`;
  };

  it('keeps the session while the person was active within 30 minutes, and renews it after', () => {
    const newId = ids();
    const first = currentSession(null, 0, newId);
    expect(first).toEqual({ id: 'session-1', lastActiveAt: 0 });
    const stillActive = currentSession(first, 29 * MINUTE, newId);
    expect(stillActive.id).toBe('session-1');
    // Activity moves the 30 minutes on: 29 minutes after the last action is still the same session.
    expect(currentSession(stillActive, 58 * MINUTE, newId).id).toBe('session-1');
    expect(currentSession(stillActive, 59 * MINUTE, newId)).toEqual({ id: 'session-2', lastActiveAt: 59 * MINUTE });
  });

  it('the minute check ends a session 30 minutes after its last activity', () => {
    expect(AnalyticsLimits.sessionCheckMs).toBe(MINUTE);
    const session = { id: 'a', lastActiveAt: 0 };
    expect(sessionExpired(session, 29 * MINUTE)).toBe(false);
    expect(sessionExpired(session, 30 * MINUTE)).toBe(true);
    expect(sessionExpired(null, 0)).toBe(true);
  });
});

describe('batching', () => {
  it('sends at most 50 events per batch, in order, and empties the queue', () => {
    const queue = new EventQueue();
    for (let index = 0; index < 120; index += 1) queue.push(event(`a${index}`));
    const batches = queue.drain();
    expect(batches.map(({ events }) => events.length)).toEqual([50, 50, 20]);
    expect(batches[2]!.events.at(-1)!.action).toBe('a119');
    expect(queue.size).toBe(0);
    expect(queue.drain()).toEqual([]);
  });

  it('drops the oldest events of a tab that cannot send, past its bound', () => {
    const queue = new EventQueue(3);
    for (const action of ['a', 'b', 'c', 'd']) queue.push(event(action));
    expect(queue.drain()[0]!.events.map(({ action }) => action)).toEqual(['b', 'c', 'd']);
  });
});

describe('what is recorded', () => {
  it('nothing under Do Not Track or the Settings opt-out', () => {
    expect(recordingAllowed({ doNotTrack: '1', optedOut: false })).toBe(false);
    expect(recordingAllowed({ doNotTrack: null, optedOut: true })).toBe(false);
    expect(recordingAllowed({ doNotTrack: '0', optedOut: false })).toBe(true);
  });

  it('names pages with the spec’s page names', () => {
    expect(pageOfPath('/event/8d1c/')).toBe('event_detail');
    expect(pageOfPath('/event/8d1c/edit')).toBe('edit_event');
    expect(pageOfPath('/admin')).toBe('admin_dashboard');
    expect(pageOfPath('/admin/reports')).toBe('admin');
    expect(pageOfPath('/terms')).toBe('legal');
    expect(pageOfPath('/delete-account')).toBeNull();
  });

  it('records the join funnel’s steps under the keys the dashboard counts', () => {
    expect(funnelEvent('apply_opened', { eventId: 'e' })).toEqual({
      page: 'event_detail',
      eventType: 'apply',
      action: 'opened',
      payload: { eventId: 'e' },
    });
    expect(funnelEvent('paid', {})).toMatchObject({ eventType: 'payment', action: 'succeeded' });
  });
});
