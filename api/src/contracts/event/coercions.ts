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

export const numberish = (value: unknown): unknown => {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    const number = Number(text);
    return Number.isFinite(number) ? number : value;
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

export const intText = (value: unknown): unknown =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
