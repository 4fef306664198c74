import { CANCELLATION_POLICIES, CANCELLATION_POLICY_LABELS } from '../../../../api/src/contracts/cancellation-policy.js';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Logo } from '~/components/ui/logo';
import type { Company } from '~/components/auth/auth-layout';
import { BackButton } from '~/components/ui/back-button';

export type LegalSection = 'terms' | 'privacy' | 'refunds' | 'shipping' | 'support';

export const LEGAL_TITLES: Record<LegalSection, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
  refunds: 'Cancellation and Refund Policy',
  shipping: 'Shipping and Delivery Policy',
  support: 'Contact and Support',
};

const ORDER: LegalSection[] = ['terms', 'privacy', 'refunds', 'shipping', 'support'];
const LAST_UPDATED = '1 November 2025';
const SECTION_PATH: Record<LegalSection, string> = {
  terms: '/terms',
  privacy: '/privacy',
  refunds: '/refund-cancellation',
  shipping: '/shipping',
  support: '/support',
};

/**
 * The one legal page behind all seven legal routes: the policy the route names comes first,
 * the rest follow, and a contents bar links them. Company details come from configuration, through
 * the routes' loader (`legalPageLoader`).
 */
export function LegalPage({ focus }: { focus: LegalSection }) {
  const { company } = useLoaderData<{ company: Company }>();
  const sections = [focus, ...ORDER.filter((section) => section !== focus)];
  // On a phone the chips scroll sideways: bring the page's own chip into view.
  const chips = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = chips.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (row && current && row.scrollWidth > row.clientWidth)
      row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [focus]);

  return (
    <div className="min-h-dvh bg-white">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-14 max-w-3xl items-center gap-2 px-2 sm:px-6">
          <BackButton to="/" historyFirst label="Go back" />
          <Link to="/" className="flex items-center">
            <Logo />
          </Link>
        </div>
        {/* Phones: one row that scrolls, its right edge fading out as the cue that more chips follow.
            From 640 px the chips wrap onto a second row instead, so none is ever cut off. */}
        <nav
          ref={chips}
          aria-label="Policies"
          className="mx-auto max-w-3xl overflow-x-auto px-4 pb-2 [mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] [scrollbar-width:none] sm:overflow-visible sm:px-6 sm:[mask-image:none]"
        >
          <ul className="flex gap-2 pr-8 text-sm whitespace-nowrap sm:flex-wrap sm:pr-0">
            {ORDER.map((section) => (
              <li key={section}>
                <Link
                  to={SECTION_PATH[section]}
                  preventScrollReset={false}
                  aria-current={section === focus ? 'page' : undefined}
                  className={
                    section === focus
                      ? 'inline-block rounded-full bg-brand-600 px-3 py-1 font-medium text-white'
                      : 'inline-block rounded-full bg-slate-100 px-3 py-1 text-slate-700 hover:bg-slate-200 hover:text-slate-900'
                  }
                >
                  {LEGAL_TITLES[section]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-8 sm:px-6 sm:py-12">
        <p className="text-sm font-medium text-brand-600">Legal · Last updated {LAST_UPDATED}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{LEGAL_TITLES[focus]}</h1>
        <p className="mt-3 text-[15px] text-slate-600">
          Tribe is operated by {company.name} ("Tribe", "we", "us"). These policies apply to the Tribe website and apps.
        </p>
        <div className="mt-10 space-y-14">
          {sections.map((section, index) => (
            <section key={section} id={section} aria-labelledby={`${section}-title`} className="scroll-mt-32">
              {index > 0 ? (
                <h2 id={`${section}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
                  {LEGAL_TITLES[section]}
                </h2>
              ) : (
                <h2 id={`${section}-title`} className="sr-only">
                  {LEGAL_TITLES[section]}
                </h2>
              )}
              <div className="mt-4 space-y-4 text-[15px] leading-relaxed text-slate-700 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1.5">
                {CONTENT[section](company)}
              </div>
            </section>
          ))}
        </div>
      </main>
      <footer className="border-t border-slate-100 bg-slate-50 px-5 py-6 text-xs text-slate-500">
        <div className="mx-auto max-w-3xl space-y-1">
          <p className="font-semibold text-slate-700">{company.name}</p>
          <p>Registered office: {company.address}</p>
          <p>
            Contact:{' '}
            <a href={`mailto:${company.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
              {company.email}
            </a>
          </p>
        </div>
      </footer>
    </div>
  );
}

const CONTENT: Record<LegalSection, (company: Company) => ReactNode> = {
  terms: (company) => (
    <>
      <p>By creating an account or using Tribe you agree to these terms. If you do not agree, please do not use the service.</p>
      <h3>1. Who can use Tribe</h3>
      <p>
        You must be at least 18 years old and able to enter a binding contract under the Indian Contract Act, 1872. You are responsible for
        keeping your login details safe and for everything done through your account.
      </p>
      <h3>2. What Tribe does</h3>
      <p>
        Tribe is a marketplace that connects hosts, who organise in-person experiences, with fans who apply or bid to attend. Tribe is not
        the organiser of events listed by hosts; each host is responsible for their event, its safety, its legality and for describing it
        accurately.
      </p>
      <h3>3. Applying, bidding and paying</h3>
      <ul>
        <li>When you apply or bid, the amount is authorised on your card or UPI mandate but not captured.</li>
        <li>If the host accepts you, the amount is captured and your place is confirmed.</li>
        <li>If the host rejects you, or does not respond before the authorisation expires, the authorisation is released.</li>
        <li>All prices are in Indian Rupees (INR) and include applicable taxes unless stated otherwise.</li>
      </ul>
      <h3>4. Hosts</h3>
      <p>
        Hosts must hold any permission an event needs, follow local law (including rules on alcohol and venues), treat attendees fairly and
        without discrimination, and pay any taxes due on their earnings. Payouts require a verified payment profile.
      </p>
      <h3>5. Community rules</h3>
      <ul>
        <li>No harassment, hate speech, threats, or sharing other people's personal information.</li>
        <li>No fake events, misleading listings, spam or commercial solicitation in chats.</li>
        <li>No illegal activity, including the sale of prohibited substances.</li>
      </ul>
      <p>We may remove content, cancel events, or suspend accounts that break these rules.</p>
      <h3>6. Liability</h3>
      <p>
        Tribe provides the platform "as is". To the extent the law allows, our total liability for any claim is limited to the fees you paid
        to Tribe for the event concerned. Nothing here limits liability that cannot be limited by law.
      </p>
      <h3>7. Law and disputes</h3>
      <p>
        These terms are governed by the laws of India. Courts at the city of our registered office have exclusive jurisdiction, subject to
        your rights as a consumer under the Consumer Protection Act, 2019.
      </p>
      <p>Questions about these terms: {company.email}.</p>
    </>
  ),
  privacy: (company) => (
    <>
      <p>
        This policy explains what personal data {company.name} collects, why, and your rights under the Digital Personal Data Protection
        Act, 2023 and the Information Technology Act, 2000.
      </p>
      <h3>What we collect</h3>
      <ul>
        <li>Account details: name, email, mobile number, age, gender and profile photos you add.</li>
        <li>Activity: events you view, create, apply to or attend; chats and community posts.</li>
        <li>Payments: transaction references from our payment partner. We never store full card numbers.</li>
        <li>Device data: browser type, IP address and crash reports, used for security and reliability.</li>
      </ul>
      <h3>Why we use it</h3>
      <ul>
        <li>To run your account and show your profile to hosts of events you apply to.</li>
        <li>To process payments, refunds and invoices, and to meet tax and accounting obligations.</li>
        <li>To keep Tribe safe: preventing fraud, abuse and fake accounts.</li>
        <li>To send you service messages and, if you agree, notifications about events.</li>
      </ul>
      <h3>Who we share it with</h3>
      <p>
        Hosts see your public profile when you apply to their events. We share data with service providers that help us run Tribe (hosting,
        payments, messaging) under contracts that protect it, and with authorities when the law requires. We do not sell your personal data.
      </p>
      <h3>Your rights</h3>
      <p>
        You can see and correct your profile at any time, and delete your account from Settings → Delete account. When you delete your
        account we erase or anonymise your personal data, keeping only the financial records the law requires us to retain (generally 8
        years under Indian tax law).
      </p>
      <h3>Grievance Officer</h3>
      <p>
        For any privacy concern or complaint, write to our Grievance Officer at {company.email} or by post to {company.address}. We
        acknowledge complaints within 24 hours and resolve them within 15 days.
      </p>
    </>
  ),
  refunds: () => (
    <>
      <h3>If your application is not accepted</h3>
      <p>
        You are never charged for an application a host rejects or does not answer. The payment authorisation is released and the amount
        returns to your account, usually within 5–7 working days depending on your bank.
      </p>
      <h3>If you withdraw a pending application</h3>
      <p>
        You can withdraw an application the host has not decided on yet from My Bookings or the event page. Nothing was charged: the
        authorisation is released at once.
      </p>
      <h3>If you cancel an accepted booking</h3>
      <p>
        Each host picks one of these policies for their event. It is shown on the event page before you pay, and your booking keeps the
        policy it was made under even if the host changes it later:
      </p>
      <ul>
        {CANCELLATION_POLICIES.map((policy) => (
          <li key={policy}>
            <strong>{CANCELLATION_POLICY_LABELS[policy].title}.</strong> {CANCELLATION_POLICY_LABELS[policy].summary}
          </li>
        ))}
      </ul>
      <p>
        "24 hours before" is counted to the minute from the event's start: cancelling exactly 24 hours before still counts. A refund is that
        share of everything you paid, the platform fee included, rounded up to the whole rupee in your favour, and a credit note is issued
        for it. Bookings cannot be cancelled once the event has started. Cancel from My Bookings or the event page; you see what you will
        get back before you confirm.
      </p>
      <h3>If the host cancels or the event does not happen</h3>
      <p>
        You receive a full refund, including any platform fee, automatically. If an event is materially different from its listing, contact
        support within 48 hours of the event and we will review it for a full or partial refund.
      </p>
      <h3>How refunds are paid</h3>
      <p>
        Refunds go back to the original payment method. Once processed, they usually reach you within 5–7 working days. You will find the
        status in Transactions.
      </p>
    </>
  ),
  shipping: () => (
    <>
      <p>
        Tribe sells access to in-person experiences, not physical goods, so nothing is shipped. Your booking is delivered digitally: as soon
        as a host accepts your application you receive an in-app confirmation, a place in the event's group chat, and an invoice in
        Transactions.
      </p>
      <p>
        Event details such as the exact venue may be shared by the host closer to the date. If you have not received confirmation within 24
        hours of a successful payment, please contact support.
      </p>
    </>
  ),
  support: (company) => (
    <>
      <p>We are here to help with bookings, payments, refunds, safety concerns and account questions.</p>
      <ul>
        <li>
          Email:{' '}
          <a href={`mailto:${company.email}`} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {company.email}
          </a>{' '}
          — we reply within one working day.
        </li>
        <li>Registered office: {company.address}</li>
        <li>Support hours: Monday to Saturday, 10:00–19:00 IST.</li>
      </ul>
      <p>
        If you feel unsafe at an event, leave and contact local emergency services on 112 first, then tell us so we can act on the host or
        attendee concerned.
      </p>
      <p>
        To delete your account, go to{' '}
        <Link to="/delete-account" className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Delete account
        </Link>
        .
      </p>
    </>
  ),
};
