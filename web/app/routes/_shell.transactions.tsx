import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/applications/event-applications-page';
import { StatusBadge } from '~/components/applications/status-badge';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { transactionStatusBadge } from '~/lib/applications';
import { loadTransactions } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { formatDay, formatRupees, formatTime } from '~/lib/format-event';
import type { ShellHandle } from '~/lib/route-handle';

export const meta: MetaFunction = () => [{ title: 'Transactions · Tribe' }];
export const handle: ShellHandle = { title: 'Transactions', ownHeading: true };

/** /transactions (SPEC §2): the signed-in person's payments, newest first. A failed read says "Failed to load transaction history" (SPEC §8). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  return { transactions: await loadTransactions(token) };
}

export default function TransactionsPage() {
  const { transactions } = useLoaderData<typeof loader>();
  const items = transactions.ok ? transactions.items : [];
  return (
    <Page className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Transactions</h1>
        <p className="mt-1 text-[15px] text-slate-600">
          Payments are authorised when you apply, taken when the host accepts, and released otherwise.
        </p>
      </div>
      {!transactions.ok ? <Alert>{transactions.error}</Alert> : null}
      {transactions.ok && items.length === 0 ? (
        <EmptyState title="No transactions yet" detail="Payments for events you join show up here." />
      ) : null}
      {items.length > 0 ? (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white"
          aria-label="Your transactions"
        >
          {items.map((transaction) => (
            <li key={transaction.id} className="flex items-start justify-between gap-3 px-4 py-4" data-testid="transaction-row">
              <div className="min-w-0 space-y-1">
                <Link
                  to={`/event/${transaction.eventId}`}
                  className="block truncate text-[15px] font-semibold text-slate-900 underline-offset-2 hover:underline"
                >
                  <bdi>{transaction.eventTitle ?? 'Event'}</bdi>
                </Link>
                <p className="text-sm text-slate-600">
                  {formatDay(transaction.createdAt)} · {formatTime(transaction.createdAt)}
                </p>
                {transaction.refundedAmount > 0 ? (
                  <p className="text-sm text-slate-600">Refunded {formatRupees(transaction.refundedAmount)}</p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1.5">
                <span className="text-[15px] font-semibold text-slate-900" data-testid="transaction-amount">
                  {formatRupees(transaction.amount)}
                </span>
                <StatusBadge status={transactionStatusBadge(transaction.status, transaction.state)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
