import { Messages } from '../../../../api/src/contracts/messages.js';

export const COMMUNITY_RESOURCE = '/resources/community';

/**
 * Sends one of the like or follow forms to /resources/community and reads its JSON answer: the
 * value, or the message to show (the API's own, or "check your connection").
 */
export async function sendCommunityForm<T>(fields: Record<string, string>, isAnswer: (body: unknown) => body is T) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    const response = await fetch(COMMUNITY_RESOURCE, { method: 'POST', body, headers: { Accept: 'application/json' } });
    const answer = (await response.json().catch(() => null)) as unknown;
    if (response.ok && isAnswer(answer)) return { ok: true as const, value: answer };
    const error = (answer as { error?: unknown } | null)?.error;
    return { ok: false as const, error: typeof error === 'string' && error ? error : Messages.generic.internal };
  } catch {
    return { ok: false as const, error: Messages.generic.network };
  }
}
