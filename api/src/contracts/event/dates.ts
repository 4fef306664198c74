/** 2099-12-31 23:59:59 means "date to be decided" (SPEC §4, §9); stored as this instant. */
export const DATE_TO_BE_DECIDED = '2099-12-31T23:59:59.000Z';
const TBD_MS = Date.parse(DATE_TO_BE_DECIDED);
const DAY_MS = 86_400_000;

/** True for the placeholder, whatever zone it was written in (any instant within a day of it). */
export function isDateToBeDecided(value: Date | string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(time) && Math.abs(time - TBD_MS) <= DAY_MS;
}

/** Nothing sorts after "date to be decided": later dates (year 9999, 10000...) are typing slips. */
export const isAfterDateToBeDecided = (date: Date): boolean => date.getTime() > TBD_MS;

/** India Standard Time, used for a date written without a zone (a datetime-local form value). */
const IST_OFFSET = '+05:30';
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 date and time. Without a zone it is read as India time. The placeholder becomes
 * exactly DATE_TO_BE_DECIDED. Returns null when the text is not a real date and time.
 */
export function parseEventDate(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map((part) => part ?? '');
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s || 0) > 59) return null;
  if (year === 2099 && month === 12 && day === 31 && h === '23' && mi === '59' && (s === '' || s === '59')) {
    return new Date(DATE_TO_BE_DECIDED);
  }
  const zone = match[8] ?? IST_OFFSET;
  const normalizedZone = zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s || '00'}${match[7] ? `.${match[7].slice(0, 3).padEnd(3, '0')}` : ''}${normalizedZone}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return isDateToBeDecided(date) ? new Date(DATE_TO_BE_DECIDED) : date;
}
