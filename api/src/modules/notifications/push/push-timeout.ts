/** A push service did not answer within the adapter's bound; the push may still land, so it is tried again later. */
export class PushTimeout extends Error {
  constructor(service: string, timeoutMs: number) {
    super(`${service} did not answer within ${timeoutMs} ms`);
  }
}

export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code) ? `${error.message} (${code})` : error.message;
}
