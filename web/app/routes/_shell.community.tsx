import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { Page, PageHeader } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { ButtonLink } from '~/components/ui/button';
import { UsersIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Community · Tribe' }];

/** The Community tab. Posts, likes and comments arrive with the community issue; until then it says so. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Community() {
  return (
    <Page>
      <PageHeader title="Community" subtitle="Stories, photos and plans from people who go out together." />
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <UsersIcon size={28} />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">Community posts are on their way</h2>
        <p className="mt-2 max-w-sm text-[15px] text-slate-600">
          Soon you'll share moments from events and see what your tribe is up to. Meanwhile, find something to do this week.
        </p>
        <ButtonLink to="/home" className="mt-6">
          Explore events
        </ButtonLink>
      </div>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
