import { redirect, type LoaderFunctionArgs } from '@remix-run/node';

/** /profile and /profile-v2 are one page (SPEC §2 lists both): this one keeps old links working. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`/profile-v2${url.search}`);
}
