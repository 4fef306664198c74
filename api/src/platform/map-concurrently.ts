/**
 * Maps every item through `task` with at most `limit` tasks running at once; the results keep the
 * items' order. `task` must not throw: each item's failure is its own result.
 */
export async function mapConcurrently<T, R>(items: ReadonlyArray<T>, limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
