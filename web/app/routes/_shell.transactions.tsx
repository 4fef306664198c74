import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { EmptyState } from '~/components/ui/empty-state';
import { StatusBadge } from '~/components/applications/status-badge';
import { Page } from '~/components/layout/page';
import { InvoiceDownloadLink } from '~/components/payments/invoice-download';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { refundProgress, transactionStatusBadge } from '~/lib/applications';
import { loadTransactions } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { formatDay, formatRupees, formatTime } from '~/lib/format-event';
import { isInvoiceable, type TransactionDocuments } from '~/lib/invoices';
import { loadDocumentsByTransaction } from '~/lib/invoices.server';
import type { ShellHandle } from '~/lib/route-handle';
import type { TransactionView } from '../../../api/src/contracts/payments.contract.js';

export const meta: MetaFunction = () => [{ title: 'Transactions · Tribe' }];
export const handle: ShellHandle = { title: 'Transactions', ownHeading: true };

/**
 * /transactions (SPEC §2): the signed-in person's payments, newest first, each payment that was
 * taken with its tax invoice to download and the credit notes of its refunds. A failed read says
 * "Failed to load transaction history" (SPEC §8).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const [transactions, documents] = await Promise.all([loadTransactions(token), loadDocumentsByTransaction(token, user.id)]);
  return { transactions, documents };
}

export default function TransactionsPage() {
  const { transactions, documents } = useLoaderData<typeof loader>();
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
            <TransactionRow key={transaction.id} transaction={transaction} documents={documents[transaction.id] ?? null} />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function TransactionRow({ transaction, documents }: { transaction: TransactionView; documents: TransactionDocuments | null }) {
  const title = transaction.eventTitle ?? 'Event';
  const invoice = documents?.invoice ?? null;
  const creditNotes = documents?.creditNotes ?? [];
  // The invoice is known once issued; before that, a captured payment's invoice is looked up by its application when clicked.
  const target = invoice ? { invoiceId: invoice.id } : transaction.applicationId ? { applicationId: transaction.applicationId } : null;
  const { returned, returnedOutside, onItsWay, notCompleted } = refundProgress(transaction.refunds);
  const references = transaction.refunds.flatMap((refund) => (refund.outsideReference ? [refund.outsideReference] : []));
  return (
    <li className="space-y-3 px-4 py-4" data-testid="transaction-row">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <Link
            to={`/event/${transaction.eventId}`}
            className="block truncate text-[15px] font-semibold text-slate-900 underline-offset-2 hover:underline"
          >
            <bdi>{title}</bdi>
          </Link>
          <p className="text-sm text-slate-600">
            {formatDay(transaction.createdAt)} · {formatTime(transaction.createdAt)}
          </p>
          {returned > 0 ? <p className="text-sm text-slate-600">Refunded {formatRupees(returned)}</p> : null}
          {returnedOutside > 0 ? (
            <p className="text-sm text-slate-600" data-testid="refund-returned-outside">
              Of that, our team returned {formatRupees(returnedOutside)} to you outside Tribe (reference <bdi>{references.join(', ')}</bdi>
              ).
            </p>
          ) : null}
          {onItsWay > 0 ? <p className="text-sm text-slate-600">Refund of {formatRupees(onItsWay)} being processed</p> : null}
          {notCompleted > 0 ? (
            <p className="text-sm text-amber-800" data-testid="refund-not-completed">
              Refund of {formatRupees(notCompleted)} could not be completed. Our team will return it to you.
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <span className="text-[15px] font-semibold text-slate-900" data-testid="transaction-amount">
            {formatRupees(transaction.amount)}
          </span>
          <StatusBadge status={transactionStatusBadge(transaction.status, transaction.state)} />
        </div>
      </div>
      {isInvoiceable(transaction) && target ? (
        <div className="flex flex-wrap items-center justify-between gap-2" data-testid="transaction-invoice">
          <p className="min-w-0 text-sm text-slate-600">
            {invoice ? (
              <>
                Tax invoice <span className="font-medium break-all text-slate-900">{invoice.invoiceNo}</span>
              </>
            ) : (
              'Tax invoice'
            )}
          </p>
          <InvoiceDownloadLink target={target} context={title} />
        </div>
      ) : null}
      {creditNotes.length > 0 ? (
        <ul className="space-y-2 rounded-xl bg-slate-50 px-3 py-2.5" aria-label={`Credit notes for ${title}`}>
          {creditNotes.map((note) => (
            <li key={note.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="credit-note">
              <p className="min-w-0 text-sm text-slate-600">
                Credit note <span className="font-medium break-all text-slate-900">{note.invoiceNo}</span> · {formatRupees(note.amount)} ·{' '}
                {formatDay(note.createdAt)}
              </p>
              <InvoiceDownloadLink
                target={{ invoiceId: note.id }}
                label="Download credit note"
                context={`${note.invoiceNo}, ${title}`}
                variant="ghost"
                testId="credit-note-download"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
