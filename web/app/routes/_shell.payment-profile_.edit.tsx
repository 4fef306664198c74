import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { HostsOnlyNotice } from '~/components/payments/hosts-only';
import { PaymentProfileForm } from '~/components/payments/payment-profile-form';
import { Alert } from '~/components/ui/alert';
import { requireUser } from '~/lib/auth.server';
import {
  paymentProfileApiErrors,
  profileFormValues,
  readPaymentProfileForm,
  validatePaymentProfile,
  type PaymentProfileFormErrors,
  type PaymentProfileFormValues,
} from '~/lib/payment-profile';
import { loadPaymentProfile, savePaymentProfile } from '~/lib/payouts.server';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import type { SelfUser } from '~/lib/user';
import { Messages } from '../../../api/src/contracts/messages.js';

export const meta: MetaFunction = () => [{ title: 'Edit Payment Profile · Tribe' }];
export const handle: ShellHandle = { title: 'Edit Payment Profile' };

const isHost = (user: SelfUser) => user.role === 'influencer' || isAdminUser(user);

/** /payment-profile/edit (SPEC §2, the host KYC form), filled from the saved profile but for its secrets. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token, user } = await requireUser(request);
  if (!isHost(user)) return { hostsOnly: true as const, profile: null, loadError: null, values: profileFormValues(null) };
  const read = await loadPaymentProfile(token);
  const profile = read.ok ? read.value : null;
  return { hostsOnly: false as const, profile, loadError: read.ok ? null : read.error, values: profileFormValues(profile) };
}

type ActionResult = { values: PaymentProfileFormValues; errors: PaymentProfileFormErrors };

/**
 * Checks the form with the contract's schema (each problem under its field, nothing sent), then
 * PUT /payment-profile; a refusal of the API goes under the field it names. Saved: back to
 * /payment-profile with "Payment profile saved".
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request);
  const values = readPaymentProfileForm(await request.formData());
  if (!isHost(user)) return data<ActionResult>({ values, errors: { fields: {}, form: Messages.payouts.hostsOnly } }, { status: 403 });
  const check = validatePaymentProfile(values);
  if (!check.ok) return data<ActionResult>({ values, errors: check.errors }, { status: 400 });
  const saved = await savePaymentProfile(token, check.body);
  if (!saved.ok) return data<ActionResult>({ values, errors: paymentProfileApiErrors(saved, values) }, { status: saved.status });
  const cookie = await flashToast(request, { kind: 'success', message: Messages.payouts.profileSaved });
  return redirect('/payment-profile', { headers: { 'Set-Cookie': cookie } });
}

export default function EditPaymentProfilePage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaded.hostsOnly) {
    return (
      <Page>
        <HostsOnlyNotice />
      </Page>
    );
  }
  return (
    <Page className="space-y-4">
      <p className="text-[15px] text-slate-600">
        Tribe pays what your events earn to this account. Your details are checked by their official formats before they are saved.{' '}
        <Link to="/payment-profile" className="font-semibold text-brand-700 underline underline-offset-2">
          Back to your profile
        </Link>
      </p>
      {loaded.loadError ? <Alert>{loaded.loadError}</Alert> : null}
      <PaymentProfileForm values={actionData?.values ?? loaded.values} errors={actionData?.errors ?? null} saved={loaded.profile} />
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
