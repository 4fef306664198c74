import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { currentSubscription, pushSupported, subscribe } from '~/lib/browser-push';
import { cn } from '~/lib/cn';
import { NOTIFICATION_TYPE_LABELS, type NotificationType } from '~/lib/notifications';

type SwitchState = 'checking' | 'unsupported' | 'not-set-up' | 'denied' | 'off' | 'on';

const EXPLAINED: Partial<Record<SwitchState, string>> = {
  unsupported: 'This browser cannot show notifications from Tribe. Try a recent Chrome, Edge, Firefox or Safari.',
  'not-set-up': 'Browser notifications are not set up on this Tribe server yet.',
  denied: "Notifications from Tribe are blocked in this browser. Allow them in the browser's site settings, then turn this on.",
};

const RESOURCE = '/resources/notifications';

async function sendDevice(fields: Record<string, string>): Promise<string | null> {
  try {
    const response = await fetch(RESOURCE, { method: 'POST', headers: { Accept: 'application/json' }, body: new URLSearchParams(fields) });
    if (response.ok) return null;
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return body.error ?? 'Something went wrong. Please try again.';
  } catch {
    return 'Tribe is not reachable right now. Please try again in a moment.';
  }
}

/**
 * "Browser notifications": on asks the browser's permission, subscribes this browser with the
 * server's VAPID key and registers the subscription (POST /notifications/devices through
 * /resources/notifications); off unsubscribes and removes it. Whether it is on is read from the
 * browser's own subscription, so it is never stale after a logout. It says why it cannot be
 * turned on: an unsupported browser, blocked permission, or a server without Web Push (`null` key).
 */
export function BrowserNotificationsSwitch({
  webPushPublicKey,
  configError,
}: {
  webPushPublicKey: string | null;
  configError: string | null;
}) {
  const [state, setState] = useState<SwitchState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const detailId = useId();

  useEffect(() => {
    let cancelled = false;
    const settle = (next: SwitchState) => !cancelled && setState(next);
    if (!pushSupported()) settle('unsupported');
    else if (!webPushPublicKey) settle('not-set-up');
    else if (Notification.permission === 'denied') settle('denied');
    else
      void currentSubscription()
        .then((subscription) => settle(subscription ? 'on' : 'off'))
        .catch(() => settle('off'));
    return () => {
      cancelled = true;
    };
  }, [webPushPublicKey]);

  const turnOn = async (key: string) => {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      setState(permission === 'denied' ? 'denied' : 'off');
      if (permission !== 'denied') setError('Tribe needs your permission to show notifications.');
      return;
    }
    const subscription = await subscribe(key);
    const refused = await sendDevice({ intent: 'subscribe', subscription: JSON.stringify(subscription.toJSON()) });
    if (refused) {
      await subscription.unsubscribe();
      setError(refused);
      return;
    }
    setState('on');
  };

  const turnOff = async () => {
    const subscription = await currentSubscription();
    if (subscription) {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      const refused = await sendDevice({ intent: 'unsubscribe', endpoint });
      if (refused) setError(refused);
    }
    setState('off');
  };

  const toggle = async () => {
    if (busy || !webPushPublicKey) return;
    setBusy(true);
    setError(null);
    try {
      if (state === 'on') await turnOff();
      else await turnOn(webPushPublicKey);
    } catch {
      setError(
        state === 'on'
          ? 'Could not turn off browser notifications. Please try again.'
          : 'This browser could not subscribe to notifications. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  const explanation = configError && state !== 'unsupported' ? configError : EXPLAINED[state];

  return (
    <div className="space-y-3 p-4" data-testid="browser-notifications">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <p id={labelId} className="text-[15px] font-medium text-slate-900">
            Browser notifications
          </p>
          <p id={detailId} className="mt-0.5 text-sm text-slate-600">
            {state === 'checking'
              ? 'Checking this browser...'
              : on
                ? 'On: this browser shows Tribe notifications, even when Tribe is closed.'
                : 'Get new applications, decisions and event news on this device.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={detailId}
          disabled={!usable || busy}
          onClick={() => void toggle()}
          className={cn(
            'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-55',
            on ? 'bg-brand-600' : 'bg-slate-400',
          )}
        >
          <span
            className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', on ? 'translate-x-6' : 'translate-x-1')}
          />
        </button>
      </div>
      <noscript>
        <p className="text-sm text-slate-600">Turning on browser notifications needs JavaScript.</p>
      </noscript>
      {explanation ? (
        <Alert tone="info" className="text-sm">
          {explanation}
        </Alert>
      ) : null}
      {error ? <Alert className="text-sm">{error}</Alert> : null}
    </div>
  );
}

/** Admin announcements and news, apart from what happens to one's own events and applications. */
const FROM_TRIBE = new Set<NotificationType>(['admin_announcement', 'platform_update', 'city_specific', 'event_promotion']);

/** What only admins are told: nobody else is offered a setting for it. */
const ADMINS_ONLY = new Set<NotificationType>(['refund_needs_admin']);

/**
 * Push per type: a checkbox per notification type, ticked when it is pushed (PUT
 * /notifications/preferences through the settings action; a plain form, so it works without
 * JavaScript). Muted types still arrive in the inbox.
 */
export function PushPreferencesForm({ muted, admin }: { muted: readonly NotificationType[]; admin: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'preferences';
  // In the order the labels are listed: a host's, then a fan's, then Tribe's own.
  const all = Object.keys(NOTIFICATION_TYPE_LABELS) as NotificationType[];
  const types = all.filter((type) => admin || !ADMINS_ONLY.has(type));
  // A type not offered keeps its setting: the form says every pushed type, and the rest are muted.
  const keptPushed = all.filter((type) => !types.includes(type) && !muted.includes(type));
  const groups = [
    { legend: 'Your events and applications', types: types.filter((type) => !FROM_TRIBE.has(type)) },
    { legend: 'From Tribe', types: types.filter((type) => FROM_TRIBE.has(type)) },
  ];
  return (
    <Form method="post" preventScrollReset className="space-y-4 p-4" aria-label="Push notifications by type">
      <input type="hidden" name="intent" value="preferences" />
      {keptPushed.map((type) => (
        <input key={type} type="hidden" name="push" value={type} />
      ))}
      <p className="text-sm text-slate-600">
        Choose what is pushed to your phone and browser. Muted types still appear in your{' '}
        <a href="/notifications" className="font-medium text-brand-700 underline underline-offset-2">
          notifications
        </a>
        .
      </p>
      {groups.map((group) => (
        <fieldset key={group.legend} className="space-y-1">
          <legend className="mb-1 text-sm font-semibold text-slate-900">{group.legend}</legend>
          {group.types.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-[15px] text-slate-800 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                name="push"
                value={type}
                defaultChecked={!muted.includes(type)}
                className="size-5 shrink-0 cursor-pointer rounded-md border-slate-300 accent-brand-600"
              />
              {NOTIFICATION_TYPE_LABELS[type]}
            </label>
          ))}
        </fieldset>
      ))}
      <Button type="submit" loading={saving}>
        Save preferences
      </Button>
    </Form>
  );
}
