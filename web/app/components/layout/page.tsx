import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** Standard page width and padding inside the shell. */
export function Page({ children, className, wide = false }: { children: ReactNode; className?: string; wide?: boolean }) {
  return <div className={cn('mx-auto w-full px-4 py-5 sm:px-6 sm:py-8', wide ? 'max-w-6xl' : 'max-w-2xl', className)}>{children}</div>;
}

/** A large page heading for main pages that have no top bar. */
export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex items-start justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-[15px] text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A titled group of rows, like iOS settings. */
export function Section({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('space-y-2', className)}>
      {title ? <h2 className="px-1 text-xs font-semibold tracking-wider text-slate-500 uppercase">{title}</h2> : null}
      <div className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">{children}</div>
    </section>
  );
}
