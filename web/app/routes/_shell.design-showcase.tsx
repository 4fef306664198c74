import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { AlertExamples, ButtonExamples, CONFIRM_INTENT, SheetExamples, ToastExamples } from '~/components/showcase/action-examples';
import { BreakpointExamples } from '~/components/showcase/breakpoints';
import {
  BadgeExamples,
  CardExamples,
  EmptyStateExamples,
  IconExamples,
  LoadMoreExamples,
  LogoExamples,
  SegmentedTabsExamples,
} from '~/components/showcase/display-examples';
import {
  CheckboxExamples,
  CountedTextareaExamples,
  FieldExamples,
  ReportFormExamples,
  type ShowcaseReportAnswer,
} from '~/components/showcase/form-examples';
import { ShowcaseContents, ShowcaseSection, type ShowcaseEntry } from '~/components/showcase/showcase-section';
import { requireUser } from '~/lib/auth.server';
import { readReportForm } from '~/lib/report-form';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import { CommunityLimits } from '../../../api/src/contracts/community.contract.js';
import { contentReportInputSchema } from '../../../api/src/contracts/community.schemas.js';

export const meta: MetaFunction = () => [{ title: 'Design showcase · Tribe' }];
export const handle: ShellHandle = { title: 'Design showcase' };

/** SPEC §2 lists /design-showcase among the signed-in pages inside the shell. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

/**
 * The live examples that post (the confirm step, the report form) reach this action, which checks
 * what a real page would and changes nothing: a refused report comes back with its errors, the rest
 * with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  if (form.get('intent') === CONFIRM_INTENT) {
    return backWithToast(request, 'sheets', 'Confirmed. Nothing was deleted: this is the showcase.');
  }
  const input = readReportForm(form, contentReportInputSchema, CommunityLimits.reportDetailsMax);
  if (!input.ok) return data<ShowcaseReportAnswer>({ fieldErrors: input.fieldErrors }, 400);
  return backWithToast(request, 'report-form', 'The report form took it. Nothing was sent: this is the showcase.');
}

async function backWithToast(request: Request, section: string, message: string) {
  const cookie = await flashToast(request, { kind: 'success', message });
  return redirect(`/design-showcase#${section}`, { headers: { 'Set-Cookie': cookie } });
}

const ENTRIES: readonly ShowcaseEntry[] = [
  {
    id: 'breakpoints',
    title: 'Breakpoints',
    source: 'layout/ and ui/ (Tailwind sm, md, lg)',
    intro: 'The spec’s three breakpoints, which one this window is in, and what changes at each.',
    Examples: BreakpointExamples,
  },
  {
    id: 'buttons',
    title: 'Buttons',
    source: 'ui/button.tsx',
    intro: 'Five variants in three sizes, disabled and loading; a link can look like a button.',
    Examples: ButtonExamples,
  },
  {
    id: 'alerts',
    title: 'Alerts',
    source: 'ui/alert.tsx',
    intro: 'Inline messages. Errors are announced as alerts, the others as status.',
    Examples: AlertExamples,
  },
  {
    id: 'toasts',
    title: 'Toasts',
    source: 'ui/toast.tsx',
    intro: 'Short-lived messages at the top: one at a time, a new one replaces the last, each gone after 4 seconds.',
    Examples: ToastExamples,
  },
  {
    id: 'sheets',
    title: 'Sheets and dialogs',
    source: 'ui/sheet.tsx, ui/confirm-step.tsx',
    intro: 'Sheets hold the focus while open and give it back on close. A confirm step asks before anything is destroyed.',
    Examples: SheetExamples,
  },
  {
    id: 'fields',
    title: 'Fields',
    source: 'ui/field.tsx',
    intro: 'A label above, the control, then its error and hint, both tied to the control for screen readers.',
    Examples: FieldExamples,
  },
  {
    id: 'checkboxes',
    title: 'Checkboxes',
    source: 'ui/checkbox.tsx',
    intro: 'Unchecked, checked, refused and disabled.',
    Examples: CheckboxExamples,
  },
  {
    id: 'counted-textarea',
    title: 'Counted text box',
    source: 'ui/counted-textarea.tsx',
    intro: 'Counts as the API does (trimmed, emoji as two) and turns red past its limit.',
    Examples: CountedTextareaExamples,
  },
  {
    id: 'report-form',
    title: 'Report form',
    source: 'ui/report-form.tsx, ui/use-focus-first-error.ts',
    intro: 'Works without JavaScript; after a refused submission the focus goes to the first problem.',
    Examples: ReportFormExamples,
  },
  {
    id: 'cards',
    title: 'Cards',
    source: 'ui/card.tsx',
    intro: 'The white rounded surface most content sits on.',
    Examples: CardExamples,
  },
  {
    id: 'badges',
    title: 'Badges',
    source: 'applications/status-badge.tsx, profile/verified-badge.tsx',
    intro: 'Status pills for applications and transactions, and the verified host’s mark.',
    Examples: BadgeExamples,
  },
  {
    id: 'empty-states',
    title: 'Empty states',
    source: 'applications/event-applications-page.tsx (EmptyState)',
    intro: 'What a list says when it has nothing yet, with the next step where there is one.',
    Examples: EmptyStateExamples,
  },
  {
    id: 'tabs',
    title: 'Segmented tabs',
    source: 'ui/segmented-tabs.tsx',
    intro: 'A page’s tabs as one switch; each tab is a link, so it works without JavaScript.',
    Examples: SegmentedTabsExamples,
  },
  {
    id: 'load-more',
    title: 'Load more',
    source: 'ui/load-more.tsx',
    intro: 'The end of a list that grows by itself: loading, failed with Retry, a Load more link, or done.',
    Examples: LoadMoreExamples,
  },
  {
    id: 'icons',
    title: 'Icons',
    source: 'ui/icons.tsx',
    intro: 'Line icons on a 24 px grid, drawn in the text colour.',
    Examples: IconExamples,
  },
  { id: 'logo', title: 'Logo', source: 'ui/logo.tsx', intro: 'The Tribe wordmark.', Examples: LogoExamples },
];

/** /design-showcase: every UI primitive in each of its states, for designers and new developers. */
export default function DesignShowcase() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 sm:py-8 lg:grid lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-8">
      <ShowcaseContents entries={ENTRIES} />
      <div className="mt-6 space-y-6 lg:mt-0">
        <p className="text-[15px] text-slate-600">
          Every primitive the app is built from, in each of its states, drawn by the real components. The live examples change nothing.
        </p>
        {ENTRIES.map((entry) => (
          <ShowcaseSection key={entry.id} entry={entry} />
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
