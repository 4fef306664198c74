import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { AuthLayout } from '~/components/auth/auth-layout';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { SocialSignIn } from '~/components/auth/social-sign-in';
import { TermsCheckbox } from '~/components/auth/terms-checkbox';
import { PasswordField, TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { loginFormSchema } from '~/lib/auth-forms';
import { readAuth } from '~/lib/auth.server';
import { companyDetails } from '~/lib/company.server';
import { webConfig } from '~/lib/config.server';
import { parseForm } from '~/lib/forms';
import { postLoginPath, safeReturnTo } from '~/lib/redirects';
import { commitAuth } from '~/lib/session.server';
import type { SelfUser } from '~/lib/user';
import { stripBidiControls } from '../../../api/src/contracts/bidi.js';
import { Messages } from '../../../api/src/contracts/messages.js';
import { isWebViewRequest, nativeLoginUrl } from '~/lib/webview.server';

export const meta: MetaFunction = () => [{ title: 'Log in · Tribe' }];

type SignInMethod = 'email' | 'google' | 'phone';

/** A signed-in visitor is sent on at once: admins to /admin, others to returnTo (default /home). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'));
  const { auth } = await readAuth(request);
  if (auth) throw redirect(postLoginPath(auth.user, returnTo));
  // In the mobile app's web view the app signs people in itself (SPEC §2 "Login screen").
  if (isWebViewRequest(request)) throw redirect(nativeLoginUrl(url.search));
  // Public values only (the web API key is public by design); FIREBASE_* in README.
  return { returnTo, firebase: webConfig.FIREBASE, company: companyDetails() };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'google' || intent === 'phone') return exchangeIdToken(request, intent, form);
  const parsed = parseForm(loginFormSchema, form);
  const email = String(form.get('email') ?? '');
  const terms = form.get('terms') === 'on';
  if (!parsed.ok) {
    return data(
      {
        error: parsed.formError ?? Object.values(parsed.fieldErrors)[0] ?? Messages.auth.loginFailed,
        email,
        terms,
        method: 'email' as SignInMethod,
      },
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
    return data({ error: message || Messages.auth.loginFailed, email, terms, method: 'email' as SignInMethod }, failureInit(error));
  }
  return signedIn(request, result, parsed.data.returnTo);
}

/** Stores the session and sends the person on: /signup for a profile to finish, /admin, or returnTo. */
async function signedIn(request: Request, result: { user: SelfUser; token: string }, returnTo: unknown, toast?: string) {
  // A toast is plain text, with no element to isolate a name in: it goes without bidi controls.
  const firstName = stripBidiControls(result.user.name ?? '')
    .trim()
    .split(/\s+/)[0];
  const message = toast ?? (firstName ? `Welcome back, ${firstName}!` : 'Welcome back!');
  const cookie = await commitAuth(request, { token: result.token, userId: result.user.id }, { kind: 'success', message });
  return redirect(postLoginPath(result.user, returnTo), { headers: { 'Set-Cookie': cookie } });
}

/**
 * Google or phone sign-in: the browser proved who the person is with Firebase and sends the ID token;
 * the API verifies it and answers our session (SPEC §7 google-auth, phone-auth).
 */
async function exchangeIdToken(request: Request, method: 'google' | 'phone', form: FormData) {
  const terms = form.get('terms') === 'on';
  const failed = method === 'google' ? Messages.auth.googleAuthFailed : Messages.auth.phoneAuthFailed;
  const refuse = (error: string, init: { status: number; headers?: Record<string, string> }) =>
    data({ error, email: '', terms, method: method as SignInMethod }, init);
  if (!terms) return refuse(Messages.auth.acceptTerms, { status: 400 });
  const idToken = String(form.get('id_token') ?? '');
  const body = method === 'google' ? { id_token: idToken } : { id_token: idToken, mobile_number: String(form.get('mobile_number') ?? '') };
  let result: { user: SelfUser; token: string };
  try {
    result = await api<{ user: SelfUser; token: string }>(method === 'google' ? '/auth/google-auth' : '/auth/phone-auth', {
      method: 'POST',
      body,
      visitor: request,
    });
  } catch (error) {
    return refuse(error instanceof ApiError && error.message ? error.message : failed, failureInit(error));
  }
  return signedIn(request, result, form.get('returnTo'), method === 'phone' ? Messages.otp.verified : undefined);
}

export default function Login() {
  const { returnTo, firebase, company } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const emailError = actionData?.method === 'email' ? actionData.error : null;
  const navigation = useNavigation();
  const submitting = navigation.state !== 'idle' && navigation.formAction?.startsWith('/login') === true;
  const signupHref = returnTo === '/home' ? '/signup' : `/signup?returnTo=${encodeURIComponent(returnTo)}`;
  const formRef = useFocusFirstError(actionData, Boolean(emailError));

  return (
    <AuthLayout title="Welcome back" subtitle="Log in to find your next experience." company={company}>
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
        {emailError ? <Alert>{emailError}</Alert> : null}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Logging in...' : 'Log in'}
        </Button>
      </Form>

      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>

      <SocialSignIn
        config={firebase}
        // The one terms box is in the email form; it gates the other two methods as well.
        termsAccepted={() => (formRef.current?.elements.namedItem('terms') as HTMLInputElement | null)?.checked === true}
        returnTo={returnTo}
        serverError={actionData && actionData.method !== 'email' ? actionData.error : null}
      />

      <p className="mt-8 text-center text-[15px] text-slate-600">
        New to Tribe?{' '}
        <Link to={signupHref} className="font-semibold text-brand-700 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
