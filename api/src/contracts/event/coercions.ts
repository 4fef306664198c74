/** Lists may arrive as JSON text (SPEC §3). Empty text is an empty list. */
export function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return [];
  if (!text.startsWith('[')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/** A number written in decimal ("12", "-7.5", ".25"); Number() alone would also read "0x10", "0b11", "1e3" and "Infinity". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Text holding a decimal number becomes that number (form posts); blank text is null; anything else is left for the schema to refuse. */
export const numberish = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    return DECIMAL.test(text) ? Number(text) : value;
  }
  return value;
};

export const booleanish = (value: unknown): unknown => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

export const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);

export const emptyToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const lowerTrim = (value: unknown): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

export const intText = (value: unknown): unknown => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value);
