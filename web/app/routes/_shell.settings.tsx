import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { LogoutForm } from '~/components/auth/logout-button';
import { CalendarFeedSection } from '~/components/calendar/calendar-feed-section';
import { AnalyticsSwitch } from '~/components/layout/analytics-switch';
import { Page, Section } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { BrowserNotificationsSwitch, PushPreferencesForm } from '~/components/notifications/notification-settings';
import { Alert } from '~/components/ui/alert';
import { CalendarIcon } from '~/components/ui/icons';
import {
  BankIcon,
  ChevronRightIcon,
  FileTextIcon,
  LockIcon,
  LogoutIcon,
  ShieldIcon,
  TrashIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '~/components/ui/icons';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { roleFormSchema } from '~/lib/auth-forms';
import { CALENDAR_FEED_INTENTS } from '~/lib/calendar';
import { calendarFeedAction, loadCalendarFeed, type CalendarFeedAnswer } from '~/lib/calendar.server';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { parseForm } from '~/lib/forms';
import type { ShellHandle } from '~/lib/route-handle';
import { mutedFromPushed } from '~/lib/notifications';
import { loadPreferences, loadPushConfig, savePreferences } from '~/lib/notifications.server';
import { isAdminUser } from '~/lib/redirects';
import { flashToast } from '~/lib/session.server';
import { initialsOf } from '~/lib/text';
import type { SelfUser } from '~/lib/user';

export const meta: MetaFunction = () => [{ title: 'Settings · Tribe' }];
export const handle: ShellHandle = { title: 'Settings' };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request);
  const [preferences, pushConfig, calendarFeed] = await Promise.all([loadPreferences(token), loadPushConfig(), loadCalendarFeed(token)]);
  return {
    user: { name: user.name, email: user.email, role: user.role, avatarUrl: user.avatar_url },
    isAdmin: isAdminUser(user),
    preferences,
    webPushPublicKey: pushConfig.ok ? pushConfig.value.webPushPublicKey : null,
    pushConfigError: pushConfig.ok ? null : pushConfig.error,
    calendarFeed,
  };
}

/**
 * intent `preferences`: which types are pushed (the rest are muted); the calendar feed's intents
 * (CALENDAR_FEED_INTENTS); otherwise the fan / influencer view switch.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token, user } = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === CALENDAR_FEED_INTENTS.create || intent === CALENDAR_FEED_INTENTS.revoke) return calendarFeedAction(request, token, intent);
  if (form.get('intent') === 'preferences') {
    const saved = await savePreferences(token, mutedFromPushed(form.getAll('push')));
    if (!saved.ok) return data({ error: saved.error, form: 'preferences' as const }, { status: saved.status });
    const cookie = await flashToast(request, { kind: 'success', message: 'Notification preferences saved.' });
    return redirect('/settings', { headers: { 'Set-Cookie': cookie } });
  }
  const parsed = parseForm(roleFormSchema, form);
  if (!parsed.ok)
    return data({ error: parsed.formError ?? Object.values(parsed.fieldErrors)[0] ?? 'Please choose a view' }, { status: 400 });
  if (isAdminUser(user)) return data({ error: 'Admins do not switch views' }, { status: 403 });
  try {
    await api<SelfUser>('/users/me', { method: 'PUT', token, body: { role: parsed.data.role } });
  } catch (error) {
    return data({ error: error instanceof ApiError ? error.message : 'Could not switch view. Please try again.' }, failureInit(error));
  }
  const label = parsed.data.role === 'influencer' ? 'host' : 'fan';
  const cookie = await flashToast(request, { kind: 'success', message: `You're now in ${label} view.` });
  return redirect('/settings', { headers: { 'Set-Cookie': cookie } });
}

const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund-cancellation', label: 'Refund and Cancellation Policy' },
  { to: '/shipping', label: 'Shipping and Delivery' },
  { to: '/support', label: 'Help and Support' },
];

export default function Settings() {
  const { user, isAdmin, preferences, webPushPublicKey, pushConfigError, calendarFeed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const calendarAnswer = isCalendarFeedAnswer(actionData) ? actionData : null;
  const navigation = useNavigation();
  const pendingRole = navigation.formData?.get('intent') === 'switch-role' ? navigation.formData.get('role') : null;
  const activeRole = (pendingRole as string | null) ?? user.role;

  return (
    <Page className="space-y-6">
      <div className="flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4">
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" className="size-14 rounded-full object-cover" />
        ) : (
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-lg font-semibold text-brand-700">
            {initialsOf(user.name)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">
            <bdi>{user.name ?? 'Your account'}</bdi>
          </p>
          <p className="truncate text-sm text-slate-500">{user.email}</p>
        </div>
      </div>

      {isAdmin ? (
        <Section title="Administration">
          <SettingsLink to="/admin" icon={<ShieldIcon size={20} />} label="Admin dashboard" />
        </Section>
      ) : (
        <section className="space-y-2" aria-labelledby="view-heading">
          <h2 id="view-heading" className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">
            Active view
          </h2>
          <div className="rounded-2xl border border-slate-200 bg-white p-4">
            <p className="text-sm text-slate-600">
              Switch between browsing as a fan and hosting as an influencer. Your events and bookings stay the same.
            </p>
            <Form
              method="post"
              className="mt-4 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
              role="radiogroup"
              aria-label="Active view"
            >
              <input type="hidden" name="intent" value="switch-role" />
              {(['fan', 'influencer'] as const).map((role) => {
                const selected = activeRole === role;
                return (
                  <button
                    key={role}
                    type="submit"
                    name="role"
                    value={role}
                    role="radio"
                    aria-checked={selected}
                    className={cn(
                      'h-10 rounded-lg text-sm font-semibold transition-colors',
                      selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                    )}
                  >
                    {role === 'fan' ? 'Fan' : 'Influencer'}
                  </button>
                );
              })}
            </Form>
            {actionData && 'error' in actionData && !('form' in actionData) ? <Alert className="mt-3">{actionData.error}</Alert> : null}
          </div>
        </section>
      )}

      <Section title="Notifications">
        <BrowserNotificationsSwitch webPushPublicKey={webPushPublicKey} configError={pushConfigError} />
        {preferences.ok ? (
          <PushPreferencesForm muted={preferences.value.muted} admin={isAdmin} />
        ) : (
          <div className="p-4">
            <Alert>{preferences.error}</Alert>
          </div>
        )}
        {actionData && 'form' in actionData && 'error' in actionData && !calendarAnswer ? (
          <div className="p-4">
            <Alert>{String(actionData.error)}</Alert>
          </div>
        ) : null}
      </Section>

      <CalendarFeedSection
        feed={calendarFeed}
        links={calendarAnswer && 'links' in calendarAnswer ? calendarAnswer.links : null}
        error={calendarAnswer && 'error' in calendarAnswer ? calendarAnswer.error : null}
      />

      <Section title="Your activity">
        <SettingsLink to="/my-bookings" icon={<CalendarIcon size={20} />} label="My bookings" />
        <SettingsLink to="/application-status" icon={<FileTextIcon size={20} />} label="Application status" />
        <SettingsLink to="/transactions" icon={<FileTextIcon size={20} />} label="Transactions" />
        {user.role === 'influencer' || isAdmin ? (
          <>
            <SettingsLink to="/my-events" icon={<CalendarIcon size={20} />} label="My events" />
            <SettingsLink to="/manage-application" icon={<UsersIcon size={20} />} label="Applications to your events" />
          </>
        ) : null}
      </Section>

      {user.role === 'influencer' || isAdmin ? (
        <Section title="Getting paid">
          <SettingsLink to="/payouts" icon={<WalletIcon size={20} />} label="Payouts" />
          <SettingsLink to="/payment-profile" icon={<BankIcon size={20} />} label="Payment profile" />
        </Section>
      ) : null}

      <Section title="Account">
        <SettingsLink to="/profile-v2" icon={<UserIcon size={20} />} label="Your profile" />
        <SettingsLink to="/settings/password" icon={<LockIcon size={20} />} label="Change password" />
        <SettingsLink to="/delete-account" icon={<TrashIcon size={20} />} label="Delete account" tone="danger" />
      </Section>

      <Section title="Privacy">
        <AnalyticsSwitch />
      </Section>

      <Section title="Legal and support">
        {LEGAL_LINKS.map((link) => (
          <SettingsLink key={link.to} to={link.to} icon={<FileTextIcon size={20} />} label={link.label} />
        ))}
      </Section>

      <LogoutForm>
        <button
          type="submit"
          className="flex h-12 w-full items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white text-[15px] font-semibold text-rose-600 hover:bg-rose-50"
        >
          <LogoutIcon size={20} />
          Log out
        </button>
      </LogoutForm>
    </Page>
  );
}

function SettingsLink({ to, icon, label, tone }: { to: string; icon: React.ReactNode; label: string; tone?: 'danger' }) {
  return (
    <Link
      to={to}
      className={cn(
        'flex h-14 items-center gap-3 px-4 text-[15px] hover:bg-slate-50',
        tone === 'danger' ? 'text-rose-600' : 'text-slate-800',
      )}
    >
      <span className={tone === 'danger' ? 'text-rose-500' : 'text-slate-500'}>{icon}</span>
      <span className="flex-1">{label}</span>
      <ChevronRightIcon size={18} className="text-slate-400" />
    </Link>
  );
}

const isCalendarFeedAnswer = (answer: unknown): answer is CalendarFeedAnswer =>
  typeof answer === 'object' && answer !== null && 'form' in answer && answer.form === 'calendar-feed';

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
