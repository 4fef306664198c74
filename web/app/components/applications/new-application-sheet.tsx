import { Link, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNow } from '~/components/events/event-bits';
import { Button } from '~/components/ui/button';
import { Sheet } from '~/components/ui/sheet';
import { useToast } from '~/components/ui/toast';
import { useLiveNotifications } from '~/components/notifications/live-notifications';
import {
  actionsForPoll,
  announcedApplicationIds,
  applicationSheetReducer,
  currentApplication,
  EMPTY_SHEET,
  parseSeen,
  SEEN_APPLICATIONS_KEY_PREFIX,
  serialiseSeen,
  type SheetApplication,
} from '~/lib/application-sheet';
import { formatRelativeTime } from '~/lib/applications';
import { scrollMemoryStore } from '~/lib/client-storage';
import { formatRupees } from '~/lib/format-event';
import { Messages } from '../../../../api/src/contracts/messages.js';
import type { ToastMessage } from '~/lib/toast';
import { ApplicantLine } from './application-row';

const RESOURCE = '/resources/applications';

type Decision = 'accept' | 'reject';

/**
 * The host's new-application bottom sheet (SPEC §2 Other screens, §4), opened by a live
 * notification: when the shell's notification poll brings an unread new_application notification
 * this tab has not seen, the host's pending applications are read (for the fan, the bid and the
 * message) and the sheet opens with the event's title, the fan, their bid and message, and Accept,
 * Reject and "Review Later" (which only closes it). While the sheet holds applications they are
 * read again at each poll, so one decided elsewhere leaves it. Seen application ids are kept in
 * sessionStorage per person and cleared at logout with the rest of the browser's memory; the list
 * itself lives in the shell, which logout leaves, so it resets too. Give it `key={userId}`.
 */
export function NewApplicationSheet({ userId }: { userId: string }) {
  const [state, dispatch] = useReducer(applicationSheetReducer, EMPTY_SHEET);
  const stateRef = useRef(state);
  stateRef.current = state;
  const toast = useToast();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [busy, setBusy] = useState<Decision | null>(null);
  const now = useNow(Date.now());
  const { latest, polls } = useLiveNotifications();
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (polls === 0) return;
    const store = scrollMemoryStore();
    const key = `${SEEN_APPLICATIONS_KEY_PREFIX}${userId}`;
    seen.current ??= parseSeen(readStore(store, key));
    const announced = announcedApplicationIds(latest, seen.current);
    if (announced.length === 0 && stateRef.current.pending.length === 0) return;

    const controller = new AbortController();
    const merge = async () => {
      try {
        const response = await fetch(RESOURCE, { headers: { Accept: 'application/json' }, signal: controller.signal });
        if (!response.ok) return;
        const body = (await response.json()) as { applications?: SheetApplication[] };
        if (controller.signal.aborted || !Array.isArray(body.applications)) return;
        const merged = actionsForPoll(stateRef.current, seen.current ?? new Set(), body.applications, announced);
        seen.current = merged.seen;
        writeStore(store, key, serialiseSeen(merged.seen));
        merged.actions.forEach(dispatch);
      } catch {
        // Offline or aborted: the next poll tries again (what was announced is not yet seen).
      }
    };
    void merge();
    return () => controller.abort();
    // Each poll answer brings a new `latest`: one merge per answer.
  }, [latest, polls, userId]);

  const application = currentApplication(state);

  const decide = useCallback(
    async (target: SheetApplication, decision: Decision) => {
      setBusy(decision);
      let result: { ok?: boolean; status?: number; toast?: ToastMessage } = {};
      try {
        const response = await fetch(RESOURCE, {
          method: 'POST',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams({ intent: decision, applicationId: target.id }),
        });
        result = (await response.json().catch(() => ({}))) as typeof result;
        result.status ??= response.status;
      } catch {
        result = {};
      }
      setBusy(null);
      const failed = decision === 'accept' ? Messages.applications.acceptFailed : Messages.applications.rejectFailed;
      toast.show(result.toast ?? { kind: 'error', message: failed });
      // Done, or decided already elsewhere (409): either way it leaves the list; pages showing it read again.
      if (result.ok || result.status === 409) {
        dispatch({ type: 'markSeen', id: target.id });
        revalidate.current();
      }
    },
    [toast],
  );

  const hide = useCallback(() => {
    if (!busy) dispatch({ type: 'hide' });
  }, [busy]);

  return (
    <Sheet
      open={application !== null}
      onClose={hide}
      title="New application"
      description={application ? <bdi>{application.eventTitle}</bdi> : null}
    >
      {application ? (
        <div className="space-y-4 text-left" data-testid="new-application-sheet" data-application-id={application.id}>
          <ApplicantLine application={application} />
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{application.bidAmount > 0 ? formatRupees(application.bidAmount) : 'Free'}</span>
            <span className="text-slate-500"> · {formatRelativeTime(application.createdAt, now)}</span>
          </p>
          {application.message ? (
            <p dir="auto" className="max-h-40 overflow-y-auto rounded-xl bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-700">
              {application.message}
            </p>
          ) : null}
          {state.pending.length > 1 ? (
            <p className="text-xs text-slate-500">
              1 of {state.pending.length} new applications ·{' '}
              <Link to="/manage-application" onClick={hide} className="font-medium text-brand-700 underline underline-offset-2">
                See all
              </Link>
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <Button size="lg" disabled={busy !== null} onClick={() => void decide(application, 'accept')} data-autofocus>
              {busy === 'accept' ? 'Processing...' : 'Accept'}
            </Button>
            <Button size="lg" variant="outline" disabled={busy !== null} onClick={() => void decide(application, 'reject')}>
              {busy === 'reject' ? 'Processing...' : 'Reject'}
            </Button>
          </div>
          <Button variant="ghost" size="lg" fullWidth disabled={busy !== null} onClick={hide}>
            Review Later
          </Button>
        </div>
      ) : null}
    </Sheet>
  );
}

function readStore(store: Storage | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStore(store: Storage | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    // storage full or blocked: the ids are still remembered until the page reloads
  }
}
