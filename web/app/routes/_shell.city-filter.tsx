import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import { useState } from 'react';
import { searchCities } from '~/components/events/indian-cities';
import { RouteErrorPage } from '~/components/layout/error-page';
import { CheckCircleIcon, MapPinIcon } from '~/components/ui/icons';
import { inputClasses } from '~/components/ui/field';
import { requireUser } from '~/lib/auth.server';
import { cn } from '~/lib/cn';
import { cityChoiceCookie, readCityChoice } from '~/lib/city-choice.server';
import { safeReturnTo } from '~/lib/redirects';

export const meta: MetaFunction = () => [{ title: 'Choose a city · Tribe' }];

/** The page to go back to, with the chosen city in its URL (the list is rendered from the URL). */
function returnWithCity(rawReturnTo: unknown, city: string | null): string {
  const target = new URL(safeReturnTo(rawReturnTo), 'http://tribe.local');
  target.searchParams.delete('page');
  target.searchParams.delete('sheet');
  if (city) target.searchParams.set('city', city);
  else target.searchParams.delete('city');
  const query = target.searchParams.toString();
  return `${target.pathname}${query ? `?${query}` : ''}`;
}

function currentCityOf(rawReturnTo: string | null, remembered: string | null): string | null {
  if (!rawReturnTo) return remembered;
  const target = new URL(safeReturnTo(rawReturnTo), 'http://tribe.local');
  const city = target.searchParams.get('city');
  return city === null ? remembered : city.trim() || null;
}

/** /city-filter (SPEC §2): pick the city the home list shows; the choice is remembered in a cookie. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const url = new URL(request.url);
  const query = url.searchParams.get('q')?.slice(0, 60) ?? '';
  const returnTo = safeReturnTo(url.searchParams.get('returnTo'));
  return {
    query,
    returnTo,
    current: currentCityOf(url.searchParams.get('returnTo'), await readCityChoice(request)),
    cities: searchCities(query),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const raw = form.get('city');
  const city = typeof raw === 'string' && raw.trim() ? raw.trim().replace(/\s+/g, ' ').slice(0, 100) : null;
  return redirect(returnWithCity(form.get('returnTo'), city), { headers: { 'Set-Cookie': await cityChoiceCookie(city) } });
}

export default function CityFilterPage() {
  const data = useLoaderData<typeof loader>();
  const [query, setQuery] = useState(data.query);
  const cities = searchCities(query);
  const typed = query.trim();
  const offerTyped = typed.length >= 2 && !cities.some((city) => city.toLowerCase() === typed.toLowerCase());

  return (
    <div className="mx-auto max-w-xl px-4 py-4 sm:px-6">
      <Form method="get" role="search" className="mb-4" onSubmit={(event) => event.preventDefault()}>
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <label htmlFor="city-search" className="sr-only">
          Search cities
        </label>
        <input
          id="city-search"
          name="q"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for your city"
          autoComplete="off"
          className={cn(inputClasses, 'h-12 border-slate-300')}
        />
        <noscript>
          <button type="submit" className="mt-2 text-sm font-medium text-brand-700 underline">
            Search
          </button>
        </noscript>
      </Form>

      <Form method="post" className="overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="city-list">
        <input type="hidden" name="returnTo" value={data.returnTo} />
        <ul className="divide-y divide-slate-100">
          <CityOption label="All cities" value="" selected={data.current === null} />
          {offerTyped ? <CityOption label={`Use “${typed}”`} value={typed} selected={false} /> : null}
          {cities.map((city) => (
            <CityOption key={city} label={city} value={city} selected={data.current?.toLowerCase() === city.toLowerCase()} />
          ))}
        </ul>
        {cities.length === 0 && !offerTyped ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">No city matches your search.</p>
        ) : null}
      </Form>
    </div>
  );
}

function CityOption({ label, value, selected }: { label: string; value: string; selected: boolean }) {
  return (
    <li>
      <button
        type="submit"
        name="city"
        value={value}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-3 px-4 py-3.5 text-left text-[15px] transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
          selected ? 'font-semibold text-brand-700' : 'text-slate-800',
        )}
      >
        <MapPinIcon size={18} className={selected ? 'text-brand-600' : 'text-slate-400'} />
        <span className="flex-1">{label}</span>
        {selected ? <CheckCircleIcon size={18} className="text-brand-600" /> : null}
      </button>
    </li>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <RouteErrorPage error={error} status={isRouteErrorResponse(error) ? error.status : 500} />;
}
