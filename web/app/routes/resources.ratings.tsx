import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import type { RatingAnswer } from '~/components/ratings/rating-sheet';
import { isDocumentRequest, jsonResponse as json } from '~/lib/json-response.server';
import { readRatingForm, type RatingFormInput } from '~/lib/rating-forms';
import { RATING_INTENTS, ratingFailure, ratingSuccess } from '~/lib/ratings';
import { deleteRating, submitRating, updateRating } from '~/lib/ratings.server';
import { loginPathFor, safeReturnTo } from '~/lib/redirects';
import { flashToast, getToken } from '~/lib/session.server';
import type { ToastMessage } from '~/lib/toast';
import { RatingMessages } from '../../../api/src/contracts/ratings.contract.js';

function send(token: string, input: RatingFormInput) {
  if (input.intent === RATING_INTENTS.delete) return deleteRating(token, input.ratingId);
  if (input.intent === RATING_INTENTS.update) return updateRating(token, input.ratingId, input.body);
  return submitRating(token, { eventId: input.eventId, ...input.body });
}

/**
 * POST /resources/ratings: the rating sheet's form, from /home, an event page or /my-bookings.
 * intent `rate` (eventId), `update` or `delete` (ratingId), with hostRating, eventRating,
 * hostReview and eventReview. Sent with JavaScript it answers JSON (RatingAnswer) and the sheet
 * shows the spec's sentence; sent by the browser itself (no JavaScript) it goes `back` (the page,
 * sheet closed) with the sentence as a toast, or on a refusal `again` (the page with the sheet
 * open) with the reason. A guest is asked to log in ("Please log in to submit a rating").
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const page = isDocumentRequest(request);
  const back = safeReturnTo(form.get('back'), '/home');
  const again = safeReturnTo(form.get('again'), back);
  const goTo = async (path: string, toast: ToastMessage) => redirect(path, { headers: { 'Set-Cookie': await flashToast(request, toast) } });

  const token = await getToken(request);
  if (!token) {
    return page
      ? goTo(loginPathFor(again), { kind: 'info', message: RatingMessages.loginRequired })
      : json({ ok: false, error: RatingMessages.loginRequired } satisfies RatingAnswer, 401);
  }

  const read = readRatingForm(form);
  if (!read.ok) {
    const first = Object.values(read.fieldErrors)[0] ?? ratingFailure(read.intent, 400);
    return page
      ? goTo(again, { kind: 'error', message: first })
      : json({ ok: false, error: null, fieldErrors: read.fieldErrors } satisfies RatingAnswer, 400);
  }

  const { intent } = read.value;
  const result = await send(token, read.value);
  if (!result.ok) {
    const error = ratingFailure(intent, result.status, result.error);
    if (page) return result.status === 401 ? redirect(loginPathFor(again)) : goTo(again, { kind: 'error', message: error });
    return json({ ok: false, error } satisfies RatingAnswer, result.status);
  }
  const message = ratingSuccess(intent);
  return page ? goTo(back, { kind: 'success', message }) : json({ ok: true, intent, message } satisfies RatingAnswer);
}
