/**
 * The city a free-text location is in ("Indiranagar, Bangalore, Karnataka 560038" → "Bengaluru").
 * Stored in event.city and users.city on every write of a location; the city filter and the admin's
 * city audience compare the same canonical name case-insensitively, so "bangalore" finds "Bengaluru".
 */

/** Canonical name → other spellings people use. */
const CITY_ALIASES: Record<string, readonly string[]> = {
  Mumbai: ['bombay'],
  'Navi Mumbai': [],
  Thane: [],
  Delhi: ['new delhi', 'delhi ncr'],
  Noida: ['greater noida'],
  Gurugram: ['gurgaon'],
  Faridabad: [],
  Ghaziabad: [],
  Bengaluru: ['bangalore', 'bengaluru urban'],
  Hyderabad: ['secunderabad'],
  Chennai: ['madras'],
  Kolkata: ['calcutta'],
  Pune: ['poona'],
  Ahmedabad: [],
  Gandhinagar: [],
  Surat: [],
  Vadodara: ['baroda'],
  Rajkot: [],
  Jaipur: [],
  Udaipur: [],
  Jodhpur: [],
  Lucknow: [],
  Kanpur: [],
  Agra: [],
  Varanasi: ['banaras', 'benares'],
  Nagpur: [],
  Nashik: ['nasik'],
  Aurangabad: [],
  Indore: [],
  Bhopal: [],
  Raipur: [],
  Patna: [],
  Ranchi: [],
  Bhubaneswar: ['bhubaneshwar'],
  Guwahati: ['gauhati'],
  Shillong: [],
  Visakhapatnam: ['vizag', 'vishakhapatnam'],
  Vijayawada: [],
  Chandigarh: [],
  Mohali: [],
  Ludhiana: [],
  Amritsar: [],
  Dehradun: [],
  Rishikesh: [],
  Shimla: [],
  Manali: [],
  Srinagar: [],
  Jammu: [],
  Goa: ['panaji', 'panjim', 'north goa', 'south goa'],
  Kochi: ['cochin', 'ernakulam'],
  Thiruvananthapuram: ['trivandrum'],
  Kozhikode: ['calicut'],
  Coimbatore: [],
  Madurai: [],
  Puducherry: ['pondicherry'],
  Mysuru: ['mysore'],
  Mangaluru: ['mangalore'],
  Hubballi: ['hubli'],
};

/** Parts of an address that are never the city: states and union territories, the country. */
const NOT_A_CITY = new Set([
  'india',
  'bharat',
  'andhra pradesh',
  'arunachal pradesh',
  'assam',
  'bihar',
  'chhattisgarh',
  'gujarat',
  'haryana',
  'himachal pradesh',
  'jharkhand',
  'karnataka',
  'kerala',
  'madhya pradesh',
  'maharashtra',
  'manipur',
  'meghalaya',
  'mizoram',
  'nagaland',
  'odisha',
  'orissa',
  'punjab',
  'rajasthan',
  'sikkim',
  'tamil nadu',
  'telangana',
  'tripura',
  'uttar pradesh',
  'uttarakhand',
  'west bengal',
  'andaman and nicobar islands',
  'dadra and nagar haveli and daman and diu',
  'jammu and kashmir',
  'ladakh',
  'lakshadweep',
  'ncr',
]);

/** Every known city, canonical name first. */
export const KNOWN_CITIES: readonly string[] = Object.keys(CITY_ALIASES);

const simplify = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b\d{3}\s?\d{3}\b/g, ' ') // PIN codes
    .replace(/\s+/g, ' ')
    .trim();

/** Spelling → canonical name, longest spellings first so "navi mumbai" wins over "mumbai". */
const SPELLINGS: Array<[string, string]> = Object.entries(CITY_ALIASES)
  .flatMap(([city, aliases]) => [city, ...aliases].map((spelling): [string, string] => [simplify(spelling), city]))
  .sort((a, b) => b[0].length - a[0].length);

function knownCityIn(part: string): string | null {
  const padded = ` ${simplify(part)} `;
  for (const [spelling, city] of SPELLINGS) {
    if (padded.includes(` ${spelling} `)) return city;
  }
  return null;
}

const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The city named in a location: the last known city mentioned (scanning from the end, where
 * addresses put it), else the last part that is not a state, the country or a PIN code.
 */
export function cityFromLocation(location: string | null | undefined): string | null {
  if (!location) return null;
  const parts = location
    .split(/[,\n|;]/)
    .map(tidy)
    .filter((part) => part !== '');
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const city = knownCityIn(parts[index]!);
    if (city) return city;
  }
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index]!;
    const simple = simplify(part);
    if (simple === '' || NOT_A_CITY.has(simple) || /^\d+$/.test(simple.replace(/\s/g, ''))) continue;
    return tidy(part.replace(/\b\d{3}\s?\d{3}\b/g, ' ')).slice(0, 100);
  }
  return null;
}

/** A city typed in the filter, in the form stored in event.city (compared case-insensitively). */
export function canonicalCity(input: string): string {
  const simple = simplify(input);
  const exact = SPELLINGS.find(([spelling]) => spelling === simple);
  return exact ? exact[1] : tidy(input);
}
