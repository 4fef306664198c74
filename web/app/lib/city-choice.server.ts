import { createCookie } from '@remix-run/node';
import { webConfig } from './config.server';

/** The chosen city, remembered across visits (the URL's city wins when present). */
const cityCookie = createCookie('tribe_city', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  secure: webConfig.COOKIE_SECURE,
  maxAge: 60 * 60 * 24 * 365,
});

export async function readCityChoice(request: Request): Promise<string | null> {
  const value: unknown = await cityCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
}

export function cityChoiceCookie(city: string | null): Promise<string> {
  return city ? cityCookie.serialize(city) : cityCookie.serialize('', { maxAge: 0 });
}
