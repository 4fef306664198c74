import type { MetaFunction } from '@remix-run/node';
import { useRouteError } from '@remix-run/react';
import { LEGAL_TITLES, LegalPage } from '~/components/layout/legal-page';
import { RouteErrorPage } from '~/components/layout/error-page';
import { legalPageLoader } from '~/lib/company.server';

export const meta: MetaFunction = () => [{ title: `${LEGAL_TITLES.terms} · Tribe` }];

export const loader = legalPageLoader;

export default function Legal() {
  return <LegalPage focus="terms" />;
}

export function ErrorBoundary() {
  return <RouteErrorPage error={useRouteError()} status={500} />;
}
