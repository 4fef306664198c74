import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { CancellationPolicyNote } from '~/components/applications/cancellation-policy-note';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ApiError, failureInit } from '~/lib/api.server';
import { leaveBooking, loadLeavingPreview } from '~/lib/applications.server';
import { requireUser } from '~/lib/auth.server';
import { formatEventDate, formatInstant, formatRupees, isDateToBeDecided } from '~/lib/format-event';
import { flashToast } from '~/lib/session.server';
import type { LeavingPreview } from '../../../api/src/contracts/applications.contract.js';
import { CANCELLATION_NOTICE_HOURS } from '../../../api/src/contracts/cancellation-policy.js';
import { BackButton } from '~/components/ui/back-button';

export const meta: MetaFunction = () => [{ title: 'Cancel booking · Tribe' }];

/**
 * /booking/{applicationId}/leave: the fan sees what leaving their booking gives back under the
 * policy they joined with, then confirms. Someone else's booking is not found.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  try {
    return { preview: await loadLeavingPreview(token, params.applicationId ?? '') };
  } catch (error) {
    if (error instanceof ApiError) throw data({ message: error.message }, failureInit(error));
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const result = await leaveBooking(token, params.applicationId ?? '');
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  const { refunded, application } = result.value;
  return redirect('/my-bookings', {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: leftMessage(refunded, application.status) }) },
  });
}

function leftMessage(refunded: number, status: string): string {
  if (status !== 'left') return 'This booking was already cancelled.';
  if (refunded > 0)
    return `Booking cancelled. ${formatRupees(refunded)} is on its way back to you; the credit note follows in Transactions.`;
  return 'Booking cancelled.';
}

/** What leaving now does to the fan's money, in one sentence. */
function moneyLine(preview: LeavingPreview): string {
  if (preview.status === 'pending') {
    return preview.released > 0
      ? `The ${formatRupees(preview.released)} held for your application is released at once. Nothing was charged.`
      : 'Nothing was charged for this application.';
  }
  if (preview.paid === 0) return 'Nothing was charged for this booking.';
  if (preview.refund === preview.paid) return `You get all ${formatRupees(preview.refund)} back.`;
  if (preview.refund > 0) return `You get ${formatRupees(preview.refund)} of the ${formatRupees(preview.paid)} you paid back.`;
  return `You paid ${formatRupees(preview.paid)}: cancelling now gives nothing back.`;
}

export default function LeaveBookingPage() {
  const { preview } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const refusal = preview.refusal;
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackButton to="/my-bookings" label="Back to My Bookings" />
        <h1 className="text-lg font-semibold text-slate-900">Cancel booking</h1>
      </header>
      <Card className="mt-4 space-y-4 p-5">
        <div>
          <Link to={`/event/${preview.eventId}`} className="text-base font-semibold text-slate-900 underline-offset-2 hover:underline">
            {preview.eventTitle}
          </Link>
          <p className="text-sm text-slate-600">{formatEventDate({ date: preview.eventDate })}</p>
        </div>
        <CancellationPolicyNote policy={preview.policy} />
        {preview.status === 'accepted' && preview.refundableUntil && preview.paid > 0 ? (
          <p className="text-sm text-slate-600" data-testid="refundable-until">
            {isDateToBeDecided({ date: preview.eventDate })
              ? `Refundable until ${CANCELLATION_NOTICE_HOURS} hours before the event, once its date is set.`
              : `Refundable until ${formatInstant(preview.refundableUntil)}.`}
          </p>
        ) : null}
        {refusal ? (
          <Alert>{refusal}</Alert>
        ) : (
          <p className="text-base font-medium text-slate-900" data-testid="leaving-money">
            {moneyLine(preview)}
          </p>
        )}
        {answer?.error ? <Alert>{answer.error}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {refusal ? null : (
            <Form method="post">
              <Button type="submit" variant="danger" disabled={busy}>
                {busy ? 'Cancelling…' : 'Cancel booking'}
              </Button>
            </Form>
          )}
          <Link to="/my-bookings" className={buttonClasses('outline')}>
            Keep booking
          </Link>
        </div>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
