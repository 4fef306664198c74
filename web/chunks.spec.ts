import type { ManualChunkMeta, ModuleInfo } from 'rollup';
import { chunkByPage } from './chunks';

const app = '/repo/web/app';
const query = '?__remix-build-client-route';

/** A module graph as Rollup describes it: each module's static imports, and which are route entries. */
function graph(imports: Record<string, string[]>, entries: string[]): ManualChunkMeta {
  const importersOf = (id: string) => Object.keys(imports).filter((from) => imports[from]!.includes(id));
  return {
    getModuleInfo: (id: string) =>
      id in imports
        ? ({ id, isEntry: entries.includes(id), importedIds: imports[id]!, importers: importersOf(id) } as unknown as ModuleInfo)
        : null,
    getModuleIds: () => Object.keys(imports)[Symbol.iterator](),
  };
}

describe('chunkByPage', () => {
  const root = `${app}/root.tsx${query}`;
  const shell = `${app}/routes/_shell.tsx${query}`;
  const home = `${app}/routes/_shell.home.tsx${query}`;
  const login = `${app}/routes/login.tsx${query}`;
  const meta = graph(
    {
      [root]: [`${app}/lib/cn.ts`, '/repo/node_modules/react/index.js'],
      [`${app}/lib/cn.ts`]: [],
      '/repo/node_modules/react/index.js': [],
      [shell]: [`${app}/components/bell.tsx`, `${app}/components/rail.tsx`, `${app}/components/field.tsx`],
      [`${app}/components/bell.tsx`]: [`${app}/lib/cn.ts`],
      [`${app}/components/rail.tsx`]: [`${app}/lib/text.ts`],
      [`${app}/lib/text.ts`]: [],
      [`${app}/components/field.tsx`]: [],
      [home]: [`${app}/components/event-card.tsx`],
      [`${app}/components/event-card.tsx`]: [],
      [login]: [`${app}/components/field.tsx`, `${app}/lib/text.ts`],
    },
    [root, shell, home, login],
  );
  const chunkOf = chunkByPage(app);

  it('puts what the root route imports, which every page loads, in one chunk of ours and one of packages', () => {
    expect(chunkOf(`${app}/lib/cn.ts`, meta)).toBe('app');
    expect(chunkOf('/repo/node_modules/react/index.js', meta)).toBe('vendor');
  });

  it('puts what only the shell’s pages load in the shell’s chunk', () => {
    expect(chunkOf(`${app}/components/bell.tsx`, meta)).toBe('app-shell');
  });

  it('leaves a module to Rollup when a page outside the shell uses it, or uses something it imports', () => {
    // The login page would otherwise download the shell's chunk for the field (or for the text helpers).
    expect(chunkOf(`${app}/components/field.tsx`, meta)).toBeUndefined();
    expect(chunkOf(`${app}/components/rail.tsx`, meta)).toBeUndefined();
  });

  it('leaves routes and what one route alone imports where they are', () => {
    expect(chunkOf(root, meta)).toBeUndefined();
    expect(chunkOf(home, meta)).toBeUndefined();
    expect(chunkOf(`${app}/components/event-card.tsx`, meta)).toBeUndefined();
  });
});
