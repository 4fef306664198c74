import type { GetManualChunk, ManualChunkMeta } from 'rollup';

/**
 * Client chunks by when a page needs them. Rollup gives every module shared by two routes a chunk
 * of its own, so a page named ~50 small files twice (a `modulepreload` link each, and again in the
 * route manifest). Modules that are always loaded together go in one chunk:
 * - `vendor` and `app`: the packages and the web's own modules the root route imports, directly or
 *   not. Every page loads them. (Two chunks, so that a release of our code keeps the packages cached.)
 * - `app-shell`: what the tabbed shell imports and no route outside the shell uses, along with
 *   everything it imports: every shell page loads all of it and no other page loads any.
 * Anything else keeps Rollup's own chunks, and so does everything a page asks for later (`import()`).
 * Rollup moves a module's unassigned imports into its chunk, which is why `app-shell` takes a module
 * only when each of its imports belongs there too (or to `vendor`/`app`).
 */
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

  return (id, meta) => {
    if (meta.getModuleInfo(id)?.isEntry || id.startsWith(`${appDirectory}/routes/`)) return undefined;
    if (routesOf(id, meta).has(root)) return id.startsWith(`${appDirectory}/`) ? 'app' : 'vendor';
    if (onlyUnderShell(id, meta)) return 'app-shell';
    return undefined;
  };
}

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
