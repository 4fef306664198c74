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

  return (id, meta) => {
    const graph = new ImportGraph(meta);
    if (graph.isEntry(id) || id.startsWith(`${appDirectory}/routes/`)) return undefined;
    const entries = graph.entriesOf(id);
    if (entries.has(root)) return id.startsWith(`${appDirectory}/`) ? 'app' : 'vendor';
    if (onlyUnderShell(id, graph, entries)) return 'app-shell';
    return undefined;
  };

  function onlyUnderShell(id: string, graph: ImportGraph, entries: Set<string>): boolean {
    const seen = new Set<string>();
    const pending = [id];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const reachedFrom = next === id ? entries : graph.entriesOf(next);
      if (reachedFrom.has(root)) continue;
      if (!reachedFrom.has(shell) || ![...reachedFrom].every(isShellRoute)) return false;
      pending.push(...graph.staticImportsOf(next));
    }
    return true;
  }
}

/** Vite names a route's client module by its file and a query (`root.tsx?__remix-build-client-route`). */
const withoutQuery = (id: string) => id.split('?')[0]!;

const entriesCache = new WeakMap<ManualChunkMeta['getModuleInfo'], Map<string, Set<string>>>();

class ImportGraph {
  private readonly entries: Map<string, Set<string>>;

  constructor(private readonly meta: ManualChunkMeta) {
    let cache = entriesCache.get(meta.getModuleInfo);
    if (!cache) entriesCache.set(meta.getModuleInfo, (cache = new Map<string, Set<string>>()));
    this.entries = cache;
  }

  isEntry(id: string): boolean {
    return this.meta.getModuleInfo(id)?.isEntry ?? false;
  }

  staticImportsOf(id: string): readonly string[] {
    return this.meta.getModuleInfo(id)?.importedIds ?? [];
  }

  /** The routes (entry modules, without Vite's query) from which `id` is reached by static imports alone. */
  entriesOf(id: string): Set<string> {
    const known = this.entries.get(id);
    if (known) return known;
    const entries = new Set<string>();
    const seen = new Set<string>([id]);
    const pending = [id];
    while (pending.length > 0) {
      const info = this.meta.getModuleInfo(pending.pop()!);
      if (!info) continue;
      if (info.isEntry) entries.add(withoutQuery(info.id));
      for (const importer of info.importers) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        pending.push(importer);
      }
    }
    this.entries.set(id, entries);
    return entries;
  }
}
