import { Form, useNavigation } from '@remix-run/react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { formatDay, formatTime } from '~/lib/format-event';
import type { MyWaitlistView } from '../../../../api/src/contracts/waitlist.contract.js';

export const WAITLIST_INTENTS = { join: 'waitlist_join', leave: 'waitlist_leave' } as const;

type Entry = NonNullable<MyWaitlistView['entry']>;

/** "7:30 PM, Sat, 27 Dec 2025" in India time: when an offer ends. */
export const offerEndsAt = (iso: string) => `${formatTime(iso)}, ${formatDay(iso)}`;

function IntentButton({ intent, label, variant }: { intent: string; label: string; variant: 'primary' | 'outline' }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} size={variant === 'primary' ? 'lg' : 'md'} fullWidth={variant === 'primary'} loading={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** A full event: no payment to join its waitlist, and a seat is offered in turn. */
export function WaitlistJoin({ waiting }: { waiting: number }) {
  return (
    <section aria-labelledby="waitlist-title" className="mt-4 space-y-3" data-testid="waitlist-join">
      <h2 id="waitlist-title" className="text-sm font-semibold text-slate-900">
        This event is full
      </h2>
      <p className="text-sm text-slate-600">
        Join the waitlist: nothing to pay now. When a seat frees, the first in line is offered it for a limited time.
        {waiting > 0 ? ` ${waiting} ${waiting === 1 ? 'person is' : 'people are'} waiting.` : ''}
      </p>
      <IntentButton intent={WAITLIST_INTENTS.join} label="Join waitlist" variant="primary" />
    </section>
  );
}

/** On the list: the fan's place, and the way off it. */
export function WaitlistStanding({ entry }: { entry: Entry }) {
  return (
    <section
      aria-labelledby="waitlist-place"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white px-4 py-3.5"
      data-testid="waitlist-standing"
    >
      <div>
        <h2 id="waitlist-place" className="text-sm font-semibold text-slate-900">
          You&apos;re #{entry.position} on the waitlist
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">We&apos;ll tell you when a seat is yours.</p>
      </div>
      <IntentButton intent={WAITLIST_INTENTS.leave} label="Leave waitlist" variant="outline" />
    </section>
  );
}

/** A seat held for the fan: pay with the usual join button below before the offer ends, or decline it. */
export function WaitlistOffer({ entry }: { entry: Entry }) {
  return (
    <Alert tone="success" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="waitlist-offer">
        <p className="font-semibold">A seat is yours until {entry.offerExpiresAt ? offerEndsAt(entry.offerExpiresAt) : 'soon'}</p>
        <IntentButton intent={WAITLIST_INTENTS.leave} label="Decline" variant="outline" />
      </div>
    </Alert>
  );
}
