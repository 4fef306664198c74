import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '~/components/events/event-bits';
import { QrScanner } from '~/components/tickets/qr-scanner';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { persistentStore } from '~/lib/client-storage';
import {
  batchItem,
  checkInOffline,
  hashToken,
  markCheckedIn,
  newOperationId,
  notTakenOnSync,
  readDoor,
  withoutSent,
  withServerTickets,
  writeDoor,
  type DoorMemory,
  type TicketShown,
} from '~/lib/door';
import { formatTime } from '~/lib/format-event';
import {
  CHECK_IN_BATCH_MAX,
  type CheckInBatchView,
  type CheckInView,
  type DoorTicketsView,
} from '../../../../api/src/contracts/tickets.contract.js';

/** The same QR code held in front of the camera is one scan, not one a frame. */
const SAME_SCAN_MS = 4_000;
/** A queue the API did not take is sent again after this long, twice as long each time it fails, up to a minute. */
const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

export type Shown = { view: CheckInView; offline: boolean } | { error: string };

const post = (body: object) =>
  fetch('/resources/check-in', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

/** The API is out of reach (no network, or the web or API says it is unavailable): the device answers. */
const unreachable = (status: number) => status === 502 || status === 503 || status === 504;

/**
 * The door: scans and typed codes are checked in through the API; offline (or when it cannot be
 * reached) they are recognised from the list kept on this device, queued, and sent as one batch
 * when the connection returns.
 */
export function CheckInDoor({
  eventId,
  server,
  answered = null,
}: {
  eventId: string;
  server: DoorTicketsView | null;
  /** What the server answered a code typed without JavaScript (the form posted to the page). */
  answered?: Shown | null;
}) {
  const [memory, setMemory] = useState<DoorMemory>({ tickets: [], queue: [] });
  const [shown, setShown] = useState<Shown | null>(answered);
  /** Check-ins this device let in offline that the API then refused: the host must hear of them. */
  const [notTaken, setNotTaken] = useState<string[]>([]);
  /** Why the API refused the waiting check-ins as a whole (the door closed, the session over). */
  const [queueRefusal, setQueueRefusal] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const memoryRef = useRef(memory);
  const flushing = useRef(false);
  const retry = useRef<{ timer?: number; delayMs: number }>({ delayMs: FIRST_RETRY_MS });
  /** The door was left: a send still under way neither writes what it knew nor sends again. */
  const stopped = useRef(false);
  const lastScan = useRef<{ text: string; at: number } | null>(null);

  const remember = useCallback(
    (next: DoorMemory) => {
      memoryRef.current = next;
      setMemory(next);
      const store = persistentStore();
      if (store) writeDoor(store, eventId, next);
    },
    [eventId],
  );

  const flush = useCallback(async (): Promise<void> => {
    const queue = memoryRef.current.queue.slice(0, CHECK_IN_BATCH_MAX);
    if (flushing.current || queue.length === 0) return;
    flushing.current = true;
    window.clearTimeout(retry.current.timer);
    // 'refused': the API said no to the whole batch (the door not open yet, the session over); the
    // queue stays for the next visit or 'online', not sent again and again.
    let outcome: 'taken' | 'unreachable' | 'refused' = 'unreachable';
    try {
      const response = await post({ eventId, items: queue.map(batchItem) });
      if (stopped.current) return;
      if (!response.ok) {
        if (!unreachable(response.status)) {
          outcome = 'refused';
          setQueueRefusal(((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? 'Check-in failed');
        }
        return;
      }
      outcome = 'taken';
      setQueueRefusal(null);
      const answer = (await response.json()) as CheckInBatchView;
      const refused = notTakenOnSync(queue, answer.results);
      if (refused.length > 0) setNotTaken((before) => [...before, ...refused]);
      let next = withoutSent(
        memoryRef.current,
        answer.results.map((result) => result.operationId),
      );
      for (const result of answer.results) next = markCheckedIn(next, result);
      remember(next);
      const list = await fetch(`/resources/check-in?eventId=${encodeURIComponent(eventId)}`);
      if (list.ok) remember(withServerTickets(memoryRef.current, ((await list.json()) as DoorTicketsView).tickets));
    } catch {
      // no connection: the queue stays, and is sent again below
    } finally {
      flushing.current = false;
      if (!stopped.current && memoryRef.current.queue.length > 0) {
        if (outcome === 'taken') {
          retry.current.delayMs = FIRST_RETRY_MS;
          void flush(); // the next batch of a long queue
        } else if (outcome === 'unreachable') {
          // Offline, or the web or the API failing: again later (and at once when the device is back online).
          retry.current.timer = window.setTimeout(() => void flush(), retry.current.delayMs);
          retry.current.delayMs = Math.min(retry.current.delayMs * 2, LAST_RETRY_MS);
        }
      }
    }
  }, [eventId, remember]);

  useEffect(() => {
    stopped.current = false;
    const store = persistentStore();
    const kept = store ? readDoor(store, eventId) : { tickets: [], queue: [] };
    remember(server ? withServerTickets(kept, server.tickets) : kept);
    if (navigator.onLine) void flush();
    const online = () => {
      retry.current.delayMs = FIRST_RETRY_MS;
      void flush();
    };
    window.addEventListener('online', online);
    const pending = retry.current;
    return () => {
      stopped.current = true;
      window.removeEventListener('online', online);
      window.clearTimeout(pending.timer);
    };
  }, [eventId, server, remember, flush]);

  async function checkIn(reference: { token: string } | { code: string }) {
    if (navigator.onLine) {
      try {
        const response = await post({ eventId, ...reference });
        if (response.ok) {
          const view = (await response.json()) as CheckInView;
          remember(markCheckedIn(memoryRef.current, view));
          setShown({ view, offline: false });
          return;
        }
        if (!unreachable(response.status)) {
          setShown({ error: ((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? 'Check-in failed' });
          return;
        }
      } catch {
        // no connection after all: the device answers
      }
    }
    const ticket: TicketShown = 'token' in reference ? { token: reference.token, tokenHash: await hashToken(reference.token) } : reference;
    const { memory: next, view } = checkInOffline(memoryRef.current, ticket, new Date(), newOperationId());
    remember(next);
    setShown({ view, offline: true });
    void flush();
  }

  function onScan(text: string) {
    const now = Date.now();
    if (lastScan.current && lastScan.current.text === text && now - lastScan.current.at < SAME_SCAN_MS) return;
    lastScan.current = { text, at: now };
    void checkIn({ token: text });
  }

  function onCode(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    void checkIn({ code: code.trim() });
    setCode('');
  }

  const checkedIn = memory.tickets.filter((ticket) => ticket.checkedInAt).length;
  return (
    <div className="space-y-5">
      <QrScanner onCode={onScan} />
      <form method="post" onSubmit={onCode} className="flex items-end gap-2">
        <div className="flex-1">
          <label htmlFor="ticket-code" className="block text-sm font-medium text-slate-800">
            Short code
          </label>
          <input
            id="ticket-code"
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="K7M-2QX"
            className={inputClasses}
          />
        </div>
        <Button type="submit">Check in</Button>
      </form>
      <ResultCard shown={shown} />
      {notTaken.length > 0 ? (
        <div
          role="alert"
          data-testid="offline-not-taken"
          className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <p className="font-semibold">
            {notTaken.length === 1 ? 'A check-in made offline was' : `${notTaken.length} check-ins made offline were`} not taken: the
            booking ended (left, refunded or cancelled) before this device was back online.
          </p>
          <p className="mt-1">
            <bdi>{notTaken.join(', ')}</bdi>
          </p>
          <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={() => setNotTaken([])}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {queueRefusal && memory.queue.length > 0 ? (
        <p role="alert" data-testid="queue-refused" className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          The check-ins waiting on this device could not be sent: {queueRefusal}
        </p>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="door-counts">
        {checkedIn} of {memory.tickets.length} checked in
        {memory.queue.length > 0 ? (
          <span data-testid="queued-count">
            {' '}
            · {memory.queue.length} check-in{memory.queue.length === 1 ? '' : 's'} waiting to be sent
          </span>
        ) : null}
      </p>
    </div>
  );
}

function ResultCard({ shown }: { shown: Shown | null }) {
  return (
    <div role="status" aria-live="polite" data-testid="check-in-result">
      {shown === null ? null : 'error' in shown ? (
        <p className="rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">{shown.error}</p>
      ) : shown.view.result === 'not_a_ticket' ? (
        <p className="rounded-2xl border border-red-200 bg-red-50 px-4 py-4 text-lg font-semibold text-red-800">
          Not a ticket for this event
        </p>
      ) : (
        <div
          className={`flex items-center gap-4 rounded-2xl border px-4 py-4 ${
            shown.view.result === 'checked_in' ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'
          }`}
        >
          <Avatar name={shown.view.attendee?.name} url={shown.view.attendee?.photoUrl} size={56} />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold text-slate-900">
              <bdi>{shown.view.attendee?.name || 'Tribe member'}</bdi>
            </p>
            <p className="text-base font-medium text-slate-800">
              {shown.view.result === 'checked_in' ? 'Checked in' : `Already checked in at ${formatTime(shown.view.checkedInAt ?? '')}`}
            </p>
            {shown.offline ? <p className="text-sm text-slate-600">Saved on this device; sent when the connection returns.</p> : null}
          </div>
        </div>
      )}
    </div>
  );
}
