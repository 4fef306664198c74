import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { isDocumentRequest } from '~/lib/json-response.server';
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { useState } from 'react';
import { AuthorLine } from '~/components/community/author-line';
import { COMMENT_INTENTS, CommentThread, type RefusedComment } from '~/components/community/comment-thread';
import { LikeButton } from '~/components/community/like-button';
import { EventChip, FullPhotos, WrittenText } from '~/components/community/post-parts';
import { PostPhotosField } from '~/components/community/post-photos-field';
import { PostRouteError } from '~/components/community/post-route-error';
import { useSignedInGuard, useViewer } from '~/components/community/use-viewer';
import { useWrittenDraft, WrittenField } from '~/components/community/written-field';
import { useHydrated, useNow } from '~/components/events/event-bits';
import { ShareButton } from '~/components/events/share-button';
import { Page } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { ChatIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';
import { COMMUNITY_PATH, postPath, postPreview, textProblem } from '~/lib/community';
import { addComment, deleteComment, deletePost, loadComments, loadPost, updateComment, updatePost } from '~/lib/community.server';
import { linkPreviewMeta } from '~/lib/link-preview';
import { isAdminUser } from '~/lib/redirects';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast, getToken } from '~/lib/session.server';
import type { PostView } from '../../../api/src/contracts/community.contract.js';

export const handle: ShellHandle = { title: 'Post' };

const POST_INTENTS = { edit: 'edit-post', remove: 'delete-post' } as const;
const NO_COMMENTS = { comments: [], nextCursor: null };

/**
 * /post/{postId} (SPEC §2; issue 22): one post with its photos full width, its comments (oldest
 * first, "Load more"), the reply box, likes, share, edit and delete for its author, report for
 * anyone else. Guests read it; what they would write asks them to log in. Its link previews carry
 * the post's words and first photo. ?cursor= goes on with the comments without JavaScript;
 * ?edit=1 is the author's edit form.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = await getToken(request);
  const id = params.postId ?? '';
  const cursor = url.searchParams.get('cursor');
  const [post, comments] = await Promise.all([loadPost(token, id), loadComments(token, id, cursor)]);
  return {
    post,
    comments,
    cursor,
    editing: url.searchParams.get('edit') === '1' && post.isMine,
    editingCommentId: url.searchParams.get('editComment'),
    now: Date.now(),
    origin: url.origin,
    shareUrl: `${url.origin}${postPath(post.id)}`,
  };
}

/**
 * A refusal: JSON for the page's own forms, or (without JavaScript) back to the post with the
 * message as a toast; a refused comment instead comes back on the page with what was written.
 */
async function refused(request: Request, back: string, error: string, status: number, draft?: RefusedComment) {
  if (!isDocumentRequest(request)) return data({ error }, { status });
  if (draft) return data({ error, refusedComment: { ...draft, error } }, { status });
  return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'error', message: error }) } });
}

/**
 * intent `comment` (text), `edit-comment` / `delete-comment` (commentId): the comment forms, which
 * answer JSON to the page (or, without JavaScript, come back to the post). `edit-post` (text,
 * photos) and `delete-post`: the author's (delete: an admin's too).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const id = params.postId ?? '';
  const back = postPath(id);
  const form = await request.formData();
  const intent = form.get('intent');
  const text = String(form.get('text') ?? '');
  const commentId = String(form.get('commentId') ?? '');
  const page = isDocumentRequest(request);
  // Without JavaScript, back to the page of comments the form was on (its ?cursor=), saying what happened.
  const cursor = new URL(request.url).searchParams.get('cursor');
  const backHere = async (hash: string, message: string) =>
    redirect(`${back}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}${hash}`, {
      headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message }) },
    });

  if (intent === COMMENT_INTENTS.add || intent === COMMENT_INTENTS.edit) {
    const draft: RefusedComment = { text, commentId: intent === COMMENT_INTENTS.edit ? commentId : null };
    const problem = textProblem(text, 'comment');
    if (problem) return refused(request, back, problem, 400, draft);
    const result = intent === COMMENT_INTENTS.add ? await addComment(token, id, text) : await updateComment(token, commentId, text);
    if (!result.ok) return refused(request, back, result.error, result.status, draft);
    if (!page) return { comment: result.value };
    return backHere(`#comment-${result.value.id}`, intent === COMMENT_INTENTS.add ? 'Comment posted.' : 'Comment saved.');
  }
  if (intent === COMMENT_INTENTS.remove) {
    const result = await deleteComment(token, commentId);
    if (!result.ok) return refused(request, back, result.error, result.status);
    return page ? backHere('#comments', 'Comment deleted.') : { deleted: commentId };
  }
  if (intent === POST_INTENTS.edit) {
    const problem = textProblem(text, 'post');
    if (problem) return data({ error: problem, text }, { status: 400 });
    const photos = form.getAll('photos').map(String).filter(Boolean);
    const result = await updatePost(token, id, { text, photos });
    if (!result.ok) return data({ error: result.error, text }, { status: result.status });
    return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Post updated.' }) } });
  }
  if (intent === POST_INTENTS.remove) {
    const result = await deletePost(token, id);
    if (!result.ok) return data({ error: result.error, text: null }, { status: result.status });
    return redirect(COMMUNITY_PATH, {
      headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: 'Post deleted.' }) },
    });
  }
  return data({ error: 'Unknown action', text: null }, { status: 400 });
}

/** The comment forms keep their own list up to date: reading the post again would throw away the comments loaded since. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get('intent');
  if (typeof intent === 'string' && (Object.values(COMMENT_INTENTS) as string[]).includes(intent)) return false;
  return defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => {
  if (!loaded?.post) return [{ title: 'Post not found · Tribe' }];
  const { title, description } = postPreview(loaded.post);
  return linkPreviewMeta({
    pageTitle: `${title} · Community`,
    title,
    description,
    type: 'article',
    url: loaded.shareUrl,
    image: loaded.post.photos[0],
    origin: loaded.origin,
  });
};

export default function PostPage() {
  const { post, comments, cursor, editing, editingCommentId, now: loadedAt, shareUrl } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const viewer = useViewer();
  const now = useNow(loadedAt);
  const href = postPath(post.id);
  const refusedComment = actionData && 'refusedComment' in actionData ? (actionData.refusedComment as RefusedComment) : null;
  // A refused comment says why beside its own box when that box is on the page (the reply box, or
  // one's own comment's edit box); any other refusal, or one whose comment is not shown, at the top.
  const besideItsBox =
    refusedComment !== null &&
    (refusedComment.commentId === null ||
      (comments.ok && comments.value.comments.some((comment) => comment.id === refusedComment.commentId && comment.isMine)));
  const error = actionData && 'error' in actionData && !besideItsBox ? actionData.error : null;
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('intent') === POST_INTENTS.remove;
  const mayDelete = post.isMine || isAdminUser(viewer);

  return (
    <Page className="pb-10">
      {error && !editing ? <Alert className="mb-4">{error}</Alert> : null}
      <article aria-labelledby="post-author" data-testid="post-page">
        <AuthorLine post={post} now={now} from={href} headingId="post-author" />
        {editing ? (
          <EditPost
            post={post}
            error={error}
            serverText={actionData && 'text' in actionData && typeof actionData.text === 'string' ? actionData.text : null}
          />
        ) : (
          <>
            <WrittenText text={post.text} className="mt-3 text-base" />
            {post.event ? <EventChip event={post.event} /> : null}
            <FullPhotos photos={post.responsivePhotos} author={post.author.name} />
          </>
        )}
        <div className="mt-3 flex flex-wrap items-center gap-1 border-y border-slate-200 py-1">
          <LikeButton target="post" id={post.id} initial={{ liked: post.likedByMe, likeCount: post.likeCount }} />
          <CommentButton postId={post.id} />
          <ShareButton
            url={shareUrl}
            title={postPreview(post).title}
            label="Share post"
            failure="Could not share this post"
            className="ml-auto"
          />
        </div>
        {!editing && (post.isMine || mayDelete || viewer) ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            {post.isMine ? (
              <Link to={`${href}?edit=1`} className={buttonClasses('ghost', 'sm')}>
                Edit post
              </Link>
            ) : null}
            {mayDelete ? (
              <ConfirmStep
                confirmKey="post"
                question="Delete this post? Its photos, likes and comments go with it."
                trigger="Delete post"
                triggerClassName={buttonClasses('ghost', 'sm', false, 'text-rose-700 hover:bg-rose-50')}
                confirmLabel="Delete"
                fields={{ intent: POST_INTENTS.remove }}
                busy={deleting}
              />
            ) : null}
            {viewer && !post.isMine ? (
              <Link to={`${href}/report`} className={buttonClasses('ghost', 'sm', false, 'text-slate-600')}>
                Report post
              </Link>
            ) : null}
          </div>
        ) : null}
      </article>

      <CommentThread
        key={`${post.id}:${cursor ?? ''}`}
        postId={post.id}
        initial={comments.ok ? comments.value : NO_COMMENTS}
        total={post.commentCount}
        now={now}
        editingId={editingCommentId}
        refused={refusedComment}
        unreadable={comments.ok ? null : comments.error}
      />
    </Page>
  );
}

/** Comment: to the reply box (a guest gets the Login Required prompt). */
function CommentButton({ postId }: { postId: string }) {
  const signedIn = useSignedInGuard();
  const href = `${postPath(postId)}#reply`;
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        if (!signedIn('comment', href)) return;
        const box = document.getElementById('reply');
        box?.scrollIntoView({ block: 'center' });
        box?.focus();
      }}
      className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ChatIcon size={20} />
      Comment
    </a>
  );
}

/** The author's edit form: the text (with its counter) and the photos; the event a post is about does not change. */
function EditPost({ post, error, serverText }: { post: PostView; error: string | null; serverText: string | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const draft = useWrittenDraft('post', serverText ?? post.text);
  const [uploading, setUploading] = useState(false);
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === POST_INTENTS.edit;

  return (
    <Form method="post" onSubmit={(event) => draft.holdBack(event, uploading)} className="mt-4 space-y-4" aria-label="Edit your post">
      <input type="hidden" name="intent" value={POST_INTENTS.edit} />
      <WrittenField id="edit-post-text" label="Your post" draft={draft} serverProblem={error} rows={6} autoFocus />
      <PostPhotosField initial={post.photos} hydrated={hydrated} onBusyChange={setUploading} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving} disabled={hydrated && (uploading || draft.length.tooLong)}>
          Save changes
        </Button>
        <Link to={postPath(post.id)} className={buttonClasses('ghost', 'md')}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <PostRouteError />;
}
