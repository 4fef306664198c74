/**
 * How the invoice jobs find their due work (the reconciler's `findDue`): the payments module lists
 * what settled within the window, page by page, and this module keeps what has no document yet.
 */

/** Settled this long ago or more: the job that the settling started has had its chance. */
export const DUE_AFTER_MS = 15_000;
/**
 * How far back the reconciler looks. A lost job is noticed within a reconciler pass or two, so a
 * week covers any outage of Redis or the workers; older work would need a person anyway.
 */
export const DUE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const PAGE = 500;
const MAX_PAGES = 40;

/** Up to `limit` ids that `listPage` lists and `done` does not know, scanning at most MAX_PAGES pages. */
export async function collectDue(
  limit: number,
  listPage: (afterId: string | undefined, pageSize: number) => Promise<string[]>,
  done: (ids: string[]) => Promise<Set<string>>,
): Promise<string[]> {
  const due: string[] = [];
  let afterId: string | undefined;
  for (let page = 0; page < MAX_PAGES && due.length < limit; page += 1) {
    const ids = await listPage(afterId, PAGE);
    if (ids.length === 0) break;
    const finished = await done(ids);
    due.push(...ids.filter((id) => !finished.has(id)));
    afterId = ids[ids.length - 1];
    if (ids.length < PAGE) break;
  }
  return due.slice(0, limit);
}
