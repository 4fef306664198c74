import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '~/components/events/event-bits';
import { VerifiedBadge } from '~/components/profile/verified-badge';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses, Spinner } from '~/components/ui/button';
import { ConfirmStep } from '~/components/ui/confirm-step';
import { useToast } from '~/components/ui/toast';
import { readJson, useLoadMore } from '~/components/ui/load-more';
import { appendNew, LOAD_MORE_FAILED, postPath, writtenAgo } from '~/lib/community';
import { isAdminUser, loginPathFor } from '~/lib/redirects';
import { profilePreviewPath } from '~/lib/profile';
import type { CommentPageView, CommentView } from '../../../../api/src/contracts/community.contract.js';
import { COMMUNITY_RESOURCE } from './community-request';
import { LikeButton } from './like-button';
import { WrittenText } from './post-parts';
import { useSignedInGuard, useViewer } from './use-viewer';
import { useWrittenDraft, WrittenField } from './written-field';

export const COMMENT_INTENTS = { add: 'comment', edit: 'edit-comment', remove: 'delete-comment' } as const;

/** What the post page's action answers a comment form sent with JavaScript. */
export type CommentAnswer = { comment: CommentView } | { deleted: string } | { error: string };

/** A comment form's answer (null until one comes); `onAnswer` hears each new one once. */
function useCommentAnswer(fetcher: { data: unknown }, onAnswer: (answer: CommentAnswer) => void): CommentAnswer | null {
  const answer = fetcher.data && typeof fetcher.data === 'object' ? (fetcher.data as CommentAnswer) : null;
  const heard = useRef(onAnswer);
  heard.current = onAnswer;
  useEffect(() => {
    if (answer) heard.current(answer);
  }, [answer]);
  return answer;
}

/**
 * A post's comments, oldest first: the first page from the server, "Load more" for the rest
 * (read in place, or the page that goes on from there without JavaScript), the reply box, and each
 * comment's like, edit and delete (its author; delete an admin's too) or report (anyone else). A new comment shows at
 * once at the end, even before the pages between are read.
 */
/** A comment the server refused, sent without JavaScript: shown again in its form (the reply box, or the comment's edit box). */
export interface RefusedComment {
  text: string;
  commentId: string | null;
  /** Why, said beside the box it was written in. */
  error?: string;
}

export function CommentThread({
  postId,
  initial,
  total: initialTotal,
  now,
  editingId,
  refused = null,
  unreadable = null,
}: {
  postId: string;
  initial: CommentPageView;
  total: number;
  now: number;
  /** The comment whose edit form is open (?editComment= without JavaScript). */
  editingId: string | null;
  refused?: RefusedComment | null;
  /** This page of comments could not be read (a bad ?cursor=, the API failing): said in its place; the reply box stays. */
  unreadable?: string | null;
}) {
  const toast = useToast();
  const [loaded, setLoaded] = useState(initial.comments);
  const [added, setAdded] = useState<CommentView[]>([]);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [total, setTotal] = useState(initialTotal);
  const later = added.filter((comment) => !loaded.some((shown) => shown.id === comment.id));
  const { loading, failed, failure, loadMore } = useLoadMore({
    next: cursor || null,
    read: (next) => {
      const params = new URLSearchParams({ list: 'comments', postId, cursor: next });
      return readJson(`${COMMUNITY_RESOURCE}?${params.toString()}`, (body: { comments?: CommentPageView }) =>
        Array.isArray(body.comments?.comments) ? body.comments : null,
      );
    },
    onPage: (page) => {
      setLoaded((current) => appendNew(current, page.comments));
      setCursor(page.nextCursor);
    },
    failure: LOAD_MORE_FAILED.comments,
  });

  const replace = (comment: CommentView) => {
    const swap = (list: CommentView[]) => list.map((item) => (item.id === comment.id ? comment : item));
    setLoaded(swap);
    setAdded(swap);
  };
  const remove = (id: string) => {
    setLoaded((list) => list.filter((item) => item.id !== id));
    setAdded((list) => list.filter((item) => item.id !== id));
    setTotal((count) => Math.max(0, count - 1));
    // Its Delete button went with it: the keyboard goes on from the comments' heading, and it is said.
    document.getElementById('comments-heading')?.focus();
    toast.show({ kind: 'success', message: 'Comment deleted.' });
  };
  const add = (comment: CommentView) => {
    setAdded((list) => appendNew(list, [comment]));
    setTotal((count) => count + 1);
  };

  const item = (comment: CommentView) => (
    <CommentItem
      key={comment.id}
      comment={comment}
      postId={postId}
      now={now}
      startEditing={comment.isMine && (comment.id === editingId || comment.id === refused?.commentId)}
      draftText={comment.id === refused?.commentId ? refused.text : null}
      draftProblem={comment.id === refused?.commentId ? (refused.error ?? null) : null}
      onEdited={replace}
      onDeleted={remove}
    />
  );

  return (
    <section aria-labelledby="comments-heading" id="comments" className="mt-6 scroll-mt-20">
      <h2 id="comments-heading" tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Comments <span className="text-base font-medium text-slate-500">({total})</span>
      </h2>
      {unreadable ? (
        <div className="mt-3 space-y-2">
          <Alert>{unreadable}</Alert>
          <Link to={`${postPath(postId)}#comments`} className={buttonClasses('outline', 'sm')}>
            Back to the first comments
          </Link>
        </div>
      ) : null}
      {loaded.length === 0 && later.length === 0 && !cursor && !unreadable ? (
        <p className="mt-3 text-[15px] text-slate-600" data-testid="no-comments">
          No comments yet. Start the conversation.
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-100" data-testid="comment-list">
        {loaded.map(item)}
      </ul>
      {cursor ? (
        <div className="flex flex-col items-center gap-2 py-3">
          {failed ? <Alert className="w-full">{failure}</Alert> : null}
          {loading ? (
            <span className="flex items-center gap-2 text-sm text-slate-500" role="status">
              <Spinner /> Loading comments…
            </span>
          ) : (
            <Link
              to={`${postPath(postId)}?cursor=${encodeURIComponent(cursor)}#comments`}
              onClick={(event) => {
                event.preventDefault();
                void loadMore();
              }}
              className={buttonClasses('outline', 'sm')}
            >
              {failed ? 'Retry' : 'Load more comments'}
            </Link>
          )}
        </div>
      ) : null}
      {later.length > 0 ? <ul className="divide-y divide-slate-100">{later.map(item)}</ul> : null}
      <ReplyBox
        postId={postId}
        initialText={refused && !refused.commentId ? refused.text : ''}
        initialProblem={refused && !refused.commentId ? (refused.error ?? null) : null}
        onAdded={add}
      />
    </section>
  );
}

function CommentItem({
  comment,
  postId,
  now,
  startEditing,
  draftText,
  draftProblem,
  onEdited,
  onDeleted,
}: {
  comment: CommentView;
  postId: string;
  now: number;
  startEditing: boolean;
  /** What was written in its edit box, when the server refused it, and why. */
  draftText: string | null;
  draftProblem: string | null;
  onEdited: (comment: CommentView) => void;
  onDeleted: (id: string) => void;
}) {
  const viewer = useViewer();
  const [editing, setEditing] = useState(startEditing);
  const remover = useFetcher<CommentAnswer>();
  const removal = useCommentAnswer(remover, (answer) => {
    if ('deleted' in answer) onDeleted(answer.deleted);
  });
  const from = postPath(postId);
  // Without JavaScript the edit form is this page again (its ?cursor= kept) at ?editComment=.
  const location = useLocation();
  const editHere = new URLSearchParams(location.search);
  editHere.set('editComment', comment.id);
  const editLink = useRef<HTMLAnchorElement>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    // The edit box closed (saved or cancelled): the keyboard goes back to the Edit link it came from.
    if (wasEditing.current && !editing) editLink.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <li id={`comment-${comment.id}`} className="flex gap-3 py-3 scroll-mt-20" data-testid="comment">
      <Avatar name={comment.author.name} url={comment.author.avatarThumbnailUrl ?? comment.author.avatarUrl} size={32} />
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-1.5 text-sm">
          <Link to={profilePreviewPath(comment.author.id, from)} className="truncate font-semibold text-slate-900 hover:underline">
            <bdi>{comment.author.name}</bdi>
          </Link>
          {comment.author.verified ? <VerifiedBadge size={13} /> : null}
          <span className="shrink-0 text-xs text-slate-500">
            · <time dateTime={comment.createdAt}>{writtenAgo(comment.createdAt, now)}</time>
            {comment.editedAt ? ' · Edited' : null}
          </span>
        </p>
        {editing ? (
          <EditComment
            comment={comment}
            draftText={draftText}
            draftProblem={draftProblem}
            onDone={(edited) => {
              if (edited) onEdited(edited);
              setEditing(false);
            }}
          />
        ) : (
          <WrittenText text={comment.text} className="mt-0.5" />
        )}
        {removal && 'error' in removal ? (
          <p role="alert" className="mt-1 text-sm text-rose-700">
            {removal.error}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-1 text-xs font-medium text-slate-600">
          <LikeButton target="comment" id={comment.id} initial={{ liked: comment.likedByMe, likeCount: comment.likeCount }} compact />
          {comment.isMine && !editing ? (
            <Link
              ref={editLink}
              to={`${from}?${editHere.toString()}#comment-${comment.id}`}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                setEditing(true);
              }}
              aria-label="Edit comment"
              className="rounded-full px-2 py-1.5 hover:bg-slate-100 hover:text-slate-900"
            >
              Edit
            </Link>
          ) : null}
          {(comment.isMine || isAdminUser(viewer)) && !editing ? (
            <ConfirmStep
              confirmKey={`comment-${comment.id}`}
              question="Delete this comment?"
              trigger="Delete"
              triggerLabel="Delete comment"
              triggerClassName="rounded-full px-2 py-1.5 hover:bg-rose-50 hover:text-rose-700"
              confirmLabel="Delete"
              fields={{ intent: COMMENT_INTENTS.remove, commentId: comment.id }}
              fetcher={remover}
              busy={remover.state !== 'idle'}
            />
          ) : null}
          {viewer && !comment.isMine ? (
            <Link
              to={`${from}/report?comment=${encodeURIComponent(comment.id)}`}
              aria-label={`Report ${comment.author.name}'s comment`}
              className="rounded-full px-2 py-1.5 hover:bg-slate-100 hover:text-slate-900"
            >
              Report
            </Link>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function EditComment({
  comment,
  draftText,
  draftProblem,
  onDone,
}: {
  comment: CommentView;
  draftText: string | null;
  draftProblem: string | null;
  onDone: (edited: CommentView | null) => void;
}) {
  const saver = useFetcher<CommentAnswer>();
  const draft = useWrittenDraft('comment', draftText ?? comment.text);
  const answer = useCommentAnswer(saver, (answered) => {
    if ('comment' in answered) onDone(answered.comment);
  });

  return (
    <saver.Form method="post" preventScrollReset onSubmit={(event) => draft.holdBack(event)} className="mt-1 space-y-2">
      <input type="hidden" name="intent" value={COMMENT_INTENTS.edit} />
      <input type="hidden" name="commentId" value={comment.id} />
      {answer && 'error' in answer ? <Alert>{answer.error}</Alert> : null}
      <WrittenField
        id={`edit-${comment.id}`}
        label="Edit your comment"
        draft={draft}
        serverProblem={draftProblem}
        compact
        rows={2}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={saver.state !== 'idle'}>
          Save
        </Button>
        <Link
          to={`${postPath(comment.postId)}#comment-${comment.id}`}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            onDone(null);
          }}
          className={buttonClasses('ghost', 'sm')}
        >
          Cancel
        </Link>
      </div>
    </saver.Form>
  );
}

/** Writing a comment; a guest sees the way to log in instead (the Login Required prompt, or the login page without JavaScript). */
function ReplyBox({
  postId,
  initialText,
  initialProblem,
  onAdded,
}: {
  postId: string;
  initialText: string;
  initialProblem: string | null;
  onAdded: (comment: CommentView) => void;
}) {
  const viewer = useViewer();
  const signedIn = useSignedInGuard();
  const sender = useFetcher<CommentAnswer>();
  const draft = useWrittenDraft('comment', initialText);
  const answer = useCommentAnswer(sender, (answered) => {
    if (!('comment' in answered)) return;
    onAdded(answered.comment);
    draft.setText('');
  });
  const here = `${postPath(postId)}#reply`;

  if (!viewer) {
    return (
      <div id="reply" className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 text-center scroll-mt-20">
        <p className="text-[15px] text-slate-700">Join the conversation: log in to comment.</p>
        <Link
          to={loginPathFor(here)}
          onClick={(event) => {
            event.preventDefault();
            signedIn('comment', here);
          }}
          className={buttonClasses('primary', 'md', false, 'mt-3')}
        >
          Log in to comment
        </Link>
      </div>
    );
  }

  return (
    <sender.Form
      method="post"
      preventScrollReset
      onSubmit={(event) => draft.holdBack(event)}
      className="mt-4 space-y-2 scroll-mt-20"
      aria-label="Add a comment"
    >
      <input type="hidden" name="intent" value={COMMENT_INTENTS.add} />
      {answer && 'error' in answer ? <Alert>{answer.error}</Alert> : null}
      <WrittenField
        id="reply"
        label="Add a comment"
        placeholder="Add a comment…"
        draft={draft}
        serverProblem={initialProblem}
        compact
        rows={2}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={sender.state !== 'idle'}>
          Send
        </Button>
      </div>
    </sender.Form>
  );
}
