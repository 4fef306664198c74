import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { Page, PageHeader } from '~/components/layout/page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { ButtonLink } from '~/components/ui/button';
import { ChatIcon } from '~/components/ui/icons';
import { requireUser } from '~/lib/auth.server';

export const meta: MetaFunction = () => [{ title: 'Chats · Tribe' }];

/** The Chat tab. Group chats per event arrive with the chat issue (its own layout); until then it says so. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function Chats() {
  return (
    <Page>
      <PageHeader title="Chats" />
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <ChatIcon size={28} />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">No chats yet</h2>
        <p className="mt-2 max-w-sm text-[15px] text-slate-600">
          When a host accepts you for an event, its group chat will appear here so you can plan together.
        </p>
        <ButtonLink to="/home" className="mt-6">
          Find an event
        </ButtonLink>
      </div>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
