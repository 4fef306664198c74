import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Logo } from '~/components/ui/logo';
import { MailIcon, MapPinIcon } from '~/components/ui/icons';

export interface Company {
  name: string;
  address: string;
  email: string;
}

/**
 * The frame of the login and signup screens: a brand panel beside the form from 768 px up, the
 * form alone on phones, and the company footer (SPEC §1: name, registered address, contact email).
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  company,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  company: Company;
}) {
  return (
    <div className="min-h-dvh bg-white md:grid md:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-10 text-white md:flex md:flex-col md:justify-between lg:p-14">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-80 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-fuchsia-400/20 blur-3xl" />
        <Link to="/" className="relative inline-flex items-center gap-2 text-white">
          <span className="rounded-xl bg-white p-1.5">
            <Logo showName={false} />
          </span>
          <span className="text-xl font-semibold">Tribe</span>
        </Link>
        <div className="relative max-w-md">
          <p className="text-4xl font-bold leading-tight tracking-tight lg:text-5xl">Build your tribe</p>
          <p className="mt-4 text-lg text-brand-100">
            Real connections over digital ones. Discover well-curated, in-person experiences — pub crawls, game nights, treks and more —
            hosted by people worth meeting.
          </p>
        </div>
        <ul className="relative grid grid-cols-3 gap-4 text-sm text-brand-100">
          <li>
            <span className="block text-2xl font-semibold text-white">13</span>categories
          </li>
          <li>
            <span className="block text-2xl font-semibold text-white">₹</span>pay only when accepted
          </li>
          <li>
            <span className="block text-2xl font-semibold text-white">IRL</span>small groups
          </li>
        </ul>
      </aside>

      <div className="flex min-h-dvh flex-col">
        <div className="flex flex-1 flex-col px-5 pt-8 pb-6 sm:px-10 md:justify-center lg:px-16">
          <div className="mx-auto w-full max-w-sm">
            <Link to="/" className="mb-8 inline-flex md:hidden" aria-label="Tribe home">
              <Logo />
            </Link>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
            {subtitle ? <p className="mt-2 text-[15px] text-slate-600">{subtitle}</p> : null}
            <div className="mt-7">{children}</div>
          </div>
        </div>
        <CompanyFooter company={company} />
      </div>
    </div>
  );
}

const LEGAL_FOOTER_LINKS = [
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/refund-cancellation', label: 'Refunds & Cancellation' },
  { to: '/support', label: 'Support' },
];

export function CompanyFooter({ company }: { company: Company }) {
  return (
    <footer className="border-t border-slate-100 bg-slate-50/60 px-5 py-5 text-xs text-slate-500 sm:px-10" data-testid="company-footer">
      <div className="mx-auto max-w-sm space-y-1.5 lg:max-w-md">
        <p className="font-semibold text-slate-700">{company.name}</p>
        <p className="flex items-start gap-1.5">
          <MapPinIcon size={14} className="mt-px shrink-0" />
          <span>Registered office: {company.address}</span>
        </p>
        <p className="flex items-center gap-1.5">
          <MailIcon size={14} className="shrink-0" />
          <a href={`mailto:${company.email}`} className="text-brand-700 hover:underline">
            {company.email}
          </a>
        </p>
        {/* Each link at least 24 px tall (WCAG 2.2 target size). */}
        <nav aria-label="Legal" className="flex flex-wrap gap-x-4 pt-1">
          {LEGAL_FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="inline-flex min-h-6 items-center hover:text-slate-800">
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
