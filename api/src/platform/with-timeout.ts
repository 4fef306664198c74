/**
 * Settles like `promise`, or rejects after `ms` (the timer never outlives it) with an Error of
 * `message`, or with the error `timeoutError` makes (a DependencyUnavailableError, so the wait that
 * ran out is told apart from a bug).
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, timeoutError: string | (() => Error)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(typeof timeoutError === 'string' ? new Error(timeoutError) : timeoutError()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
