import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** /plan-together is the plan-together tab of the home screen (SPEC §2). */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = new URLSearchParams(url.search);
  params.set('tab', 'plan-together');
  return redirect(`/home?${params.toString()}`);
}
