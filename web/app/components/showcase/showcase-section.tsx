import type { ComponentType, ReactNode } from 'react';

/** One part of /design-showcase: the table of contents and the page both read this. */
export interface ShowcaseEntry {
  id: string;
  title: string;
  /** Where the primitive lives, under web/app/components. */
  source: string;
  intro: ReactNode;
  Examples: ComponentType;
}

/** The page's table of contents: a wrapping list on phones, a sticky column from 1024 px. */
export function ShowcaseContents({ entries }: { entries: readonly ShowcaseEntry[] }) {
  return (
    <nav aria-label="Showcase contents" className="lg:sticky lg:top-6 lg:self-start">
      <h2 className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">Contents</h2>
      <ul className="mt-2 flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded-lg bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:text-brand-700 lg:bg-transparent lg:ring-0 lg:hover:bg-white"
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ShowcaseSection({ entry }: { entry: ShowcaseEntry }) {
  const { id, title, source, intro, Examples } = entry;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <p className="mt-1 font-mono text-xs text-slate-500">components/{source}</p>
      <div className="mt-5 space-y-6">
        <Examples />
      </div>
    </section>
  );
}

const LAYOUTS = {
  row: 'flex flex-wrap items-center gap-3',
  stack: 'space-y-3',
  grid: 'grid gap-4 sm:grid-cols-2',
  tiles: 'grid grid-cols-2 gap-2 sm:grid-cols-4',
} as const;

/** One state of a primitive, named above it. */
export function Example({ label, layout = 'row', children }: { label: string; layout?: keyof typeof LAYOUTS; children: ReactNode }) {
  return (
    <figure className="space-y-2">
      <figcaption className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</figcaption>
      <div className={LAYOUTS[layout]}>{children}</div>
    </figure>
  );
}
