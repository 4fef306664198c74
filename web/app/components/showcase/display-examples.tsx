import { useSearchParams } from '@remix-run/react';
import { useRef, useState, type ComponentType, type ReactNode } from 'react';
import { EmptyState } from '~/components/ui/empty-state';
import { StatusBadge } from '~/components/applications/status-badge';
import { VerifiedBadge } from '~/components/profile/verified-badge';
import { Button, ButtonLink } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import * as Icons from '~/components/ui/icons';
import { FeedEnd, useLoadMore, type LoadMore } from '~/components/ui/load-more';
import { Logo } from '~/components/ui/logo';
import { SegmentedTabs } from '~/components/ui/segmented-tabs';
import { applicationStatusBadge, transactionStatusBadge } from '~/lib/applications';
import { APPLICATION_STATUSES } from '../../../../api/src/contracts/applications.contract.js';
import { TRANSACTION_STATUSES } from '../../../../api/src/contracts/payments.contract.js';
import { Example } from './showcase-section';

export function CardExamples() {
  return (
    <Example label="Plain, with actions, as a list" layout="grid">
      <Card className="p-4">
        <p className="font-semibold text-slate-900">Sunday supper club</p>
        <p className="mt-1 text-sm text-slate-600">Koramangala, Bengaluru · ₹1,200</p>
      </Card>
      <Card className="p-4">
        <p className="font-semibold text-slate-900">Payment profile</p>
        <p className="mt-1 text-sm text-slate-600">Needed before your first payout.</p>
        <div className="mt-4 flex gap-2">
          <Button size="sm">Set it up</Button>
          <Button size="sm" variant="ghost">
            Later
          </Button>
        </div>
      </Card>
      <Card className="divide-y divide-slate-100 sm:col-span-2">
        {['Ananya Rao', 'Farhan Qureshi', 'Riya Kulkarni'].map((name) => (
          <p key={name} className="px-4 py-3 text-sm text-slate-800">
            {name}
          </p>
        ))}
      </Card>
    </Example>
  );
}

export function BadgeExamples() {
  return (
    <>
      <Example label="Application status">
        {APPLICATION_STATUSES.map((status) => (
          <StatusBadge key={status} status={applicationStatusBadge(status)} />
        ))}
      </Example>
      <Example label="Transaction status">
        {TRANSACTION_STATUSES.map((status) => (
          <StatusBadge key={status} status={transactionStatusBadge(status)} />
        ))}
        <StatusBadge status={transactionStatusBadge('pending', 'created')} />
      </Example>
      <Example label="Verified host: the mark alone, and with its word">
        <VerifiedBadge size={20} />
        <VerifiedBadge withLabel />
      </Example>
    </>
  );
}

export function EmptyStateExamples() {
  return (
    <Example label="Without and with an action" layout="grid">
      <EmptyState title="No applications yet" detail="When fans apply to this event, they show up here." />
      <EmptyState
        title="No events yet"
        detail="Host your first event and it shows up here."
        action={
          <ButtonLink to="#empty-states" size="sm">
            Create event
          </ButtonLink>
        }
      />
    </Example>
  );
}

const TABS = [
  { key: 'upcoming', label: 'Upcoming', to: '?tab=upcoming#tabs' },
  { key: 'past', label: 'Past', to: '?tab=past#tabs' },
  { key: 'drafts', label: 'Drafts', to: '?tab=drafts#tabs' },
] as const;

export function SegmentedTabsExamples() {
  const [searchParams] = useSearchParams();
  const current = TABS.find((tab) => tab.key === searchParams.get('tab'))?.key ?? 'upcoming';
  return (
    <Example label="Live: each tab is a link (?tab=), the current one marked" layout="stack">
      <SegmentedTabs label="Example tabs" tabs={TABS} current={current} testIdPrefix="showcase-tab" className="max-w-md" />
      <p className="mt-3 text-sm text-slate-600">Showing the {current} tab.</p>
    </Example>
  );
}

const FAILURE = 'Failed to load more events';

/** A FeedEnd frozen in one state. */
const frozen = (state: Partial<LoadMore>): LoadMore => ({
  loading: false,
  failed: false,
  failure: FAILURE,
  loadMore: async () => {},
  ...state,
});

export function LoadMoreExamples() {
  return (
    <>
      <LiveFeed />
      <Example label="Loading" layout="stack">
        <FeedEnd more={frozen({ loading: true })} loadingText="Loading more events…" moreHref="?page=2" />
      </Example>
      <Example label="Failed, with Retry" layout="stack">
        <FeedEnd more={frozen({ failed: true })} loadingText="Loading more events…" moreHref="?page=2" />
      </Example>
      <Example label="At the end" layout="stack">
        <FeedEnd more={frozen({})} loadingText="Loading more events…" moreHref={null} done="You're all caught up." />
      </Example>
    </>
  );
}

interface DemoPage {
  items: string[];
  next: string | null;
}

const DEMO_PAGES: Record<string, DemoPage> = {
  '2': { items: ['Monsoon trek to Rajmachi', 'Pottery evening'], next: '3' },
  '3': { items: ['Jazz on the terrace', 'Board games night'], next: null },
};

/** A list that grows as it nears the screen; its reads can be made to fail to show the failure and Retry. */
function LiveFeed() {
  const [items, setItems] = useState(['Sunday supper club', 'Startup founders meetup']);
  const [next, setNext] = useState<string | null>('2');
  const [failNext, setFailNext] = useState(false);
  const failing = useRef(failNext);
  failing.current = failNext;
  const more = useLoadMore<DemoPage>({
    next,
    read: (page) =>
      new Promise((resolve) => {
        window.setTimeout(() => resolve(failing.current ? null : (DEMO_PAGES[page] ?? null)), 700);
      }),
    onPage: (page) => {
      setItems((shown) => [...shown, ...page.items]);
      setNext(page.next);
    },
    failure: FAILURE,
  });
  return (
    <Example label="Live: loads as it comes near the screen" layout="stack">
      <Checkbox label="Make the reads fail" checked={failNext} onChange={(event) => setFailNext(event.target.checked)} />
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {items.map((item) => (
          <li key={item} className="px-4 py-2.5 text-sm text-slate-800">
            {item}
          </li>
        ))}
      </ul>
      <FeedEnd
        more={more}
        loadingText="Loading more events…"
        moreHref={next === null ? null : `?page=${next}`}
        done="You're all caught up."
      />
    </Example>
  );
}

type AnyIcon = ComponentType<{ size?: number }>;
const { TicksIcon, ...plainIcons } = Icons;
const ICONS = Object.entries(plainIcons as Record<string, AnyIcon>);

export function IconExamples() {
  return (
    <>
      <Example label={`All ${ICONS.length + 1} icons (decorative: hidden from screen readers)`} layout="tiles">
        {ICONS.map(([name, Icon]) => (
          <IconTile key={name} name={name}>
            <Icon size={22} />
          </IconTile>
        ))}
        <IconTile name="TicksIcon">
          <TicksIcon double={false} />
          <TicksIcon double />
        </IconTile>
      </Example>
      <Example label="Sizes 16, 20, 24, 32">
        {[16, 20, 24, 32].map((size) => (
          <Icons.HomeIcon key={size} size={size} />
        ))}
      </Example>
    </>
  );
}

function IconTile({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-slate-700">
      {children}
      <span className="truncate font-mono text-xs text-slate-600">{name.replace(/Icon$/, '')}</span>
    </div>
  );
}

export function LogoExamples() {
  return (
    <Example label="With its name, and the mark alone">
      <Logo />
      <Logo showName={false} />
    </Example>
  );
}
