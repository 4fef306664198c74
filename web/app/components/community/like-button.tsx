import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { HeartIcon } from '~/components/ui/icons';
import { useToast } from '~/components/ui/toast';
import { likeAnswered, likeFailed, likeLabel, likeState, likeTapped, shownLike, type LikeState } from '~/lib/community';
import { groupIndian } from '~/lib/format-event';
import type { LikeView } from '../../../../api/src/contracts/community.contract.js';
import { COMMUNITY_RESOURCE, sendCommunityForm } from './community-request';
import { useHere, useSignedInGuard } from './use-viewer';

const isLikeView = (body: unknown): body is LikeView =>
  typeof (body as LikeView | null)?.liked === 'boolean' && typeof (body as LikeView | null)?.likeCount === 'number';

/**
 * Like on a post or a comment: the heart fills and the count moves at once, then settles with the
 * server's count (~/lib/community, optimistic likes). A guest gets the Login Required prompt.
 * Without JavaScript the form posts the like to /resources/community and comes back to this page.
 */
export function LikeButton({
  target,
  id,
  initial,
  compact = false,
}: {
  target: 'post' | 'comment';
  id: string;
  initial: LikeView;
  compact?: boolean;
}) {
  const toast = useToast();
  const here = useHere();
  const signedIn = useSignedInGuard();
  // The state lives in a ref (answers read it as it is now, not as it was when they were sent); a render follows each change.
  const state = useRef<LikeState>(likeState(initial));
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const apply = (next: LikeState) => {
    state.current = next;
    rerender();
  };

  // A fresh read of the page brings the server's view; it replaces ours unless a like is on its way.
  useEffect(() => {
    if (state.current.sending) return;
    state.current = likeState({ liked: initial.liked, likeCount: initial.likeCount });
    rerender();
  }, [initial.liked, initial.likeCount]);

  const send = async (liked: boolean) => {
    const answer = await sendCommunityForm({ intent: `like-${target}`, id, liked: String(liked) }, isLikeView);
    if (!answer.ok) {
      apply(likeFailed(state.current));
      toast.show({ kind: 'error', message: answer.error });
      return;
    }
    const next = likeAnswered(state.current, answer.value);
    apply(next.state);
    if (next.send !== null) void send(next.send);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn(target === 'post' ? 'like posts' : 'like comments')) return;
    const next = likeTapped(state.current);
    apply(next.state);
    if (next.send !== null) void send(next.send);
  };

  const shown = shownLike(state.current);
  return (
    <form method="post" action={COMMUNITY_RESOURCE} onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={`like-${target}`} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="liked" value={String(!shown.liked)} />
      <input type="hidden" name="back" value={here} />
      <button
        type="submit"
        aria-pressed={shown.liked}
        aria-label={likeLabel(shown)}
        data-testid={`like-${target}`}
        // Its look is in tailwind.css (.post-action; rose while aria-pressed says it is liked).
        className={compact ? 'post-action post-action-compact' : 'post-action'}
      >
        <HeartIcon size={compact ? 16 : 20} fill={shown.liked ? 'currentColor' : 'none'} />
        <span aria-hidden="true">{groupIndian(shown.likeCount)}</span>
      </button>
    </form>
  );
}
