import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '~/components/ui/button';
import { useToast } from '~/components/ui/toast';
import { followersText } from '~/lib/community';
import type { FollowView } from '../../../../api/src/contracts/community.contract.js';
import { COMMUNITY_RESOURCE, sendCommunityForm } from './community-request';
import { useHere, useSignedInGuard } from './use-viewer';

const isFollowView = (body: unknown): body is FollowView =>
  typeof (body as FollowView | null)?.following === 'boolean' && typeof (body as FollowView | null)?.followerCount === 'number';

/** "12 followers", kept up to date by the Follow button beside it. */
export function FollowerCount({ count }: { count: number }) {
  return (
    <p className="text-sm font-medium text-slate-700" data-testid="follower-count">
      {followersText(count)}
    </p>
  );
}

/**
 * Follow / Following for another person, with their follower count as the server last gave it. A
 * guest gets the Login Required prompt; without JavaScript the form posts to /resources/community
 * and comes back to this page.
 */
export function FollowButton({ userId, name, initial }: { userId: string; name: string; initial: FollowView }) {
  const toast = useToast();
  const here = useHere();
  const signedIn = useSignedInGuard();
  const [view, setView] = useState(initial);
  const [busy, setBusy] = useState(false);
  useEffect(() => setView(initial), [initial]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !signedIn('follow people')) return;
    setBusy(true);
    const answer = await sendCommunityForm({ intent: 'follow', id: userId, following: String(!view.following) }, isFollowView);
    setBusy(false);
    if (answer.ok) setView(answer.value);
    else toast.show({ kind: 'error', message: answer.error });
  };

  return (
    <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-1">
      <FollowerCount count={view.followerCount} />
      <form method="post" action={COMMUNITY_RESOURCE} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="follow" />
        <input type="hidden" name="id" value={userId} />
        <input type="hidden" name="following" value={String(!view.following)} />
        <input type="hidden" name="back" value={here} />
        <Button type="submit" size="sm" variant={view.following ? 'outline' : 'primary'} loading={busy}>
          {view.following ? 'Following' : 'Follow'}
          <span className="sr-only"> {name}</span>
        </Button>
      </form>
    </div>
  );
}
