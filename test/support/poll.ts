/** Polls until `probe` returns a value that is not undefined/false, or fails after the deadline. */
export async function waitUntil<T>(probe: () => Promise<T | undefined | false>, what: string, deadlineMs = 15_000): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let delay = 25;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 250);
  }
}
