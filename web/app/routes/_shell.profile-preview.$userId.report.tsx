import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackLink } from '~/components/profile/back-link';
import { DETAILS_FOR_OTHER, ReportForm } from '~/components/ui/report-form';
import { requireUser } from '~/lib/auth.server';
import { originOf, profilePreviewPath } from '~/lib/profile';
import { loadPublicProfile, reportUser } from '~/lib/profile.server';
import { readReportForm, type ReportFieldErrors } from '~/lib/report-form';
import { flashToast } from '~/lib/session.server';
import { REPORT_DETAILS_MAX, reportUserSchema, USER_REPORT_REASONS } from '../../../api/src/contracts/user-report.contract.js';

export const meta: MetaFunction = () => [{ title: 'Report a person · Tribe' }];

/** /profile-preview/{userId}/report: tell the moderators about a person (one open report per person). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  const profile = await loadPublicProfile(token, params.userId ?? '');
  if (profile.id === user.id) throw redirect('/profile-v2');
  return { person: { id: profile.id, name: profile.name }, from: originOf(request.url) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const id = params.userId ?? '';
  const input = readReportForm(await request.formData(), reportUserSchema, REPORT_DETAILS_MAX);
  if (!input.ok) return data({ fieldErrors: input.fieldErrors, error: null, sent: input.sent }, 400);
  const result = await reportUser(token, id, input.value);
  if (!result.ok) return data({ fieldErrors: {} as ReportFieldErrors, error: result.error, sent: input.sent }, result.status);
  const back = profilePreviewPath(id, originOf(request.url) ?? undefined);
  return redirect(back, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: result.value.message }) },
  });
}

export default function ReportPerson() {
  const { person, from } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackLink from={profilePreviewPath(person.id, from ?? undefined)} label="Back to the profile" />
        <h1 className="text-lg font-semibold text-slate-900">Report {person.name}</h1>
      </header>
      <p className="mt-3 text-sm text-slate-600">Reports are private: the person is not told who sent them. Our team reviews every one.</p>
      <ReportForm
        reasons={USER_REPORT_REASONS}
        answer={actionData}
        sent={actionData?.sent}
        errors={actionData?.fieldErrors ?? {}}
        error={actionData?.error ?? null}
        detailsHint={DETAILS_FOR_OTHER}
        detailsMax={REPORT_DETAILS_MAX}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
