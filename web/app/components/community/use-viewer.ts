import { useLocation, useRouteLoaderData } from '@remix-run/react';
import { useCallback } from 'react';
import { useLoginPrompt } from '~/components/auth/login-prompt';
import type { RootLoaderData } from '~/root';

/** The signed-in person reading the page, or null for a guest. */
export function useViewer() {
  return useRouteLoaderData<RootLoaderData>('root')?.user ?? null;
}

/** This page's address, where a guest comes back to after logging in. */
export function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * For what only a signed-in person may do: `guard(action)` opens the Login Required prompt for a
 * guest ("Please log in to {action}.") and answers false; for a signed-in person it answers true.
 */
export function useSignedInGuard() {
  const viewer = useViewer();
  const here = useHere();
  const { prompt } = useLoginPrompt();
  return useCallback(
    (action: string, returnTo = here) => {
      if (viewer) return true;
      prompt({ action, returnTo });
      return false;
    },
    [viewer, here, prompt],
  );
}
