import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { jsonResponse as json } from '~/lib/json-response.server';
import type { SheetApplication } from '~/lib/application-sheet';
import { decideApplication, decisionToast, loadPendingApplications, readDecision } from '~/lib/applications.server';
import { readAuth } from '~/lib/auth.server';
import type { ToastMessage } from '~/lib/toast';

/** What the sheet's Accept and Reject answer with. */
export interface SheetDecisionResult {
  applicationId: string;
  ok: boolean;
  /** The API's status on failure (409: the event is full or the application was decided elsewhere). */
  status: number;
  toast: ToastMessage;
}

/**
 * GET /resources/applications: the signed-in host's pending applications (GET /applications/pending),
 * as JSON, for the shell's new-application sheet, which polls it. Only what the sheet shows is sent.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth } = await readAuth(request);
  if (!auth) return json({ error: 'Authentication required' }, 401);
  const pending = await loadPendingApplications(auth.token);
  if (!pending.ok) return json({ error: pending.error }, pending.status);
  const applications: SheetApplication[] = pending.items.map((item) => ({
    id: item.id,
    eventId: item.eventId,
    eventTitle: item.eventTitle,
    createdAt: item.createdAt,
    bidAmount: item.bidAmount,
    message: item.message,
    fan: { id: item.fan.id, name: item.fan.name, photoUrl: item.fan.photoUrl },
  }));
  return json({ applications });
}

/** POST /resources/applications (intent accept or reject, applicationId): the sheet's decision, answered as JSON with its toast. */
export async function action({ request }: ActionFunctionArgs) {
  const { auth } = await readAuth(request);
  if (!auth) return json({ error: 'Authentication required' }, 401);
  const sent = readDecision(await request.formData());
  if (!sent) return json({ error: 'Choose an application and accept or reject it.' }, 400);
  const result = await decideApplication(auth.token, sent.applicationId, sent.decision);
  const body: SheetDecisionResult = {
    applicationId: sent.applicationId,
    ok: result.ok,
    status: result.ok ? 200 : result.status,
    toast: decisionToast(sent.decision, result),
  };
  return json(body, result.ok ? 200 : result.status);
}
