import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useState } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { AuthLayout } from '~/components/auth/auth-layout';
import { ProfileDetailsFields, profileDetailsValues, type ProfileDetailsValues } from '~/components/profile/profile-fields';
import { ProfilePhotosField } from '~/components/profile/profile-photos-field';
import { RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { TermsCheckbox } from '~/components/auth/terms-checkbox';
import { ChoiceField, PasswordField, TextField } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { profileFormSchema, registerFormSchema } from '~/lib/auth-forms';
import { readAuth } from '~/lib/auth.server';
import { companyDetails } from '~/lib/company.server';
import { parseForm, type FieldErrors } from '~/lib/forms';
import { arrangePhotos } from '~/lib/profile';
import { profileDetailsBody, profileDetailsInput, profileDetailsSchema } from '~/lib/profile-form';
import { completeProfilePath, isAdminUser, postLoginPath, safeReturnTo } from '~/lib/redirects';
import { commitAuth, flashToast } from '~/lib/session.server';
import type { SelfUser } from '~/lib/user';
import { stripBidiControls } from '../../../api/src/contracts/bidi.js';
import { ErrorCodes } from '../../../api/src/contracts/error-codes.js';
import { Messages } from '../../../api/src/contracts/messages.js';

export const meta: MetaFunction = () => [{ title: 'Create your account · Tribe' }];

/**
 * Signup in two steps: a guest creates the account (POST /auth/register), which signs them in
 * with an incomplete profile; the same page then asks for the profile (PUT /users/me). Anyone
 * with an incomplete profile is sent here with email, name and mobileNumber prefilled; a complete
 * profile goes to /home (admins to /admin).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'));
  const { auth } = await readAuth(request);
  if (auth && (isAdminUser(auth.user) || !auth.user.needs_profile)) {
    throw redirect(isAdminUser(auth.user) ? '/admin' : '/home');
  }
  if (!auth) {
    return {
      step: 'account' as const,
      returnTo,
      company: companyDetails(),
      prefill: { email: url.searchParams.get('email') ?? '', name: url.searchParams.get('name') ?? '' },
    };
  }
  const user = auth.user;
  return {
    step: 'profile' as const,
    returnTo,
    company: companyDetails(),
    prefill: {
      email: user.email ?? url.searchParams.get('email') ?? '',
      name: url.searchParams.get('name') || user.name || '',
      mobileNumber: url.searchParams.get('mobileNumber') || (user.mobile_number ?? '').replace(/^\+91/, ''),
      age: user.age === null ? '' : String(user.age),
      gender: user.gender ?? '',
    },
    details: profileDetailsValues(user),
  };
}

type ActionResult = {
  intent: 'register' | 'profile';
  fieldErrors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
  /** The profile details and photos as sent, so a refused form keeps them. */
  details?: ProfileDetailsValues;
  photos?: string[];
};

function fail(result: ActionResult, init: number | ResponseInit = 400) {
  return data(result, init);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const values: Record<string, string> = {};
  for (const key of ['name', 'email', 'age', 'gender', 'mobileNumber']) values[key] = String(form.get(key) ?? '');
  values.terms = form.get('terms') === 'on' ? 'on' : '';

  if (intent === 'register') {
    const parsed = parseForm(registerFormSchema, form);
    if (!parsed.ok) return fail({ intent, fieldErrors: parsed.fieldErrors, formError: parsed.formError, values });
    let result: { user: SelfUser; token: string };
    try {
      result = await api<{ user: SelfUser; token: string }>('/auth/register', {
        method: 'POST',
        body: { name: parsed.data.name, email: parsed.data.email, password: parsed.data.password },
        visitor: request,
      });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : Messages.auth.registrationFailed;
      const onEmail = error instanceof ApiError && error.status === 409;
      return fail(
        { intent, fieldErrors: onEmail ? { email: message } : {}, formError: onEmail ? null : message, values },
        failureInit(error),
      );
    }
    const cookie = await commitAuth(request, { token: result.token, userId: result.user.id });
    const next = result.user.needs_profile
      ? completeProfilePath(result.user, safeReturnTo(parsed.data.returnTo))
      : postLoginPath(result.user, parsed.data.returnTo);
    return redirect(next, { headers: { 'Set-Cookie': cookie } });
  }

  if (intent === 'profile') {
    const { auth, setCookie } = await readAuth(request);
    if (!auth) throw redirect('/signup', setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
    const input = profileDetailsInput(form);
    const photos = form.getAll('photos').map(String);
    const sent = { details: input, photos };
    const parsed = parseForm(profileFormSchema, form);
    const details = parseForm(profileDetailsSchema, input);
    if (!parsed.ok || !details.ok) {
      const fieldErrors = { ...(details.ok ? {} : details.fieldErrors), ...(parsed.ok ? {} : parsed.fieldErrors) };
      return fail({ intent, fieldErrors, formError: parsed.ok ? null : parsed.formError, values, ...sent });
    }
    let user: SelfUser;
    try {
      user = await api<SelfUser>('/users/me', {
        method: 'PUT',
        token: auth.token,
        body: {
          ...profileDetailsBody(details.data),
          name: parsed.data.name,
          age: parsed.data.age,
          gender: parsed.data.gender,
          mobile_number: parsed.data.mobileNumber,
          // No photo: the avatar stays empty and pages show the default one for the gender (~/lib/profile).
          ...(photos.length > 0 ? arrangePhotos(photos) : {}),
        },
      });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : Messages.auth.profileSetupFailed;
      const onMobile =
        error instanceof ApiError &&
        (error.code === ErrorCodes.mobile.invalid ||
          error.code === ErrorCodes.users.mobileNumberSignsIn ||
          error.field === 'mobile_number');
      const field = onMobile ? 'mobileNumber' : null;
      return fail(
        {
          intent,
          fieldErrors: field ? { [field]: message } : {},
          formError: field ? null : message || Messages.auth.profileSetupFailed,
          values,
          ...sent,
        },
        failureInit(error),
      );
    }
    const firstName =
      stripBidiControls(user.name ?? '')
        .trim()
        .split(/\s+/)[0] ?? '';
    const cookie = await flashToast(request, {
      kind: 'success',
      title: `Welcome to Tribe${firstName ? `, ${firstName}` : ''}!`,
      message: 'Your profile is ready.',
    });
    return redirect(postLoginPath(user, parsed.data.returnTo), { headers: { 'Set-Cookie': cookie } });
  }

  return fail({ intent: 'register', fieldErrors: {}, formError: 'Unknown form', values });
}

export default function Signup() {
  const loaderData = useLoaderData<typeof loader>();
  const { company } = loaderData;
  if (loaderData.step === 'account') {
    return (
      <AuthLayout title="Create your account" subtitle="Join Tribe to meet people at experiences you'll love." company={company}>
        <AccountForm returnTo={loaderData.returnTo} prefill={loaderData.prefill} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Complete your profile" subtitle="A few details help hosts know who's coming." company={company}>
      <ProfileForm returnTo={loaderData.returnTo} prefill={loaderData.prefill} details={loaderData.details} />
    </AuthLayout>
  );
}

function useFormState(intent: ActionResult['intent']) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const mine = actionData?.intent === intent ? actionData : undefined;
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  const errors = mine?.fieldErrors ?? {};
  const formError = mine?.formError ?? null;
  const formRef = useFocusFirstError(mine, Object.keys(errors).length > 0 || Boolean(formError));
  return { errors, formError, values: mine?.values, details: mine?.details, photos: mine?.photos, submitting, formRef };
}

function AccountForm({ returnTo, prefill }: { returnTo: string; prefill: { email: string; name: string } }) {
  const { errors, formError, values, submitting, formRef } = useFormState('register');
  const loginHref = returnTo === '/home' ? '/login' : `/login?returnTo=${encodeURIComponent(returnTo)}`;
  return (
    <>
      <Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="register" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          placeholder="Your name"
          defaultValue={values?.name ?? prefill.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={values?.email ?? prefill.email}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          error={errors.password}
          hint="Use 8 or more characters."
        />
        <TermsCheckbox defaultChecked={values?.terms === 'on'} error={errors.terms} />
        {formError ? <Alert>{formError}</Alert> : null}
        <Button type="submit" size="lg" fullWidth loading={submitting}>
          {submitting ? 'Creating account...' : 'Create account'}
        </Button>
      </Form>
      <p className="mt-8 text-center text-[15px] text-slate-600">
        Already have an account?{' '}
        <Link to={loginHref} className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
    </>
  );
}

function ProfileForm({
  returnTo,
  prefill,
  details,
}: {
  returnTo: string;
  prefill: { email: string; name: string; mobileNumber: string; age: string; gender: string };
  details: ProfileDetailsValues;
}) {
  const { errors, formError, values, submitting, formRef, ...sent } = useFormState('profile');
  const [uploading, setUploading] = useState(false);
  return (
    <>
      {prefill.email ? (
        <p className="-mt-3 mb-5 text-sm text-slate-500">
          Signed in as <span className="font-medium text-slate-700">{prefill.email}</span>
        </p>
      ) : null}
      <Form ref={formRef} method="post" noValidate className="space-y-4">
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <ProfilePhotosField initial={sent.photos ?? []} error={errors.photos} onBusyChange={setUploading} />
        <TextField label="Full name" name="name" autoComplete="name" defaultValue={values?.name ?? prefill.name} error={errors.name} />
        <TextField
          label="Age"
          name="age"
          inputMode="numeric"
          autoComplete="off"
          placeholder="18 or older"
          maxLength={3}
          defaultValue={values?.age ?? prefill.age}
          error={errors.age}
        />
        <ChoiceField
          label="Gender"
          name="gender"
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
          defaultValue={values?.gender ?? prefill.gender}
          error={errors.gender}
        />
        <TextField
          label="Mobile number"
          name="mobileNumber"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="98765 43210"
          maxLength={15}
          leading={<span className="text-[15px] font-medium text-slate-600">+91</span>}
          defaultValue={values?.mobileNumber ?? prefill.mobileNumber}
          error={errors.mobileNumber}
          hint="Hosts use it to reach you about events you join."
        />
        <ProfileDetailsFields values={sent.details ?? details} errors={errors} />
        {formError ? <Alert>{formError}</Alert> : null}
        <Button type="submit" size="lg" fullWidth loading={submitting} disabled={uploading}>
          {uploading ? 'Uploading photos...' : submitting ? 'Saving...' : 'Continue'}
        </Button>
      </Form>
      <Form method="post" action="/logout" className="mt-6 text-center">
        <button type="submit" className="text-sm font-medium text-slate-500 hover:text-slate-800">
          Not you? Log out
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
