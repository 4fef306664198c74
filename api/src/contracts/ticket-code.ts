/**
 * A ticket's short code, shared by the API and the web. Apart from the contract's schemas, so that the
 * pages that read or show a code (the door, the logout's clean-up) do not ship zod.
 */

/** Letters and digits a person reads aloud without doubt: no 0/O, no 1/I. */
export const TICKET_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const TICKET_CODE_LENGTH = 6;

/** The code as people type it (any case, spaces or dashes) reduced to its characters, or null when it cannot be one. */
export function normaliseTicketCode(input: string): string | null {
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== TICKET_CODE_LENGTH) return null;
  for (const character of code) if (!TICKET_CODE_ALPHABET.includes(character)) return null;
  return code;
}

/** K7M2QX → K7M-2QX: two groups of three, easier to read aloud and to type. */
export const formatTicketCode = (code: string): string => `${code.slice(0, 3)}-${code.slice(3)}`;
