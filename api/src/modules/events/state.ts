import { cityFromLocation } from '../../contracts/city.js';

/**
 * Indian states and union territories, with the two-digit codes GST uses (the first two digits of a
 * GSTIN): what a tax invoice names as the place of supply, and how the recipient's state is read from
 * a free-text location ("Indiranagar, Bangalore, Karnataka 560038" → Karnataka, "Bandra West,
 * Mumbai" → Maharashtra).
 */
export interface IndianState {
  name: string;
  /** The GST state code, two digits ("29" for Karnataka). */
  code: string;
}

/** Canonical name → GST code and the other spellings people write. */
const STATES: Record<string, { code: string; aliases: readonly string[] }> = {
  'Jammu and Kashmir': { code: '01', aliases: ['jammu & kashmir', 'j&k', 'j & k'] },
  'Himachal Pradesh': { code: '02', aliases: [] },
  Punjab: { code: '03', aliases: [] },
  Chandigarh: { code: '04', aliases: [] },
  Uttarakhand: { code: '05', aliases: ['uttaranchal'] },
  Haryana: { code: '06', aliases: [] },
  Delhi: { code: '07', aliases: ['new delhi', 'nct of delhi', 'national capital territory of delhi'] },
  Rajasthan: { code: '08', aliases: [] },
  'Uttar Pradesh': { code: '09', aliases: [] },
  Bihar: { code: '10', aliases: [] },
  Sikkim: { code: '11', aliases: [] },
  'Arunachal Pradesh': { code: '12', aliases: [] },
  Nagaland: { code: '13', aliases: [] },
  Manipur: { code: '14', aliases: [] },
  Mizoram: { code: '15', aliases: [] },
  Tripura: { code: '16', aliases: [] },
  Meghalaya: { code: '17', aliases: [] },
  Assam: { code: '18', aliases: [] },
  'West Bengal': { code: '19', aliases: [] },
  Jharkhand: { code: '20', aliases: [] },
  Odisha: { code: '21', aliases: ['orissa'] },
  Chhattisgarh: { code: '22', aliases: ['chattisgarh'] },
  'Madhya Pradesh': { code: '23', aliases: [] },
  Gujarat: { code: '24', aliases: [] },
  'Dadra and Nagar Haveli and Daman and Diu': {
    code: '26',
    aliases: ['dadra and nagar haveli', 'daman and diu', 'dadra & nagar haveli', 'daman & diu'],
  },
  Maharashtra: { code: '27', aliases: [] },
  Karnataka: { code: '29', aliases: [] },
  Goa: { code: '30', aliases: ['north goa', 'south goa'] },
  Lakshadweep: { code: '31', aliases: [] },
  Kerala: { code: '32', aliases: [] },
  'Tamil Nadu': { code: '33', aliases: ['tamilnadu'] },
  Puducherry: { code: '34', aliases: ['pondicherry'] },
  'Andaman and Nicobar Islands': { code: '35', aliases: ['andaman & nicobar islands', 'andaman and nicobar'] },
  Telangana: { code: '36', aliases: [] },
  'Andhra Pradesh': { code: '37', aliases: [] },
  Ladakh: { code: '38', aliases: [] },
};

/** The state of each city city.ts knows (its canonical names). */
const STATE_OF_CITY: Record<string, string> = {
  Mumbai: 'Maharashtra',
  'Navi Mumbai': 'Maharashtra',
  Thane: 'Maharashtra',
  Pune: 'Maharashtra',
  Nagpur: 'Maharashtra',
  Nashik: 'Maharashtra',
  Aurangabad: 'Maharashtra',
  Delhi: 'Delhi',
  Noida: 'Uttar Pradesh',
  Ghaziabad: 'Uttar Pradesh',
  Lucknow: 'Uttar Pradesh',
  Kanpur: 'Uttar Pradesh',
  Agra: 'Uttar Pradesh',
  Varanasi: 'Uttar Pradesh',
  Gurugram: 'Haryana',
  Faridabad: 'Haryana',
  Bengaluru: 'Karnataka',
  Mysuru: 'Karnataka',
  Mangaluru: 'Karnataka',
  Hubballi: 'Karnataka',
  Hyderabad: 'Telangana',
  Chennai: 'Tamil Nadu',
  Coimbatore: 'Tamil Nadu',
  Madurai: 'Tamil Nadu',
  Kolkata: 'West Bengal',
  Ahmedabad: 'Gujarat',
  Gandhinagar: 'Gujarat',
  Surat: 'Gujarat',
  Vadodara: 'Gujarat',
  Rajkot: 'Gujarat',
  Jaipur: 'Rajasthan',
  Udaipur: 'Rajasthan',
  Jodhpur: 'Rajasthan',
  Indore: 'Madhya Pradesh',
  Bhopal: 'Madhya Pradesh',
  Raipur: 'Chhattisgarh',
  Patna: 'Bihar',
  Ranchi: 'Jharkhand',
  Bhubaneswar: 'Odisha',
  Guwahati: 'Assam',
  Shillong: 'Meghalaya',
  Visakhapatnam: 'Andhra Pradesh',
  Vijayawada: 'Andhra Pradesh',
  Chandigarh: 'Chandigarh',
  Mohali: 'Punjab',
  Ludhiana: 'Punjab',
  Amritsar: 'Punjab',
  Dehradun: 'Uttarakhand',
  Rishikesh: 'Uttarakhand',
  Shimla: 'Himachal Pradesh',
  Manali: 'Himachal Pradesh',
  Srinagar: 'Jammu and Kashmir',
  Jammu: 'Jammu and Kashmir',
  Goa: 'Goa',
  Kochi: 'Kerala',
  Thiruvananthapuram: 'Kerala',
  Kozhikode: 'Kerala',
  Puducherry: 'Puducherry',
};

const simplify = (value: string) =>
  value
    .toLowerCase()
    .replace(/&/g, ' & ')
    .replace(/[^\p{L}\p{N}&\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Spelling → canonical name, longest first so "west bengal" is tried before shorter names inside it. */
const SPELLINGS: Array<[string, string]> = Object.entries(STATES)
  .flatMap(([state, { aliases }]) => [state, ...aliases].map((spelling): [string, string] => [simplify(spelling), state]))
  .sort((a, b) => b[0].length - a[0].length);

const stateRecord = (name: string): IndianState => ({ name, code: STATES[name]!.code });

function stateNamedIn(part: string): IndianState | null {
  const padded = ` ${simplify(part)} `;
  for (const [spelling, state] of SPELLINGS) {
    if (padded.includes(` ${spelling} `)) return stateRecord(state);
  }
  return null;
}

/** A state's name as typed (any known spelling, any case) → the state; null when it is none. */
export function indianState(name: string | null | undefined): IndianState | null {
  if (!name) return null;
  const simple = simplify(name);
  const found = SPELLINGS.find(([spelling]) => spelling === simple);
  return found ? stateRecord(found[1]) : null;
}

/** The state of a city (any spelling city.ts knows); null for a city it does not know. */
export function stateOfCity(city: string | null | undefined): IndianState | null {
  const canonical = city ? cityFromLocation(city) : null;
  const state = canonical ? STATE_OF_CITY[canonical] : undefined;
  return state ? stateRecord(state) : null;
}

/**
 * The state a free-text location is in. Parts are read from the end, where addresses put the city
 * and the state: the first part that names a state, or a city whose state is known, decides
 * ("Hotel Goa Inn, Koregaon Park, Pune" is in Maharashtra). Null when nothing says.
 */
export function stateFromLocation(location: string | null | undefined): IndianState | null {
  if (!location) return null;
  const parts = location
    .split(/[,\n|;]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index]!;
    const state = stateNamedIn(part) ?? stateOfCity(part);
    if (state) return state;
  }
  return null;
}

/** Every state and union territory, for forms. */
export const INDIAN_STATES: readonly IndianState[] = Object.keys(STATES).map(stateRecord);
