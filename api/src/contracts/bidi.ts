/**
 * Bidirectional-text control characters (Unicode's explicit embeddings, overrides and isolates:
 * U+202A–U+202E, U+2066–U+2069). Typed into a name or a title they reorder what follows, so
 * "‮RTL" reads "LTR" and a name can flip the text beside it. People never need them in what they
 * type here: the web isolates every piece of user text it shows (`<bdi>`, `dir="auto"`), which
 * gives right-to-left names and titles their direction without them. The implicit marks (LRM,
 * RLM, ALM) stay: they are ordinary invisible letters with a direction and cannot leak.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
