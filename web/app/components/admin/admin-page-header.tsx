import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The heading of an admin page: the way back to the admin home, the title and what the page is for. */
export function AdminPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-sm">
        <Link to="/admin" className="font-medium text-brand-700 hover:underline">
          Admin
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-[15px] text-slate-600">{children}</p>
    </div>
  );
}
