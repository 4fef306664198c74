import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Section } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { CALENDAR_FEED_INTENTS } from '~/lib/calendar';
import type { CalendarFeedView } from '../../../../api/src/contracts/calendar.contract.js';

const INTENTS = CALENDAR_FEED_INTENTS;

interface Props {
  /** Null when the API could not say. */
  feed: CalendarFeedView | null;
  /** The link just made: shown this once (only its hash is kept). */
  links: { https: string; webcal: string } | null;
  error: string | null;
}

/**
 * /settings' "Calendar feed": a secret link that calendar apps subscribe to, listing the person's
 * upcoming bookings and hosted events. Made (or replaced) and turned off here.
 */
export function CalendarFeedSection({ feed, links, error }: Props) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get('intent');
  const [copied, setCopied] = useState(false);
  const active = links !== null || feed?.active === true;

  const copy = async () => {
    if (!links) return;
    try {
      await navigator.clipboard.writeText(links.https);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Section title="Calendar feed">
      <div className="space-y-3 p-4" aria-labelledby="calendar-feed-heading">
        <h3 id="calendar-feed-heading" className="text-[15px] font-semibold text-slate-900">
          Your events in your calendar app
        </h3>
        <p className="text-sm text-slate-600">
          A private link your calendar app checks every hour: your confirmed bookings and the events you host, with changes and
          cancellations. Anyone with the link can see these events, so keep it to yourself.
        </p>
        {links ? (
          <div className="space-y-2">
            <label htmlFor="calendar-feed-link" className="block text-sm font-medium text-slate-800">
              Your feed link (shown only now)
            </label>
            <input
              id="calendar-feed-link"
              readOnly
              value={links.https}
              onFocus={(event) => event.currentTarget.select()}
              className="w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800"
            />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
              <a href={links.webcal} className={buttonClasses('primary', 'sm')}>
                Subscribe in calendar app
              </a>
            </div>
            <p role="status" className="sr-only">
              {copied ? 'Link copied' : ''}
            </p>
          </div>
        ) : active ? (
          <p className="text-sm text-slate-700">
            Your feed is on
            {feed?.created_at ? ` since ${new Date(feed.created_at).toLocaleDateString('en-IN', { dateStyle: 'medium' })}` : ''}. Its link
            was shown once, when it was made: to see a link again, make a new one (the old one stops working).
          </p>
        ) : null}
        {error ? <Alert>{error}</Alert> : null}
        {feed === null && !links ? <Alert>Could not read your calendar feed. Please try again.</Alert> : null}
        <Form method="post" className="flex flex-wrap gap-2">
          <Button
            type="submit"
            name="intent"
            value={INTENTS.create}
            variant={active ? 'outline' : 'primary'}
            size="sm"
            loading={busy === INTENTS.create}
          >
            {active ? 'Make a new link' : 'Create calendar feed'}
          </Button>
          {active ? (
            <Button type="submit" name="intent" value={INTENTS.revoke} variant="danger" size="sm" loading={busy === INTENTS.revoke}>
              Turn off feed
            </Button>
          ) : null}
        </Form>
      </div>
    </Section>
  );
}
