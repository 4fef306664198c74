import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { readAuth } from '~/lib/auth.server';
import { loadComments, loadFeed, loadPostableEvents, setFollow, setLike } from '~/lib/community.server';
import { isDocumentRequest, jsonResponse as json } from '~/lib/json-response.server';
import { loginPathFor, safeReturnTo } from '~/lib/redirects';
import { flashToast, getToken } from '~/lib/session.server';
import { CommunityMessages } from '../../../api/src/contracts/community.contract.js';

/**
 * GET /resources/community: the Community lists the browser grows by itself, as JSON, with the
 * session's token when there is one. `?list=feed` (tab=following, authorId, cursor): the next page
 * of a feed; `?list=comments&postId=…&cursor=…`: the next page of a post's comments;
 * `?list=events`: the events the signed-in person may post about (the compose sheet's picker).
 * A failed page answers the message the list shows, with the failure's status.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const token = await getToken(request);
  const list = params.get('list');
  if (list === 'feed') {
    const following = params.get('tab') === 'following';
    if (following && !token) return json({ error: CommunityMessages.loginToInteract }, 401);
    const feed = await loadFeed(token, { following, authorId: params.get('authorId'), cursor: params.get('cursor') });
    return feed.ok ? json({ feed: feed.value }) : json({ error: feed.error }, feed.status);
  }
  if (list === 'comments') {
    const page = await loadComments(token, params.get('postId') ?? '', params.get('cursor'));
    return page.ok ? json({ comments: page.value }) : json({ error: page.error }, page.status);
  }
  if (list === 'events') {
    const { auth } = await readAuth(request);
    if (!auth) return json({ error: CommunityMessages.loginToInteract }, 401);
    return json({ events: await loadPostableEvents(auth.token, auth.user.id) });
  }
  return json({ error: 'Unknown list' }, 400);
}

/**
 * POST /resources/community: likes and follows, from anywhere they are shown. intent `like-post`
 * or `like-comment` (id, liked: true|false) answers the LikeView; `follow` (id, following) the
 * FollowView. The buttons send these with fetch and get JSON; without JavaScript their forms post
 * here and go `back` to the page they were on (a guest by way of the login page).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeReturnTo(form.get('back'), '/community');
  const page = isDocumentRequest(request);
  const token = await getToken(request);
  if (!token) return page ? redirect(loginPathFor(back)) : json({ error: CommunityMessages.loginToInteract }, 401);

  const intent = form.get('intent');
  const id = String(form.get('id') ?? '');
  const on = (name: string) => form.get(name) === 'true';
  const result =
    intent === 'like-post' || intent === 'like-comment'
      ? await setLike(token, intent === 'like-post' ? 'post' : 'comment', id, on('liked'))
      : intent === 'follow'
        ? await setFollow(token, id, on('following'))
        : null;
  if (!result) return json({ error: 'Unknown action' }, 400);

  if (page) {
    if (result.ok) return redirect(back);
    if (result.status === 401) return redirect(loginPathFor(back));
    return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'error', message: result.error }) } });
  }
  return result.ok ? json(result.value) : json({ error: result.error }, result.status);
}
