import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BackLink } from '~/components/profile/back-link';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { originOf, profilePreviewPath } from '~/lib/profile';
import { loadPublicProfile, reportUser } from '~/lib/profile.server';
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

const REASON_MESSAGES: Record<string, string> = {
  reason: 'Please choose a reason.',
  details: 'Please tell us what happened.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const id = params.userId ?? '';
  const form = await request.formData();
  const parsed = reportUserSchema.safeParse({ reason: String(form.get('reason') ?? ''), details: String(form.get('details') ?? '') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'reason');
    const message = issue?.code === 'too_big' ? `Please keep it under ${REPORT_DETAILS_MAX} characters.` : REASON_MESSAGES[field];
    return data({ fieldErrors: { [field]: message }, error: null }, 400);
  }
  const result = await reportUser(token, id, { reason: parsed.data.reason, details: parsed.data.details || null });
  if (!result.ok) return data({ fieldErrors: {} as Record<string, string>, error: result.error }, result.status);
  const back = profilePreviewPath(id, originOf(request.url) ?? undefined);
  return redirect(back, {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: result.value.message }) },
  });
}

export default function ReportPerson() {
  const { person, from } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const formRef = useFocusFirstError(actionData, Boolean(actionData?.error || Object.keys(errors).length > 0));
  return (
    <div className="mx-auto max-w-xl px-4 pt-[calc(0.75rem+env(safe-area-inset-top))] pb-8 sm:px-6">
      <header className="flex items-center gap-2">
        <BackLink from={profilePreviewPath(person.id, from ?? undefined)} label="Back to the profile" />
        <h1 className="text-lg font-semibold text-slate-900">Report {person.name}</h1>
      </header>
      <p className="mt-3 text-sm text-slate-600">Reports are private: the person is not told who sent them. Our team reviews every one.</p>
      <Form ref={formRef} method="post" className="mt-5 space-y-5">
        {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
        <fieldset aria-describedby={errors.reason ? 'reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Reason</legend>
          <div className="space-y-2">
            {Object.entries(USER_REPORT_REASONS).map(([value, label]) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-[15px] text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  className="size-4 accent-brand-600"
                  aria-invalid={errors.reason ? true : undefined}
                />
                {label}
              </label>
            ))}
          </div>
          {errors.reason ? (
            <p id="reason-error" className="mt-2 text-sm text-rose-600">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor="details" className="block text-sm font-medium text-slate-700">
            Details
          </label>
          <textarea
            id="details"
            name="details"
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={errors.details ? 'details-error' : 'details-hint'}
            className={cn(inputClasses, errors.details ? 'border-rose-400' : 'border-slate-300', 'py-3')}
            placeholder="Tell us what happened"
          />
          {errors.details ? (
            <p id="details-error" className="text-sm text-rose-600">
              {errors.details}
            </p>
          ) : (
            <p id="details-hint" className="text-xs text-slate-500">
              Optional, except for "Something else".
            </p>
          )}
        </div>
        <Button type="submit" variant="danger" size="lg" fullWidth loading={navigation.state === 'submitting'}>
          Submit report
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
