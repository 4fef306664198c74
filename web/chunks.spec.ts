import type { ManualChunkMeta, ModuleInfo } from 'rollup';
import { chunkByPage } from './chunks';

const app = '/repo/web/app';
const query = '?__remix-build-client-route';

/** A module graph as Rollup describes it: each module's static imports, which are route entries, and the length of the code of some. */
function graph(imports: Record<string, string[]>, entries: string[], codeLengths: Record<string, number> = {}): ManualChunkMeta {
  const importersOf = (id: string) => Object.keys(imports).filter((from) => imports[from]!.includes(id));
  return {
    getModuleInfo: (id: string) =>
      id in imports
        ? ({
            id,
            isEntry: entries.includes(id),
            importedIds: imports[id]!,
            importers: importersOf(id),
            code: 'x'.repeat(codeLengths[id] ?? 10_000),
          } as unknown as ModuleInfo)
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
      [root]: [`${app}/lib/cn.ts`, '/repo/node_modules/react/index.js', '/repo/api/src/contracts/messages.ts'],
      [`${app}/lib/cn.ts`]: [],
      '/repo/api/src/contracts/messages.ts': [],
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
    // The API's contracts are ours too: a change of their words must not make browsers fetch the packages again.
    expect(chunkOf('/repo/api/src/contracts/messages.ts', meta)).toBe('app');
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

  describe('small modules', () => {
    const pages = Array.from({ length: 10 }, (_, index) => `${app}/routes/page-${index}.tsx${query}`);
    const small = (id: string) => ({ [id]: 300 });
    const smallMeta = graph(
      {
        [root]: [],
        ...Object.fromEntries(
          pages.map((page, index) => [
            page,
            [`${app}/lib/bidi.ts`, `${app}/components/alert.tsx`, index < 2 ? `${app}/components/rare.tsx` : `${app}/lib/cn.ts`],
          ]),
        ),
        [`${app}/lib/bidi.ts`]: [],
        [`${app}/components/alert.tsx`]: [`${app}/components/heavy.tsx`],
        [`${app}/components/heavy.tsx`]: [],
        [`${app}/components/rare.tsx`]: [],
        [`${app}/lib/cn.ts`]: [],
        '\0vite/preload-helper.js': [],
      },
      [root, ...pages],
      { ...small(`${app}/lib/bidi.ts`), ...small(`${app}/components/alert.tsx`), ...small(`${app}/components/rare.tsx`) },
    );
    const chunkOfSmall = chunkByPage(app);

    it('puts a small module that many pages load in `app` rather than a file of its own', () => {
      expect(chunkOfSmall(`${app}/lib/bidi.ts`, smallMeta)).toBe('app');
    });

    it('leaves a small module few pages load, or one whose imports would follow it, to Rollup', () => {
      expect(chunkOfSmall(`${app}/components/rare.tsx`, smallMeta)).toBeUndefined();
      expect(chunkOfSmall(`${app}/components/alert.tsx`, smallMeta)).toBeUndefined();
      expect(chunkOfSmall(`${app}/lib/cn.ts`, smallMeta)).toBeUndefined();
    });

    it('puts Vite’s helper for import() with the packages', () => {
      expect(chunkOfSmall('\0vite/preload-helper.js', smallMeta)).toBe('vendor');
    });
  });
});
