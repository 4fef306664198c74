import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import {
  Form,
  isRouteErrorResponse,
  Link,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteError,
  useSubmit,
} from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { EmptyState } from '~/components/ui/empty-state';
import { useNow } from '~/components/events/event-bits';
import { Page } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { useLiveNotifications } from '~/components/notifications/live-notifications';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { TrashIcon } from '~/components/ui/icons';
import { formatRelativeTime } from '~/lib/applications';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { groupByDay, INBOX_PATH, MAX_INBOX_PAGES } from '~/lib/notifications';
import { deleteNotification, loadInbox, markAllRead, openNotification } from '~/lib/notifications.server';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import type { NotificationView } from '../../../api/src/contracts/notifications.contract.js';

export const meta: MetaFunction = () => [{ title: 'Notifications · Tribe' }];
export const handle: ShellHandle = { title: 'Notifications', ownHeading: true };

/** How many pages of the inbox are shown (`?page=N`: "Load more" adds one). */
function pagesShown(request: Request): number {
  const value = Number.parseInt(new URL(request.url).searchParams.get('page') ?? '', 10);
  return Number.isFinite(value) ? Math.min(Math.max(value, 1), MAX_INBOX_PAGES) : 1;
}

/** The inbox address for the pages shown, so an action without JavaScript comes back to the same list. */
const inboxAt = (pages: number) => (pages > 1 ? `${INBOX_PATH}?page=${pages}` : INBOX_PATH);

/**
 * /notifications (SPEC §2, §3): the signed-in person's notifications, newest first, grouped by day;
 * 20 at a time with "Load more". Opening one marks it read and opened and leads to its page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const pages = pagesShown(request);
  const inbox = await loadInbox(token, pages);
  return data({ inbox, pages, now: Date.now() }, inbox.ok ? undefined : { status: inbox.status });
}

/** intent `open` (id): mark opened and go to its link; `delete` (id); `read-all`. Refusals carry the API's message. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const back = inboxAt(pagesShown(request));

  if (intent === 'open') {
    const opened = await openNotification(token, id);
    return opened.ok ? redirect(opened.value) : data({ error: opened.error }, { status: opened.status });
  }
  if (intent === 'delete') {
    const deleted = await deleteNotification(token, id);
    if (!deleted.ok) return data({ error: deleted.error }, { status: deleted.status });
    // Without JavaScript the form navigates: back to the same list. With it, the list just reads again.
    return request.headers.get('Accept')?.includes('text/html') ? redirect(back) : { ok: true };
  }
  if (intent === 'read-all') {
    const read = await markAllRead(token);
    if (!read.ok) return data({ error: read.error }, { status: read.status });
    const message = read.value.updated === 1 ? '1 notification marked as read' : `${read.value.updated} notifications marked as read`;
    return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) } });
  }
  return data({ error: 'Unknown action' }, { status: 400 });
}

export default function NotificationsPage() {
  const { inbox, pages, now: loadedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const now = useNow(loadedAt);
  const notifications = inbox.ok ? inbox.value.notifications : [];
  const unread = inbox.ok ? inbox.value.unreadCount : 0;
  useNewArrivals(notifications);

  const markingAll = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'read-all';
  const loadingMore = navigation.state === 'loading' && navigation.location?.search === `?page=${pages + 1}`;
  const error = actionData && 'error' in actionData ? actionData.error : null;

  return (
    <Page className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="mt-1 text-[15px] text-slate-600" data-testid="unread-summary">
            {unread > 0 ? `${unread} unread` : 'You are all caught up.'}
          </p>
        </div>
        {unread > 0 ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" size="sm" loading={markingAll}>
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </div>

      {!inbox.ok ? <Alert>{inbox.error}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}

      {inbox.ok && notifications.length === 0 ? (
        <EmptyState
          title="No notifications yet"
          detail="Applications, decisions on them, event changes, likes and comments on your posts, and news from Tribe show up here."
          action={
            <Link to="/home" className={buttonClasses('outline', 'md')}>
              Explore events
            </Link>
          }
        />
      ) : null}

      {groupByDay(notifications, now).map((group) => (
        <section key={group.label} aria-label={group.label} className="space-y-2">
          <h2 className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">{group.label}</h2>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
            {group.items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} now={now} />
            ))}
          </ul>
        </section>
      ))}

      {inbox.ok && inbox.value.hasMore ? (
        <div className="flex justify-center">
          <Link to={inboxAt(pages + 1)} preventScrollReset replace className={buttonClasses('outline', 'md')}>
            {loadingMore ? 'Loading...' : 'Load more'}
          </Link>
        </div>
      ) : null}
    </Page>
  );
}

function NotificationRow({ notification, now }: { notification: NotificationView; now: number }) {
  const submit = useSubmit();
  const remover = useFetcher<typeof action>();
  const removing = remover.state !== 'idle';
  const failed = remover.data && 'error' in remover.data ? remover.data.error : null;
  const unread = !notification.isRead;

  return (
    <li
      data-testid="notification"
      data-unread={unread ? 'true' : 'false'}
      className={cn(unread && 'bg-brand-50/40', removing && 'opacity-50')}
    >
      <div className="flex items-start">
        {/* A link, so it opens in a new tab and works without JavaScript; with it the open is a POST and the page changes in place. */}
        <a
          href={`/notifications/${notification.id}/open`}
          onClick={(click) => {
            if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
            click.preventDefault();
            submit({ intent: 'open', id: notification.id }, { method: 'post', preventScrollReset: true });
          }}
          className="flex min-w-0 flex-1 gap-3 px-4 py-3.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          <span
            aria-hidden="true"
            className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
            data-testid={unread ? 'unread-dot' : undefined}
          />
          <span className="min-w-0 flex-1">
            <span className={cn('block text-[15px]', unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>
              {unread ? <span className="sr-only">Unread: </span> : null}
              <bdi>{notification.title}</bdi>
            </span>
            {notification.body ? (
              <span dir="auto" className="mt-0.5 block text-sm text-slate-600">
                {notification.body}
              </span>
            ) : null}
            <time dateTime={notification.createdAt} className="mt-1 block text-xs text-slate-500">
              {formatRelativeTime(notification.createdAt, now)}
            </time>
          </span>
          {notification.imageUrl ? <img src={notification.imageUrl} alt="" className="size-12 shrink-0 rounded-lg object-cover" /> : null}
        </a>
        <remover.Form method="post" preventScrollReset className="shrink-0 py-2 pr-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={notification.id} />
          <button
            type="submit"
            disabled={removing}
            aria-label={`Delete notification: ${notification.title}`}
            className="btn-icon text-slate-500 hover:bg-rose-50 hover:text-rose-600"
          >
            <TrashIcon size={18} />
          </button>
        </remover.Form>
      </div>
      {failed ? (
        <p role="alert" className="px-4 pb-3 pl-9.5 text-sm text-rose-700">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

/** A notification the live poll brings that the list does not show yet: the list reads again (once per arrival). */
function useNewArrivals(shown: readonly NotificationView[]) {
  const { latest } = useLiveNotifications();
  const { revalidate } = useRevalidator();
  const newest = latest[0]?.id;
  const known = !newest || shown.some((item) => item.id === newest);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (known || !newest || asked.current === newest) return;
    asked.current = newest;
    revalidate();
  }, [newest, known, revalidate]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
