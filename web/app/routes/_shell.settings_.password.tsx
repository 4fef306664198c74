import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useNavigation, useRouteError } from '@remix-run/react';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { PasswordField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { changePasswordFormSchema } from '~/lib/auth-forms';
import { requireUser } from '~/lib/auth.server';
import { parseForm, type FieldErrors } from '~/lib/forms';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';

export const meta: MetaFunction = () => [{ title: 'Change password · Tribe' }];
export const handle: ShellHandle = { title: 'Change password' };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

type ActionResult = { fieldErrors: FieldErrors; formError: string | null };

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const parsed = parseForm(changePasswordFormSchema, await request.formData());
  if (!parsed.ok) return data<ActionResult>({ fieldErrors: parsed.fieldErrors, formError: parsed.formError }, { status: 400 });
  try {
    await api('/users/me/password', {
      method: 'PUT',
      token,
      body: { current_password: parsed.data.current_password, new_password: parsed.data.new_password },
      // Wrong current passwords count against the person's own address, as failed logins do, not the web server's.
      visitor: request,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The API's wrong-password answer belongs beside the field it is about; the rest above the button.
    const result: ActionResult =
      error.code === ErrorCodes.users.currentPasswordIncorrect
        ? { fieldErrors: { current_password: error.message }, formError: null }
        : { fieldErrors: {}, formError: error.message };
    return data(result, failureInit(error));
  }
  const cookie = await flashToast(request, { kind: 'success', message: 'Password changed. Your other devices have been signed out.' });
  return redirect('/settings', { headers: { 'Set-Cookie': cookie } });
}

export default function ChangePassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = actionData?.fieldErrors ?? {};
  const formRef = useFocusFirstError(actionData, Boolean(actionData));

  return (
    <Page>
      <p className="text-[15px] text-slate-600">Choose a new password. You stay signed in here; every other device is signed out.</p>
      <Form method="post" ref={formRef} className="mt-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" noValidate>
        <PasswordField label="Current password" name="current_password" autoComplete="current-password" error={errors.current_password} />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          hint="Use 8 or more characters."
          error={errors.new_password}
        />
        <PasswordField label="Confirm new password" name="confirm_password" autoComplete="new-password" error={errors.confirm_password} />
        {actionData?.formError ? <Alert>{actionData.formError}</Alert> : null}
        <Button type="submit" size="lg" fullWidth loading={navigation.state === 'submitting'}>
          Change password
        </Button>
      </Form>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
