import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { AuthLayout } from '~/components/auth/auth-layout';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TermsCheckbox } from '~/components/auth/terms-checkbox';
import { PasswordField, TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { GoogleIcon, PhoneIcon } from '~/components/ui/icons';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { loginFormSchema } from '~/lib/auth-forms';
import { readAuth } from '~/lib/auth.server';
import { parseForm } from '~/lib/forms';
import { postLoginPath, safeReturnTo } from '~/lib/redirects';
import { commitAuth } from '~/lib/session.server';
import type { SelfUser } from '~/lib/user';
import type { RootLoaderData } from '~/root';
import { stripBidiControls } from '../../../api/src/contracts/bidi.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { isWebViewRequest, nativeLoginUrl, webViewCookieChange } from '~/lib/webview.server';

export const meta: MetaFunction = () => [{ title: 'Log in · Tribe' }];

/** Google and mobile one-time-code sign-in arrive with the identity provider (a later issue). */
const SIGN_IN_METHODS_PENDING = {
  google: 'Coming soon: Google sign-in is being set up',
  mobile: 'Coming soon: mobile sign-in is being set up',
} as const;

/** A signed-in visitor is sent on at once: admins to /admin, others to returnTo (default /home). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'));
  const { auth } = await readAuth(request);
  if (auth) throw redirect(postLoginPath(auth.user, returnTo));
  // In the mobile app's web view the app signs people in itself (SPEC §2 "Login screen").
  if (isWebViewRequest(request)) {
    const remember = webViewCookieChange(request);
    throw redirect(nativeLoginUrl(url.search), remember ? { headers: { 'Set-Cookie': remember } } : undefined);
  }
  return { returnTo };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = parseForm(loginFormSchema, form);
  const email = String(form.get('email') ?? '');
  const terms = form.get('terms') === 'on';
  if (!parsed.ok) {
    return data(
      { error: parsed.formError ?? Object.values(parsed.fieldErrors)[0] ?? Messages.auth.loginFailed, email, terms },
      { status: 400 },
    );
  }
  let result: { user: SelfUser; token: string };
  try {
    result = await api<{ user: SelfUser; token: string }>('/auth/login', {
      method: 'POST',
      body: { email: parsed.data.email, password: parsed.data.password },
      visitor: request,
    });
  } catch (error) {
    const message = error instanceof ApiError ? error.message : Messages.auth.loginFailed;
    return data({ error: message || Messages.auth.loginFailed, email, terms }, failureInit(error));
  }
  // A toast is plain text, with no element to isolate a name in: it goes without bidi controls.
  const firstName = stripBidiControls(result.user.name ?? '')
    .trim()
    .split(/\s+/)[0];
  const cookie = await commitAuth(
    request,
    { token: result.token, userId: result.user.id },
    { kind: 'success', message: firstName ? `Welcome back, ${firstName}!` : 'Welcome back!' },
  );
  return redirect(postLoginPath(result.user, parsed.data.returnTo), { headers: { 'Set-Cookie': cookie } });
}

export default function Login() {
  const { returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<RootLoaderData>('root');
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const signupHref = returnTo === '/home' ? '/signup' : `/signup?returnTo=${encodeURIComponent(returnTo)}`;
  const formRef = useFocusFirstError(actionData, Boolean(actionData?.error));

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to find your next experience." company={root!.company}>
      <Form ref={formRef} method="post" noValidate className="space-y-4" replace>
        <input type="hidden" name="returnTo" value={returnTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={actionData?.email}
        />
        <PasswordField label="Password" name="password" autoComplete="current-password" placeholder="Your password" />
        <TermsCheckbox defaultChecked={actionData?.terms} />
        {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Logging in...' : 'Log in'}
        </Button>
      </Form>

      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <div className="space-y-3">
        <PendingMethod icon={<GoogleIcon size={20} />} label="Continue with Google" reason={SIGN_IN_METHODS_PENDING.google} />
        <PendingMethod icon={<PhoneIcon size={20} />} label="Continue with mobile" reason={SIGN_IN_METHODS_PENDING.mobile} />
      </div>

      <p className="mt-8 text-center text-[15px] text-slate-600">
        New to Tribe?{' '}
        <Link to={signupHref} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

function PendingMethod({ icon, label, reason }: { icon: React.ReactNode; label: string; reason: string }) {
  const id = label.toLowerCase().replace(/\W+/g, '-');
  return (
    <div>
      <Button variant="outline" size="lg" fullWidth disabled aria-describedby={`${id}-reason`}>
        {icon}
        {label}
      </Button>
      <p id={`${id}-reason`} className="mt-1 text-center text-xs text-slate-500">
        {reason}
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
