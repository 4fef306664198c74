import type { GetManualChunk, ManualChunkMeta } from 'rollup';

/**
 * Client chunks by when a page needs them. Rollup gives every module shared by two routes a chunk
 * of its own, so a page named ~50 small files twice (a `modulepreload` link each, and again in the
 * route manifest). Modules that are always loaded together go in one chunk:
 * - `vendor` and `app`: the packages, and our own modules (the web's and the API contracts it
 *   shares), that the root route imports, directly or not. Every page loads them. (Two chunks, so
 *   that a release of our code keeps the packages cached.)
 * - `app-shell`: what the tabbed shell imports and no route outside the shell uses, along with
 *   everything it imports: every shell page loads all of it and no other page loads any.
 * - `app` also takes a small module that many pages load (`SMALL_MODULE_CHARS`, `MANY_PAGES`): as a
 *   file of its own it costs each of those pages a request, a preload link and a manifest line,
 *   about as much as it weighs, while the pages that do not need it carry it for a few hundred bytes.
 * Anything else keeps Rollup's own chunks, and so does everything a page asks for later (`import()`).
 * Rollup moves a module's unassigned imports into its chunk, which is why `app-shell` takes a module
 * only when each of its imports belongs there too (or to `vendor`/`app`).
 */
/** Below this much code (before minifying and tree-shaking: a fifth to a half of it is left after), a module is small. */
const SMALL_MODULE_CHARS = 3_500;
/** The share of the build's routes that makes a module one that many pages load. */
const MANY_PAGES = 0.2;

export function chunkByPage(appDirectory: string): GetManualChunk {
  const root = `${appDirectory}/root.tsx`;
  const shell = `${appDirectory}/routes/_shell.tsx`;
  const isShellRoute = (id: string) => id === shell || id.startsWith(`${appDirectory}/routes/_shell.`);
  // Rollup passes the same `meta` for every module of a build, so each module's routes are found once per build.
  const routesByBuild = new WeakMap<ManualChunkMeta, Map<string, Set<string>>>();

  const routesOf = (id: string, meta: ManualChunkMeta): Set<string> => {
    let known = routesByBuild.get(meta);
    if (!known) routesByBuild.set(meta, (known = new Map<string, Set<string>>()));
    let routes = known.get(id);
    if (!routes) known.set(id, (routes = staticRoutesOf(id, meta)));
    return routes;
  };

  const onlyUnderShell = (id: string, meta: ManualChunkMeta): boolean => {
    const seen = new Set<string>();
    const pending = [id];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const routes = routesOf(next, meta);
      if (routes.has(root)) continue;
      if (!routes.has(shell) || ![...routes].every(isShellRoute)) return false;
      pending.push(...(meta.getModuleInfo(next)?.importedIds ?? []));
    }
    return true;
  };

  const routeCounts = new WeakMap<ManualChunkMeta, number>();
  const routeCount = (meta: ManualChunkMeta): number => {
    let count = routeCounts.get(meta);
    if (count === undefined)
      routeCounts.set(meta, (count = [...meta.getModuleIds()].filter((id) => meta.getModuleInfo(id)?.isEntry).length));
    return count;
  };
  const inApp = (id: string, meta: ManualChunkMeta): boolean => routesOf(id, meta).has(root);

  /** Small, ours, loaded by many pages, and importing nothing that would follow it into `app` unasked. */
  const smallAndWidelyUsed = (id: string, meta: ManualChunkMeta, seen = new Set<string>()): boolean => {
    if (seen.has(id)) return true;
    seen.add(id);
    const info = meta.getModuleInfo(id);
    if (!info || info.isEntry || !isOurs(id) || (info.code?.length ?? Infinity) >= SMALL_MODULE_CHARS) return false;
    if (routesOf(id, meta).size < MANY_PAGES * routeCount(meta)) return false;
    return info.importedIds.every((imported) => inApp(imported, meta) || smallAndWidelyUsed(imported, meta, seen));
  };

  return (id, meta) => {
    if (meta.getModuleInfo(id)?.isEntry || id.startsWith(`${appDirectory}/routes/`)) return undefined;
    // Vite's helper for `import()`: a kilobyte that the shell and four more routes named as a file of its own.
    if (id === VITE_PRELOAD_HELPER) return 'vendor';
    // Ours (the web's modules and the API's contracts it shares) apart from the packages, so a release that changes our words leaves the packages cached.
    if (inApp(id, meta)) return isOurs(id) ? 'app' : 'vendor';
    if (onlyUnderShell(id, meta)) return 'app-shell';
    if (smallAndWidelyUsed(id, meta)) return 'app';
    return undefined;
  };
}

const VITE_PRELOAD_HELPER = '\0vite/preload-helper.js';

const isOurs = (id: string) => !id.includes('/node_modules/') && !id.startsWith('\0');

/** Vite names a route's client module by its file and a query (`root.tsx?__remix-build-client-route`). */
const withoutQuery = (id: string) => id.split('?')[0]!;

/** The routes (entry modules, without Vite's query) from which `id` is reached by static imports alone. */
function staticRoutesOf(id: string, meta: ManualChunkMeta): Set<string> {
  const routes = new Set<string>();
  const seen = new Set<string>([id]);
  const pending = [id];
  while (pending.length > 0) {
    const info = meta.getModuleInfo(pending.pop()!);
    if (!info) continue;
    if (info.isEntry) routes.add(withoutQuery(info.id));
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      pending.push(importer);
    }
  }
  return routes;
}
