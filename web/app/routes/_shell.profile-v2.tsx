import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { useState } from 'react';
import { z } from 'zod';
import { RouteErrorPage } from '~/components/layout/error-page';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { ProfileDetailsFields, profileDetailsValues } from '~/components/profile/profile-fields';
import { ProfilePhotosField } from '~/components/profile/profile-photos-field';
import { ProfileView } from '~/components/profile/profile-view';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { ChoiceField, TextField } from '~/components/ui/field';
import { SettingsIcon } from '~/components/ui/icons';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { requireUser } from '~/lib/auth.server';
import { profileFormSchema } from '~/lib/auth-forms';
import { parseForm, type FieldErrors } from '~/lib/forms';
import { arrangePhotos, photosOf } from '~/lib/profile';
import { profileDetailsBody, profileDetailsInput, profileDetailsSchema } from '~/lib/profile-form';
import { saveProfile, toPublicProfile } from '~/lib/profile.server';
import { isAdminUser } from '~/lib/redirects';
import { flashToast } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Profile · Tribe' }];

/**
 * The Profile tab (SPEC §2): your profile as others see it, and with `?edit=1` the editor of every
 * field (photos, details, social links). /profile is the same page (routes/_shell.profile.tsx).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const editing = new URL(request.url).searchParams.get('edit') === '1';
  return {
    profile: toPublicProfile(user),
    editing,
    form: {
      name: user.name ?? '',
      age: user.age === null ? '' : String(user.age),
      gender: user.gender ?? '',
      mobileNumber: (user.mobile_number ?? '').replace(/^\+91/, ''),
      facebook: user.facebook_url ?? '',
      youtube: user.youtube_url ?? '',
      photos: photosOf(user),
      details: profileDetailsValues(user),
      admin: isAdminUser(user),
    },
  };
}

const link = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, { message: `${label} link is too long` })
    .transform((value) => value || null)
    .pipe(z.url({ protocol: /^https$/, message: `Please enter the full https:// address of your ${label} page` }).nullable());

const socialLinksSchema = z.object({ facebook: link('Facebook'), youtube: link('YouTube') });

export async function action({ request }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request);
  const admin = isAdminUser(user);
  const form = await request.formData();
  const input = profileDetailsInput(form, { admin });
  const photos = form.getAll('photos').map(String);
  const text = (name: string) => String(form.get(name) ?? '');
  // What was sent, so a refused form comes back as it was filled in (without JavaScript too).
  const sent = {
    name: text('name'),
    age: text('age'),
    gender: text('gender'),
    mobileNumber: text('mobileNumber'),
    facebook: text('facebook'),
    youtube: text('youtube'),
    photos,
    details: input,
  };
  const basics = parseForm(profileFormSchema, form);
  const details = parseForm(profileDetailsSchema, input);
  const social = parseForm(socialLinksSchema, { facebook: String(form.get('facebook') ?? ''), youtube: String(form.get('youtube') ?? '') });
  if (!basics.ok || !details.ok || !social.ok) {
    const fieldErrors: FieldErrors = {
      ...(social.ok ? {} : social.fieldErrors),
      ...(details.ok ? {} : details.fieldErrors),
      ...(basics.ok ? {} : basics.fieldErrors),
    };
    return data({ fieldErrors, error: null, sent }, 400);
  }
  const result = await saveProfile(token, {
    ...profileDetailsBody(details.data, { admin }),
    name: basics.data.name,
    age: basics.data.age,
    gender: basics.data.gender,
    mobile_number: basics.data.mobileNumber,
    facebook_url: social.data.facebook,
    youtube_url: social.data.youtube,
    ...arrangePhotos(photos),
  });
  if (!result.ok) return data({ fieldErrors: {} as FieldErrors, error: result.error, sent }, result.status);
  return redirect('/profile-v2', {
    headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Your profile is saved.' }) },
  });
}

export default function Profile() {
  const { profile, editing, form } = useLoaderData<typeof loader>();
  if (!editing) {
    return (
      <ProfileView
        profile={profile}
        intro="Say hello to your tribe — a short bio helps hosts and fans get to know you."
        actions={
          <>
            <NotificationBell className="lg:hidden" linkClassName="border border-slate-300 bg-white hover:bg-slate-50" />
            <Link to="/profile-v2?edit=1" className={buttonClasses('primary', 'sm', false, 'shadow-sm')}>
              Edit profile
            </Link>
            <Link to="/settings" className={buttonClasses('outline', 'sm')}>
              <SettingsIcon size={16} />
              Settings
            </Link>
          </>
        }
      />
    );
  }
  return <ProfileEditor form={form} />;
}

function ProfileEditor({ form: stored }: { form: ReturnType<typeof useLoaderData<typeof loader>>['form'] }) {
  const actionData = useActionData<typeof action>();
  const form = actionData?.sent ? { ...stored, ...actionData.sent } : stored;
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const errors = actionData?.fieldErrors ?? {};
  const formRef = useFocusFirstError(actionData, Object.keys(errors).length > 0 || Boolean(actionData?.error));
  const saving = navigation.state === 'submitting';
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Edit profile</h1>
      <Form ref={formRef} method="post" action="/profile-v2?edit=1" noValidate className="mt-6 space-y-5">
        <ProfilePhotosField initial={form.photos} error={errors.photos} onBusyChange={setUploading} />
        <TextField label="Full name" name="name" autoComplete="name" defaultValue={form.name} error={errors.name} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Age" name="age" inputMode="numeric" maxLength={3} defaultValue={form.age} error={errors.age} />
          <TextField
            label="Mobile number"
            name="mobileNumber"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
            leading={<span className="text-[15px] font-medium text-slate-600">+91</span>}
            defaultValue={form.mobileNumber}
            error={errors.mobileNumber}
          />
        </div>
        <ChoiceField
          label="Gender"
          name="gender"
          options={[
            { value: 'male', label: 'Male' },
            { value: 'female', label: 'Female' },
          ]}
          defaultValue={form.gender}
          error={errors.gender}
        />
        <ProfileDetailsFields values={form.details} errors={errors} withRole={!form.admin} />
        <TextField
          label="Facebook"
          name="facebook"
          type="url"
          placeholder="https://facebook.com/you"
          defaultValue={form.facebook}
          error={errors.facebook}
        />
        <TextField
          label="YouTube"
          name="youtube"
          type="url"
          placeholder="https://youtube.com/@you"
          defaultValue={form.youtube}
          error={errors.youtube}
        />
        {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
        <div className="flex gap-3">
          <Link to="/profile-v2" className={buttonClasses('outline', 'lg', true)}>
            Cancel
          </Link>
          <Button type="submit" size="lg" fullWidth loading={saving} disabled={uploading}>
            {uploading ? 'Uploading photos...' : saving ? 'Saving...' : 'Save profile'}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
