import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button, ButtonLink } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { CheckCircleIcon, TrashIcon } from '~/components/ui/icons';
import { Logo } from '~/components/ui/logo';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { DELETE_CONFIRMATION_WORD, deleteAccountFormSchema } from '~/lib/auth-forms';
import { readAuth } from '~/lib/auth.server';
import { parseForm } from '~/lib/forms';
import { loginPathFor } from '~/lib/redirects';
import { accountLabel } from '~/lib/user';
import { clearAuth } from '~/lib/session.server';
import { BackButton } from '~/components/ui/back-button';

export const meta: MetaFunction = () => [{ title: 'Delete account · Tribe' }];

/**
 * Account deletion. Anyone can read how it works (app stores require a public page); deleting
 * needs login and the word DELETE. The API signs the person out everywhere at once and a worker
 * erases their data in the background.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get('deleted') === '1') return { state: 'deleted' as const, account: null };
  const { auth, setCookie } = await readAuth(request);
  const body = auth ? { state: 'signed-in' as const, account: accountLabel(auth.user) } : { state: 'guest' as const, account: null };
  return data(body, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

export async function action({ request }: ActionFunctionArgs) {
  const { auth } = await readAuth(request);
  if (!auth) throw redirect(loginPathFor('/delete-account'));
  const parsed = parseForm(deleteAccountFormSchema, await request.formData());
  if (!parsed.ok) return data({ error: parsed.fieldErrors.confirm ?? parsed.formError ?? 'Type DELETE to confirm' }, { status: 400 });
  try {
    await api('/users/me', { method: 'DELETE', token: auth.token });
  } catch (error) {
    const message = error instanceof ApiError ? error.message : 'Could not delete your account. Please try again.';
    return data({ error: message }, failureInit(error));
  }
  const cookie = await clearAuth(request, { signedOut: true });
  return redirect('/delete-account?deleted=1', { headers: { 'Set-Cookie': cookie } });
}

const CONSEQUENCES = [
  'You are signed out on every device at once and can no longer log in with this account.',
  'Your profile is erased: name, photos, bio, age, gender, email, mobile number and social links.',
  'Your community posts, comments and likes are deleted, and the words of your reviews; your stars and chat messages stay, shown as from "Deleted user".',
  'Invoices and payment records are kept for as long as Indian tax law requires, without your personal details.',
];

export default function DeleteAccount() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  const formRef = useFocusFirstError(actionData, Boolean(actionData?.error));

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-2xl items-center gap-2 px-2 sm:px-6">
          <BackButton to="/settings" label="Back to settings" />
          <Logo />
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
        {loaderData.state === 'deleted' ? (
          <div className="rounded-3xl border border-slate-200 bg-white p-6 text-center sm:p-10" role="status">
            <CheckCircleIcon size={48} className="mx-auto text-emerald-500" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Your account has been deleted</h1>
            <p className="mt-2 text-[15px] text-slate-600">
              You have been signed out everywhere. Your personal data is being erased now; this can take a few minutes. Thank you for being
              part of Tribe.
            </p>
            <ButtonLink to="/public" className="mt-6">
              Back to Tribe
            </ButtonLink>
          </div>
        ) : (
          <div className="space-y-6">
            <div>
              <span className="flex size-12 items-center justify-center rounded-2xl bg-rose-50 text-rose-600">
                <TrashIcon size={24} />
              </span>
              <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Delete your account</h1>
              <p className="mt-2 text-[15px] text-slate-600">
                Deleting your Tribe account is permanent and cannot be undone. Here is what happens:
              </p>
            </div>
            <ul className="space-y-2.5 rounded-2xl border border-slate-200 bg-white p-5 text-[15px] text-slate-700">
              {CONSEQUENCES.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-rose-400" aria-hidden="true" />
                  {item}
                </li>
              ))}
            </ul>

            {loaderData.state === 'guest' ? (
              <div className="rounded-2xl border border-slate-200 bg-white p-5">
                <p className="text-[15px] text-slate-700">
                  To delete your account, log in first. You can also write to us from the email on your account and we will delete it for
                  you.
                </p>
                <ButtonLink to={loginPathFor('/delete-account')} className="mt-4">
                  Log in to delete your account
                </ButtonLink>
              </div>
            ) : (
              <Form ref={formRef} method="post" noValidate className="space-y-4 rounded-2xl border border-rose-200 bg-white p-5">
                <p className="text-[15px] text-slate-700">
                  You are signed in as <span className="font-semibold">{loaderData.account}</span>.
                </p>
                <TextField
                  label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
                  name="confirm"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={DELETE_CONFIRMATION_WORD}
                />
                {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <ButtonLink to="/settings" variant="outline">
                    Keep my account
                  </ButtonLink>
                  <Button type="submit" variant="danger" loading={submitting}>
                    Delete my account
                  </Button>
                </div>
              </Form>
            )}
          </div>
        )}
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
