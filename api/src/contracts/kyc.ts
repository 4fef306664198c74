/**
 * A host's KYC details, checked by their official formats. Pure functions shared by the API and the
 * web: each takes what a person typed and answers the normalised value or the problem, worded to
 * follow the field's name ("pan: must be ..."), as every validation message of the API is.
 *
 * - PAN (Income Tax Department): 5 letters, 4 digits, 1 letter; the 4th letter is the holder's type.
 * - IFSC (Reserve Bank of India): 4 letters (the bank), 0 (kept for future use), 6 letters or digits (the branch).
 * - GSTIN (GSTN): state code, the PAN, the entity number, Z, and a mod-36 check character.
 * - UPI id (NPCI's virtual payment address): handle@psp.
 * - Bank account number: 9 to 18 digits (Indian banks use 9 to 18).
 */

export type KycCheck = { ok: true; value: string } | { ok: false; error: string };

const ok = (value: string): KycCheck => ({ ok: true, value });
const problem = (error: string): KycCheck => ({ ok: false, error });

/** Spaces people type to group characters ("ABCPE 1234 F", "1234 5678 9012") are dropped before checking. */
const compact = (input: string) => input.replace(/[\s-]+/g, '');

/** The 4th character of a PAN: who holds it. */
export const PAN_HOLDER_TYPES: Readonly<Record<string, string>> = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm or LLP',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
};

export const KycProblems = {
  required: 'is required',
  pan: {
    shape: 'must be 10 characters: 5 letters, 4 digits and a letter, like ABCPE1234F',
    holderType: `must have the holder type as its 4th letter (${Object.keys(PAN_HOLDER_TYPES).join(', ')}), like the P in ABCPE1234F`,
  },
  ifsc: {
    shape: 'must be 11 characters: 4 letters, 0, then 6 letters or digits, like SBIN0001234',
    fifthZero: 'must have 0 (zero) as its 5th character, like SBIN0001234',
  },
  gstin: {
    length: 'must be 15 letters and digits, like 27AAPFU0939F1ZV',
    stateCode: 'must start with a state code from 01 to 38, or 97',
    pan: 'must hold a valid PAN in characters 3 to 12',
    entityCode: 'must have the registration number (1-9 or A-Z) as its 13th character',
    fourteenthZ: 'must have Z as its 14th character',
    checkDigit: 'is not a valid GSTIN: its last character does not match. Please check it against your registration certificate',
    panMismatch: 'must belong to your PAN: characters 3 to 12 of the GSTIN are the PAN',
  },
  upiId: {
    shape: 'must look like name@bank, like asha.rao@okhdfcbank',
    name: 'must have 2 to 256 letters, digits, dots, hyphens or underscores before the @',
    psp: 'must have the UPI app handle after the @: letters only, like okicici or ybl',
  },
  accountNumber: {
    digits: 'must hold digits only',
    length: 'must be 9 to 18 digits long',
    zeros: 'cannot be all zeros',
  },
  legalName: {
    length: 'must be 2 to 100 characters',
    characters: "must be your name as on your PAN: letters, digits, spaces and . ' & ( ) / , -",
  },
  state: {
    unknown: 'must be an Indian state or union territory, like Karnataka',
  },
} as const;

/** PAN: AAAAA9999A, the 4th letter a holder type. Upper-cased; spaces dropped. */
export function checkPan(input: string | null | undefined): KycCheck {
  const pan = compact(input ?? '').toUpperCase();
  if (pan.length === 0) return problem(KycProblems.required);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return problem(KycProblems.pan.shape);
  if (!(pan[3]! in PAN_HOLDER_TYPES)) return problem(KycProblems.pan.holderType);
  return ok(pan);
}

/** IFSC: 4 letters, 0, 6 letters or digits. Upper-cased; spaces dropped. */
export function checkIfsc(input: string | null | undefined): KycCheck {
  const ifsc = compact(input ?? '').toUpperCase();
  if (ifsc.length === 0) return problem(KycProblems.required);
  if (/^[A-Z]{4}[A-Z1-9][A-Z0-9]{6}$/.test(ifsc)) return problem(KycProblems.ifsc.fifthZero);
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return problem(KycProblems.ifsc.shape);
  return ok(ifsc);
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The GSTIN's 15th character, computed from its first 14 as GSTN does (Luhn mod 36): each
 * character's value (0-9, A=10 ... Z=35) is multiplied by 1 in odd places and 2 in even places,
 * counted from the left; each product adds its quotient and remainder by 36 to the sum; the check
 * character is the one whose value is (36 - sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = BASE36.indexOf(first14[index]!);
    if (value < 0) throw new Error(`not a GSTIN character: ${first14[index]}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

/** GST state codes in use: 01 to 38 (the states and union territories), 97 (other territory). */
export function isGstStateCode(code: string): boolean {
  if (code === '97') return true;
  const number = /^\d\d$/.test(code) ? Number(code) : 0;
  return number >= 1 && number <= 38;
}

/** GSTIN: state code, PAN, entity number, Z, check character. Upper-cased; spaces dropped. */
export function checkGstin(input: string | null | undefined): KycCheck {
  const gstin = compact(input ?? '').toUpperCase();
  if (gstin.length === 0) return problem(KycProblems.required);
  if (gstin.length !== 15 || !/^[0-9A-Z]+$/.test(gstin)) return problem(KycProblems.gstin.length);
  if (!isGstStateCode(gstin.slice(0, 2))) return problem(KycProblems.gstin.stateCode);
  if (!checkPan(gstin.slice(2, 12)).ok) return problem(KycProblems.gstin.pan);
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return problem(KycProblems.gstin.entityCode);
  if (gstin[13] !== 'Z') return problem(KycProblems.gstin.fourteenthZ);
  if (gstinCheckCharacter(gstin) !== gstin[14]) return problem(KycProblems.gstin.checkDigit);
  return ok(gstin);
}

/** The PAN inside a (valid) GSTIN. */
export const panOfGstin = (gstin: string): string => gstin.slice(2, 12);

/** UPI id (VPA): name@psp. Lower-cased (UPI ids are not case-sensitive); surrounding spaces dropped. */
export function checkUpiId(input: string | null | undefined): KycCheck {
  const upi = (input ?? '').trim().toLowerCase();
  if (upi.length === 0) return problem(KycProblems.required);
  const parts = upi.split('@');
  if (parts.length !== 2) return problem(KycProblems.upiId.shape);
  const [name, psp] = parts as [string, string];
  if (!/^[a-z0-9._-]{2,256}$/.test(name)) return problem(KycProblems.upiId.name);
  if (!/^[a-z]{2,64}$/.test(psp)) return problem(KycProblems.upiId.psp);
  return ok(upi);
}

/** Bank account number: 9 to 18 digits; spaces and hyphens people group digits with are dropped. */
export function checkAccountNumber(input: string | null | undefined): KycCheck {
  const account = compact(input ?? '');
  if (account.length === 0) return problem(KycProblems.required);
  if (!/^\d+$/.test(account)) return problem(KycProblems.accountNumber.digits);
  if (account.length < 9 || account.length > 18) return problem(KycProblems.accountNumber.length);
  if (/^0+$/.test(account)) return problem(KycProblems.accountNumber.zeros);
  return ok(account);
}

/** The legal name, as on the PAN: trimmed, inner runs of spaces made one, bidi controls dropped. */
export function checkLegalName(input: string | null | undefined): KycCheck {
  const name = (input ?? '')
    .replace(/[\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length === 0) return problem(KycProblems.required);
  if (name.length < 2 || name.length > 100) return problem(KycProblems.legalName.length);
  if (!/^[A-Za-z0-9 .'&()/,-]+$/.test(name) || !/[A-Za-z]/.test(name)) return problem(KycProblems.legalName.characters);
  return ok(name);
}

/** The 28 states and 8 union territories, with their GST state codes (Ladakh 38; 26 since the 2020 merger). */
export const INDIAN_STATES: ReadonlyArray<{ name: string; gstCode: string; kind: 'state' | 'union_territory' }> = [
  { name: 'Andaman and Nicobar Islands', gstCode: '35', kind: 'union_territory' },
  { name: 'Andhra Pradesh', gstCode: '37', kind: 'state' },
  { name: 'Arunachal Pradesh', gstCode: '12', kind: 'state' },
  { name: 'Assam', gstCode: '18', kind: 'state' },
  { name: 'Bihar', gstCode: '10', kind: 'state' },
  { name: 'Chandigarh', gstCode: '04', kind: 'union_territory' },
  { name: 'Chhattisgarh', gstCode: '22', kind: 'state' },
  { name: 'Dadra and Nagar Haveli and Daman and Diu', gstCode: '26', kind: 'union_territory' },
  { name: 'Delhi', gstCode: '07', kind: 'union_territory' },
  { name: 'Goa', gstCode: '30', kind: 'state' },
  { name: 'Gujarat', gstCode: '24', kind: 'state' },
  { name: 'Haryana', gstCode: '06', kind: 'state' },
  { name: 'Himachal Pradesh', gstCode: '02', kind: 'state' },
  { name: 'Jammu and Kashmir', gstCode: '01', kind: 'union_territory' },
  { name: 'Jharkhand', gstCode: '20', kind: 'state' },
  { name: 'Karnataka', gstCode: '29', kind: 'state' },
  { name: 'Kerala', gstCode: '32', kind: 'state' },
  { name: 'Ladakh', gstCode: '38', kind: 'union_territory' },
  { name: 'Lakshadweep', gstCode: '31', kind: 'union_territory' },
  { name: 'Madhya Pradesh', gstCode: '23', kind: 'state' },
  { name: 'Maharashtra', gstCode: '27', kind: 'state' },
  { name: 'Manipur', gstCode: '14', kind: 'state' },
  { name: 'Meghalaya', gstCode: '17', kind: 'state' },
  { name: 'Mizoram', gstCode: '15', kind: 'state' },
  { name: 'Nagaland', gstCode: '13', kind: 'state' },
  { name: 'Odisha', gstCode: '21', kind: 'state' },
  { name: 'Puducherry', gstCode: '34', kind: 'union_territory' },
  { name: 'Punjab', gstCode: '03', kind: 'state' },
  { name: 'Rajasthan', gstCode: '08', kind: 'state' },
  { name: 'Sikkim', gstCode: '11', kind: 'state' },
  { name: 'Tamil Nadu', gstCode: '33', kind: 'state' },
  { name: 'Telangana', gstCode: '36', kind: 'state' },
  { name: 'Tripura', gstCode: '16', kind: 'state' },
  { name: 'Uttar Pradesh', gstCode: '09', kind: 'state' },
  { name: 'Uttarakhand', gstCode: '05', kind: 'state' },
  { name: 'West Bengal', gstCode: '19', kind: 'state' },
];

/** Older or other spellings people still type, to the name used today. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  'nct of delhi': 'Delhi',
  'new delhi': 'Delhi',
  'andaman & nicobar islands': 'Andaman and Nicobar Islands',
  'jammu & kashmir': 'Jammu and Kashmir',
  'dadra & nagar haveli and daman & diu': 'Dadra and Nagar Haveli and Daman and Diu',
};

const STATE_BY_KEY = new Map(INDIAN_STATES.map((state) => [state.name.toLowerCase(), state.name]));

/** An Indian state or union territory, in any case; answered with its name as INDIAN_STATES spells it. */
export function checkIndianState(input: string | null | undefined): KycCheck {
  const key = (input ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  if (key.length === 0) return problem(KycProblems.required);
  const name = STATE_BY_KEY.get(key) ?? STATE_ALIASES[key];
  return name ? ok(name) : problem(KycProblems.state.unknown);
}

/** Masks: what the owner sees of a stored secret. */
export const maskAccountNumber = (last4: string): string => `XXXX${last4}`;
export const maskPan = (last4: string): string => `XXXXXX${last4}`;
/** The first character of the name, the rest hidden, the app's handle shown: asha.rao@okhdfcbank → aXXX@okhdfcbank. */
export function maskUpiId(upiId: string): string {
  const [name = '', psp = ''] = upiId.split('@');
  return `${name.slice(0, 1)}XXX@${psp}`;
}
