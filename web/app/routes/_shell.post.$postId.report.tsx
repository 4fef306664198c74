import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { PostRouteError } from '~/components/community/post-route-error';
import { Page } from '~/components/layout/page';
import { DETAILS_FOR_OTHER, ReportForm } from '~/components/ui/report-form';
import { requireUser } from '~/lib/auth.server';
import { postPath } from '~/lib/community';
import { loadPost, report } from '~/lib/community.server';
import { readReportForm, type ReportFieldErrors } from '~/lib/report-form';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import { CommunityLimits, CONTENT_REPORT_REASONS } from '../../../api/src/contracts/community.contract.js';
import { contentReportInputSchema } from '../../../api/src/contracts/community.schemas.js';

export const meta: MetaFunction = () => [{ title: 'Report · Tribe' }];
export const handle: ShellHandle = { title: 'Report', ownHeading: true };

/** ?comment=<id> reports one of the post's comments; otherwise the post itself. */
const commentOf = (request: Request) => new URL(request.url).searchParams.get('comment') || null;

/**
 * /post/{postId}/report: tell the moderators about a post or one of its comments (one open report
 * per person and thing). A person's own post has nothing to report and goes back to it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request);
  const post = await loadPost(token, params.postId ?? '');
  const commentId = commentOf(request);
  if (post.isMine && !commentId) throw redirect(postPath(post.id));
  return { post: { id: post.id, author: post.author.name }, commentId };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const postId = params.postId ?? '';
  const commentId = commentOf(request);
  const input = readReportForm(await request.formData(), contentReportInputSchema, CommunityLimits.reportDetailsMax);
  if (!input.ok) return data({ fieldErrors: input.fieldErrors, error: null, sent: input.sent }, 400);
  const result = commentId ? await report(token, 'comment', commentId, input.value) : await report(token, 'post', postId, input.value);
  if (!result.ok) return data({ fieldErrors: {} as ReportFieldErrors, error: result.error, sent: input.sent }, result.status);
  const back = commentId ? `${postPath(postId)}#comment-${commentId}` : postPath(postId);
  return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: result.value.message }) } });
}

export default function ReportPost() {
  const { post, commentId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const what = commentId ? 'comment' : 'post';
  return (
    <Page>
      <h1 className="text-xl font-semibold text-slate-900">Report this {what}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {commentId ? 'A comment on ' : ''}
        <bdi>{post.author}</bdi>'s post. Reports are private: nobody is told who sent them. Our team reviews every one.
      </p>
      <ReportForm
        reasons={CONTENT_REPORT_REASONS}
        answer={actionData}
        sent={actionData?.sent}
        errors={actionData?.fieldErrors ?? {}}
        error={actionData?.error ?? null}
        detailsHint={DETAILS_FOR_OTHER}
        detailsMax={CommunityLimits.reportDetailsMax}
      />
    </Page>
  );
}

export function ErrorBoundary() {
  return <PostRouteError />;
}
