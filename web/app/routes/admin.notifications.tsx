import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { AdminPageHeader } from '~/components/admin/admin-page-header';
import { AnnouncementHistory } from '~/components/admin/announcement-history';
import { NotificationComposer, type ComposerState } from '~/components/admin/notification-composer';
import { ForbiddenPage, RouteErrorPage } from '~/components/layout/error-page';
import { Alert } from '~/components/ui/alert';
import { requireAdmin } from '~/lib/admin.server';
import { announcementFromForm, countableAudience, testFromForm, type ComposerValues } from '~/lib/admin-notifications';
import { countAudience, loadAnnouncements, loadCities, retryFailed, sendAnnouncement, sendTest } from '~/lib/admin-notifications.server';
import { readValidationMessage } from '../../../api/src/contracts/validation-message.js';
import { flashToast } from '~/lib/session.server';

export const meta: MetaFunction = () => [{ title: 'Notifications · Admin · Tribe' }];

/** /admin/notifications: the composer and the history (GET /admin/notifications, newest first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireAdmin(request);
  const page = Math.max(1, Number(new URL(request.url).searchParams.get('page')) || 1);
  const [history, cities] = await Promise.all([loadAnnouncements(token, page), loadCities(token)]);
  return { history, cities: cities.ok ? cities.value : [] };
}

/**
 * The composer starts again from the form as posted: after a refusal, a test send (the admin sends
 * it for real next) and an audience size check (intent=preview).
 */
type ActionResult = { composer: ComposerState; checkedSize: number | null } | { error: string };

const refuse = (values: ComposerValues, fieldErrors: ComposerState['fieldErrors'], formError: string | null, status = 400) =>
  data<ActionResult>({ composer: { values, fieldErrors, formError }, checkedSize: null }, { status });

/** The API's refusal on its field ("audience.user_ids: no such person: …" goes under the ids). */
function apiRefusal(values: ComposerValues, error: string, status: number) {
  const named = readValidationMessage(error);
  if (!named) return refuse(values, {}, error, status);
  const field = named.field === 'audience' ? (/^audience\.(city|role|user_ids)/.exec(error)?.[1] ?? 'audience') : named.field;
  return refuse(values, { [field]: named.problem }, null, status);
}

async function done(request: Request, message: string) {
  return redirect('/admin/notifications', { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) } });
}

/**
 * intent=send: POST /admin/notifications; intent=test: POST /admin/notifications/test (the admin's
 * own devices and inbox); intent=preview: the audience size, for browsers without JavaScript;
 * intent=retry (id): POST /admin/notifications/{id}/retry.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)])) as ComposerValues;

  if (intent === 'send') {
    const parsed = announcementFromForm(values);
    if (!parsed.ok) return refuse(values, parsed.fieldErrors, null);
    const result = await sendAnnouncement(token, parsed.data);
    if (!result.ok) return apiRefusal(values, result.error, result.status);
    return done(request, parsed.data.send_at ? 'Announcement scheduled' : 'Announcement on its way');
  }
  if (intent === 'test') {
    const parsed = testFromForm(values);
    if (!parsed.ok) return refuse(values, parsed.fieldErrors, null);
    const result = await sendTest(token, parsed.data);
    if (!result.ok) return apiRefusal(values, result.error, result.status);
    const devices = result.value.devices;
    const cookie = await flashToast(request, {
      kind: 'success',
      message: `Test sent to your inbox and ${devices === 1 ? '1 device' : `${devices} devices`}`,
    });
    return data<ActionResult>(
      { composer: { values, fieldErrors: {}, formError: null }, checkedSize: null },
      { headers: { 'Set-Cookie': cookie } },
    );
  }
  if (intent === 'preview') {
    const audience = countableAudience(values);
    if (!audience) return refuse(values, { audience: 'Finish choosing the audience to see its size' }, null);
    const result = await countAudience(token, audience);
    if (!result.ok) return apiRefusal(values, result.error, result.status);
    return data<ActionResult>({ composer: { values, fieldErrors: {}, formError: null }, checkedSize: result.value.count });
  }
  if (intent === 'retry') {
    const result = await retryFailed(token, String(form.get('id') ?? ''));
    if (!result.ok) return data<ActionResult>({ error: result.error }, { status: result.status });
    const { retried } = result.value;
    return done(request, `${retried === 1 ? '1 failed delivery' : `${retried} failed deliveries`} queued again`);
  }
  return data<ActionResult>({ error: 'Unknown action' }, { status: 400 });
}

export default function AdminNotificationsPage() {
  const { history, cities } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? null;
  const posted = result && 'composer' in result ? result : null;
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Notifications">
        Announce something to everyone, a city, a role or a list of people — now or at a time. Each person gets it in their inbox and as a
        push on their devices.
      </AdminPageHeader>
      {result && 'error' in result ? <Alert>{result.error}</Alert> : null}
      <NotificationComposer
        key={posted ? JSON.stringify(posted.composer) : 'new'}
        cities={cities}
        state={posted?.composer ?? null}
        checkedSize={posted?.checkedSize ?? null}
      />
      {history.ok ? (
        <AnnouncementHistory items={history.value.notifications} pagination={history.value.pagination} />
      ) : (
        <Alert>{history.error}</Alert>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
