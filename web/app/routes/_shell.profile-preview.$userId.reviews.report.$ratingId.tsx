import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackLink } from '~/components/profile/back-link';
import { DETAILS_FOR_OTHER, ReportForm } from '~/components/ui/report-form';
import { requireUser } from '~/lib/auth.server';
import { originOf } from '~/lib/profile';
import { loadPublicProfile } from '~/lib/profile.server';
import { reviewsPath } from '~/lib/ratings';
import { reportReview } from '~/lib/ratings.server';
import { readReportForm, type ReportFieldErrors } from '~/lib/report-form';
import { flashToast } from '~/lib/session.server';
import { RATING_REPORT_REASONS, RatingLimits } from '../../../api/src/contracts/ratings.contract.js';
import { ratingReportInputSchema } from '../../../api/src/contracts/ratings.schemas.js';

export const meta: MetaFunction = () => [{ title: 'Report a review · Tribe' }];

/**
 * /profile-preview/{userId}/reviews/report/{ratingId}: tell the moderators about a review of this
 * host (one open report per person and review; the API refuses a report of one's own review).
 * Back to the reviews page it came from (`from`), with the API's thanks as a toast.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const host = await loadPublicProfile(token, params.userId ?? '');
  const from = originOf(request.url);
  return { host: { id: host.id, name: host.name }, back: from ?? reviewsPath(host.id) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const input = readReportForm(await request.formData(), ratingReportInputSchema, RatingLimits.reportDetailsMax);
  if (!input.ok) return data({ fieldErrors: input.fieldErrors, error: null, sent: input.sent }, 400);
  const result = await reportReview(token, params.ratingId ?? '', input.value);
  if (!result.ok) return data({ fieldErrors: {} as ReportFieldErrors, error: result.error, sent: input.sent }, result.status);
  const back = originOf(request.url) ?? reviewsPath(params.userId ?? '');
  return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: result.value.message }) } });
}

export default function ReportReview() {
  const { host, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackLink from={back} label="Back to the reviews" />
        <h1 className="text-lg font-semibold text-slate-900">
          Report a review of <bdi>{host.name}</bdi>
        </h1>
      </header>
      <p className="mt-3 text-sm text-slate-600">
        Reports are private: the reviewer is not told who sent them. Our team reads every one and removes reviews that break the rules.
      </p>
      <ReportForm
        reasons={RATING_REPORT_REASONS}
        answer={actionData}
        sent={actionData?.sent}
        errors={actionData?.fieldErrors ?? {}}
        error={actionData?.error ?? null}
        detailsHint={DETAILS_FOR_OTHER}
        detailsMax={RatingLimits.reportDetailsMax}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
