import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { HostsOnlyNotice } from '~/components/payments/hosts-only';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { requireUser } from '~/lib/auth.server';
import { formatDay } from '~/lib/format-event';
import { loadPaymentProfile } from '~/lib/payouts.server';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { Messages } from '../../../api/src/contracts/messages.js';
import type { PaymentProfileView } from '../../../api/src/contracts/payouts.contract.js';

export const meta: MetaFunction = () => [{ title: 'Payment Profile · Tribe' }];
export const handle: ShellHandle = { title: 'Payment Profile', ownHeading: true };

/**
 * /payment-profile (SPEC §2): how a host gets paid, as GET /payment-profile answers it (the PAN,
 * account number and UPI id masked), or an invitation to set it up. Fans are told payouts are for hosts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  return { profile: await loadPaymentProfile(token), isHost: user.role === 'influencer' || isAdminUser(user) };
}

export default function PaymentProfilePage() {
  const { profile, isHost } = useLoaderData<typeof loader>();
  const saved = profile.ok ? profile.value : null;
  return (
    <Page className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Payment profile</h1>
        <p className="mt-1 text-[15px] text-slate-600">Where Tribe sends what your events earn, and the details your payouts need.</p>
      </div>
      {!profile.ok ? <Alert>{profile.error}</Alert> : null}
      {!isHost ? <HostsOnlyNotice /> : null}
      {profile.ok && !saved && isHost ? (
        <EmptyState
          title="Set up your payment profile"
          detail={Messages.payouts.profileNotFound}
          action={
            <Link to="/payment-profile/edit" className={buttonClasses('primary', 'sm')}>
              Set up payment profile
            </Link>
          }
        />
      ) : null}
      {saved ? <SavedProfile profile={saved} canEdit={isHost} /> : null}
      {isHost ? (
        <p className="text-sm text-slate-600">
          See what your events have earned on{' '}
          <Link to="/payouts" className="font-semibold text-brand-700 underline underline-offset-2">
            Payouts
          </Link>
          .
        </p>
      ) : null}
    </Page>
  );
}

function SavedProfile({ profile, canEdit }: { profile: PaymentProfileView; canEdit: boolean }) {
  const rows: Array<{ label: string; value: string; testId: string }> = [
    { label: 'Legal name', value: profile.legalName, testId: 'profile-legal-name' },
    { label: 'PAN', value: profile.pan, testId: 'profile-pan' },
    ...(profile.accountNumber ? [{ label: 'Bank account', value: profile.accountNumber, testId: 'profile-account' }] : []),
    ...(profile.ifsc ? [{ label: 'IFSC', value: profile.ifsc, testId: 'profile-ifsc' }] : []),
    ...(profile.upiId ? [{ label: 'UPI id', value: profile.upiId, testId: 'profile-upi' }] : []),
    { label: 'GSTIN', value: profile.gstin ?? 'Not registered for GST', testId: 'profile-gstin' },
    { label: 'State', value: profile.state, testId: 'profile-state' },
  ];
  return (
    <section className="rounded-2xl border border-slate-200 bg-white" aria-labelledby="saved-profile-heading" data-testid="payment-profile">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3.5">
        <h2 id="saved-profile-heading" className="text-base font-semibold text-slate-900">
          Your payout details
        </h2>
        {canEdit ? (
          <Link to="/payment-profile/edit" className={buttonClasses('outline', 'sm')}>
            Edit payment profile
          </Link>
        ) : null}
      </div>
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div key={row.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-3">
            <dt className="text-sm text-slate-600">{row.label}</dt>
            <dd className="min-w-0 text-[15px] font-medium break-all text-slate-900" data-testid={row.testId}>
              <bdi>{row.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500">
        Your PAN, account number and UPI id are shown masked. Last updated {formatDay(profile.updatedAt)}.
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
