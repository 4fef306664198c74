import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/**
 * What a list shows when it has nothing: a headline, a line on why or what to do, and the action
 * that helps. With an `icon` it is a page's whole content (the chats, the community feed) and says
 * so larger, its headline a heading; without, one list among others on the page.
 */
export function EmptyState({
  title,
  detail,
  action,
  icon,
  testId = 'empty-state',
}: {
  title: ReactNode;
  detail?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-dashed border-slate-300 bg-white px-6 text-center',
        icon ? 'flex flex-col items-center rounded-3xl py-14' : 'py-12',
      )}
      data-testid={testId}
    >
      {icon ? (
        <>
          <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">{icon}</span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
          {detail ? <p className="mt-2 max-w-sm text-[15px] text-slate-600">{detail}</p> : null}
        </>
      ) : (
        <>
          <p className="text-base font-semibold text-slate-900">{title}</p>
          {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
        </>
      )}
      {action ? <div className={cn('flex flex-wrap justify-center gap-2', icon ? 'mt-6' : 'mt-4')}>{action}</div> : null}
    </div>
  );
}
