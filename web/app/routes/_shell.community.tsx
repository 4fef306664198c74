import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isDocumentRequest } from '~/lib/json-response.server';
import { Link, useActionData, useLoaderData, useNavigation, useRouteError, useSearchParams } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { ComposeSheet, POST_INTENT } from '~/components/community/compose-sheet';
import { PostFeed } from '~/components/community/post-feed';
import { useSignedInGuard, useViewer } from '~/components/community/use-viewer';
import { Avatar, useNow } from '~/components/events/event-bits';
import { Page, PageHeader } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { NotificationBell } from '~/components/notifications/notification-bell';
import { Alert } from '~/components/ui/alert';
import { buttonClasses, ButtonLink } from '~/components/ui/button';
import { SegmentedTabs } from '~/components/ui/segmented-tabs';
import { UsersIcon } from '~/components/ui/icons';
import { useToast } from '~/components/ui/toast';
import { requireUser } from '~/lib/auth.server';
import { COMMUNITY_PATH, FEED_TABS, feedHref, feedTabFrom, textProblem, type FeedTab } from '~/lib/community';
import { createPost, loadFeed, loadPostableEvents } from '~/lib/community.server';
import { loginPathFor, signupPathFor } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast, getSession } from '~/lib/session.server';
import { EmptyState } from '~/components/ui/empty-state';

export const meta: MetaFunction = () => [
  { title: 'Community · Tribe' },
  { name: 'description', content: 'Stories, photos and plans from people who go out together on Tribe.' },
];
export const handle: ShellHandle = { ownHeading: true };

const POSTED = 'Your post is live.';

/**
 * /community (SPEC §2; issue 22): the feed, newest first. Guests read it too; liking, commenting
 * and posting ask them to log in. ?tab=following lists the people I follow (a guest is invited to
 * log in instead); ?cursor= is where "Load more" goes on from without JavaScript; ?compose=1 opens
 * the compose sheet (without JavaScript, the page the New post button leads to).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await getSession(request);
  const token = session.get('token') ?? null;
  const userId = session.get('userId') ?? null;
  const tab = feedTabFrom(url.searchParams);
  const cursor = url.searchParams.get('cursor');
  const compose = url.searchParams.get('compose') === '1' && Boolean(token);
  const [feed, events] = await Promise.all([
    tab === 'following' && !token ? null : loadFeed(token, { following: tab === 'following', cursor }),
    compose && token && userId ? loadPostableEvents(token, userId) : null,
  ]);
  return data({ tab, cursor, feed, events, compose, now: Date.now() }, feed && !feed.ok ? { status: feed.status } : undefined);
}

/** intent `post` (text, photos, eventId): publishes a post. The API's refusals come back in its words. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const form = await request.formData();
  if (form.get('intent') !== POST_INTENT) return data({ error: 'Unknown action', fieldError: null, text: '', eventId: null }, 400);
  const text = String(form.get('text') ?? '');
  const eventId = String(form.get('eventId') ?? '') || null;
  const problem = textProblem(text, 'post');
  if (problem) return data({ error: null, fieldError: problem, text, eventId }, 400);
  const photos = form.getAll('photos').map(String).filter(Boolean);
  const result = await createPost(token, { text, photos, eventId });
  if (!result.ok) return data({ error: result.error, fieldError: null, text, eventId }, result.status);
  if (isDocumentRequest(request)) {
    return redirect(COMMUNITY_PATH, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: POSTED }) } });
  }
  return { posted: result.value.id };
}

export default function Community() {
  const { tab, cursor, feed, events, compose, now: loadedAt } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const viewer = useViewer();
  const now = useNow(loadedAt);
  const [composing, setComposing, lastPosted] = useComposer(compose, actionData);
  const signedIn = useSignedInGuard();
  // Until the page has read the feed again after the post: Post sent twice meanwhile would post twice.
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === POST_INTENT;
  const failure = actionData && 'error' in actionData ? actionData : null;

  const startPost = () => {
    if (signedIn('share a post', `${COMMUNITY_PATH}?compose=1`)) setComposing(true);
  };

  return (
    <Page className="space-y-5">
      <PageHeader
        title="Community"
        subtitle="Stories, photos and plans from people who go out together."
        actions={viewer ? <NotificationBell className="lg:hidden" /> : null}
      />

      <SegmentedTabs
        label="Community tabs"
        tabs={FEED_TABS.map((item) => ({ ...item, to: feedHref(item.key) }))}
        current={tab}
        testIdPrefix="community-tab"
      />

      <ComposePrompt name={viewer?.name ?? null} avatar={viewer?.avatar_url ?? null} onStart={startPost} />

      {cursor ? (
        <Link to={feedHref(tab)} className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          Back to the newest posts
        </Link>
      ) : null}

      {feed === null ? (
        <FollowingInvitation />
      ) : !feed.ok ? (
        <div className="space-y-3" data-testid="feed-error">
          <Alert>{feed.error}</Alert>
          <a href={feedHref(tab)} className={buttonClasses('outline', 'sm')}>
            Try again
          </a>
        </div>
      ) : (
        <PostFeed
          // A new post, another tab or another position starts the list afresh.
          key={`${tab}:${cursor ?? ''}:${loadedAt}`}
          initial={feed.value}
          query={tab === 'following' ? { tab } : {}}
          moreHref={(next) => feedHref(tab, next)}
          now={now}
          from={feedHref(tab)}
          label={tab === 'following' ? 'Posts from people you follow' : 'Posts'}
          empty={<EmptyFeed tab={tab} onStart={startPost} />}
        />
      )}

      {viewer ? (
        <ComposeSheet
          // A published post leaves an empty sheet for the next one: its text, photos and event go.
          key={lastPosted ?? 'first'}
          open={composing}
          onClose={() => setComposing(false)}
          initialEvents={events}
          serverText={failure?.text ?? ''}
          serverEventId={failure?.eventId ?? null}
          error={failure?.error ?? null}
          fieldError={failure?.fieldError ?? null}
          submitting={submitting}
        />
      ) : null}
    </Page>
  );
}

/** The sheet is open at ?compose=1 and while the person writes; a published post closes it and says so. */
function useComposer(fromUrl: boolean, actionData: { posted: string } | object | undefined) {
  const [open, setOpen] = useState(fromUrl);
  const toast = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const posted = actionData && 'posted' in actionData ? actionData.posted : null;
  // The last post published from this page: a refused one after it does not change it.
  const [lastPosted, setLastPosted] = useState<string | null>(null);
  useEffect(() => setOpen(fromUrl), [fromUrl]);
  const change = (next: boolean) => {
    setOpen(next);
    // Closed: ?compose=1 goes from the address, so a reload does not open it again.
    if (!next && searchParams.has('compose')) {
      const rest = new URLSearchParams(searchParams);
      rest.delete('compose');
      setSearchParams(rest, { replace: true, preventScrollReset: true });
    }
  };
  const closeAfterPost = useRef(change);
  closeAfterPost.current = change;
  useEffect(() => {
    if (!posted) return;
    closeAfterPost.current(false);
    setLastPosted(posted);
    toast.show({ kind: 'success', message: POSTED });
  }, [posted, toast]);
  return [open, change, lastPosted] as const;
}

/** "Share a moment…": opens the compose sheet (a guest gets the Login Required prompt; without JavaScript, ?compose=1). */
function ComposePrompt({ name, avatar, onStart }: { name: string | null; avatar: string | null; onStart: () => void }) {
  return (
    <Link
      to={name ? `${COMMUNITY_PATH}?compose=1` : loginPathFor(`${COMMUNITY_PATH}?compose=1`)}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onStart();
      }}
      className="flex items-center gap-3 rounded-3xl border border-slate-200 bg-white p-3 text-left hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
      data-testid="compose-prompt"
    >
      {name ? (
        <Avatar name={name} url={avatar} size={40} />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <UsersIcon size={20} />
        </span>
      )}
      <span className="min-w-0 flex-1 truncate text-[15px] text-slate-500">Share a moment from an event…</span>
      <span className={buttonClasses('primary', 'sm', false, 'shrink-0')}>New post</span>
    </Link>
  );
}

function EmptyFeed({ tab, onStart }: { tab: FeedTab; onStart: () => void }) {
  if (tab === 'following') {
    return (
      <EmptyBox title="Nothing from people you follow yet" detail="Follow hosts and fans from their profiles, and their posts gather here.">
        <ButtonLink to={COMMUNITY_PATH} variant="outline">
          See all posts
        </ButtonLink>
      </EmptyBox>
    );
  }
  return (
    <EmptyBox title="No posts yet" detail="Be the first: share a photo or a story from an event, and start the conversation.">
      <ButtonLink
        to={`${COMMUNITY_PATH}?compose=1`}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          onStart();
        }}
      >
        Write the first post
      </ButtonLink>
    </EmptyBox>
  );
}

/** The Following tab for a guest: what it holds, and the way in (no prompt: it is a tab, not an action). */
function FollowingInvitation() {
  const returnTo = feedHref('following');
  return (
    <EmptyBox title="See posts from people you follow" detail="Log in to follow hosts and fans; their posts gather here.">
      <ButtonLink to={loginPathFor(returnTo)}>Login to Continue</ButtonLink>
      <ButtonLink to={signupPathFor(returnTo)} variant="outline">
        Create Account
      </ButtonLink>
    </EmptyBox>
  );
}

function EmptyBox({ title, detail, children }: { title: string; detail: string; children: React.ReactNode }) {
  return <EmptyState icon={<UsersIcon size={28} />} title={title} detail={detail} action={children} testId="feed-empty" />;
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
