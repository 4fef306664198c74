import type { ActionFunctionArgs } from '@remix-run/node';
import { api, ApiError, failureInit } from '~/lib/api.server';
import { Messages } from '../../../api/src/contracts/messages.js';

const json = (body: unknown, init: { status: number; headers?: Record<string, string> }) =>
  new Response(JSON.stringify(body), {
    status: init.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...init.headers },
  });

/**
 * POST /resources/otp-attempt (mobile_number): asked by the login screen before the browser has
 * Firebase send a code, so the API counts it against its limits per number and per address (the
 * visitor's, forwarded). Answers `{ mobile_number }`, or `{ error }` with the API's status (429 and Retry-After).
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  try {
    const answer = await api<{ mobile_number: string }>('/auth/otp-attempt', {
      method: 'POST',
      body: { mobile_number: String(form.get('mobile_number') ?? '') },
      visitor: request,
    });
    return json(answer, { status: 200 });
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : Messages.otp.sendFailed;
    const init = failureInit(error);
    const retryAfter = error instanceof ApiError ? error.retryAfter : undefined;
    return json(
      { error: message },
      { status: init.status, headers: { ...init.headers, ...(retryAfter ? { 'Retry-After': retryAfter } : {}) } },
    );
  }
}
