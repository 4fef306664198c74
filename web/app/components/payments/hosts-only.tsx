import { Link } from '@remix-run/react';
import { buttonClasses } from '~/components/ui/button';
import { WalletIcon } from '~/components/ui/icons';
import { Messages } from '../../../../api/src/contracts/messages.js';

/** What a fan sees on the hosts' money pages: payouts are for hosts, and how to become one (the host view in Settings). */
export function HostsOnlyNotice() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center" data-testid="hosts-only">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <WalletIcon size={24} />
      </span>
      <p className="mt-4 text-base font-semibold text-slate-900">Payouts are for hosts</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {Messages.payouts.hostsOnly} Hosts get paid for their events through their payment profile.
      </p>
      <div className="mt-4 flex justify-center">
        <Link to="/settings" className={buttonClasses('primary', 'sm')}>
          Switch view in Settings
        </Link>
      </div>
    </div>
  );
}
