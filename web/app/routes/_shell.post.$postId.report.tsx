import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from '@remix-run/react';
import { NotFoundPage, RouteErrorPage } from '~/components/layout/error-page';
import { Page } from '~/components/layout/page';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { inputClasses } from '~/components/ui/field';
import { useFocusFirstError } from '~/components/ui/use-focus-first-error';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { COMMUNITY_PATH, postPath } from '~/lib/community';
import { loadPost, report } from '~/lib/community.server';
import type { ShellHandle } from '~/lib/route-handle';
import { flashToast } from '~/lib/session.server';
import { CommunityLimits, CONTENT_REPORT_REASONS, contentReportInputSchema } from '../../../api/src/contracts/community.contract.js';

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

const FIELD_MESSAGES: Record<string, string> = {
  reason: 'Please choose a reason.',
  details: 'Please tell us what happened.',
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request);
  const postId = params.postId ?? '';
  const commentId = commentOf(request);
  const form = await request.formData();
  const parsed = contentReportInputSchema.safeParse({
    reason: String(form.get('reason') ?? ''),
    details: String(form.get('details') ?? ''),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'reason');
    const message =
      issue?.code === 'too_big' ? `Please keep it under ${CommunityLimits.reportDetailsMax} characters.` : FIELD_MESSAGES[field];
    return data({ fieldErrors: { [field]: message }, error: null }, 400);
  }
  const body = { reason: parsed.data.reason, details: parsed.data.details || null };
  const result = commentId ? await report(token, 'comment', commentId, body) : await report(token, 'post', postId, body);
  if (!result.ok) return data({ fieldErrors: {} as Record<string, string>, error: result.error }, result.status);
  const back = commentId ? `${postPath(postId)}#comment-${commentId}` : postPath(postId);
  return redirect(back, { headers: { 'Set-Cookie': await flashToast(request, { kind: 'success', message: result.value.message }) } });
}

export default function ReportPost() {
  const { post, commentId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const formRef = useFocusFirstError(actionData, Boolean(actionData?.error || Object.keys(errors).length > 0));
  const what = commentId ? 'comment' : 'post';
  return (
    <Page>
      <h1 className="text-xl font-semibold text-slate-900">Report this {what}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {commentId ? 'A comment on ' : ''}
        <bdi>{post.author}</bdi>'s post. Reports are private: nobody is told who sent them. Our team reviews every one.
      </p>
      <Form ref={formRef} method="post" className="mt-5 space-y-5">
        {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
        <fieldset aria-describedby={errors.reason ? 'reason-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-700">Reason</legend>
          <div className="space-y-2">
            {Object.entries(CONTENT_REPORT_REASONS).map(([value, label]) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-3 text-[15px] text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={value}
                  className="size-4 accent-brand-600"
                  aria-invalid={errors.reason ? true : undefined}
                />
                {label}
              </label>
            ))}
          </div>
          {errors.reason ? (
            <p id="reason-error" className="mt-2 text-sm text-rose-600">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="space-y-1.5">
          <label htmlFor="details" className="block text-sm font-medium text-slate-700">
            Details
          </label>
          <textarea
            id="details"
            name="details"
            rows={4}
            maxLength={CommunityLimits.reportDetailsMax}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={errors.details ? 'details-error' : 'details-hint'}
            className={cn(inputClasses, errors.details ? 'border-rose-400' : 'border-slate-300', 'py-3')}
            placeholder="Tell us what happened"
          />
          {errors.details ? (
            <p id="details-error" className="text-sm text-rose-600">
              {errors.details}
            </p>
          ) : (
            <p id="details-hint" className="text-xs text-slate-500">
              Optional, except for "Something else".
            </p>
          )}
        </div>
        <Button type="submit" variant="danger" size="lg" fullWidth loading={navigation.state === 'submitting'}>
          Submit report
        </Button>
      </Form>
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundPage
        title="Post not found"
        message="This post was deleted, or the link is not quite right."
        back={{ to: COMMUNITY_PATH, label: 'Back to Community' }}
      />
    );
  }
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
