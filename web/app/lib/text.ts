/**
 * People's text on screen: first letters and shortened text by grapheme, so an emoji or a
 * mathematical letter (two UTF-16 units, or several code points) is never cut in half. A half
 * character renders as "�" on the server and as something else in the browser, and React then
 * throws the server's HTML away (hydration errors #418/#423/#425).
 * Plain module, deterministic on server and browser alike.
 */

/**
 * Made on first need: building a grapheme segmenter loads ICU's break rules, about 65 ms in Chromium
 * here (four times that on Lighthouse's phone). Made as this module loaded, it held up every page's
 * scripts.
 */
let madeSegmenter: Intl.Segmenter | null | undefined;
function graphemeSegmenter(): Intl.Segmenter | null {
  if (madeSegmenter === undefined) {
    madeSegmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('en', { granularity: 'grapheme' }) : null;
  }
  return madeSegmenter;
}

/**
 * Printable ASCII and Latin-1: no combining mark, joiner, surrogate or CR LF pair, so each UTF-16
 * unit is a grapheme of its own. Most names and titles are this; they need no segmenter.
 */
const ONE_UNIT_PER_GRAPHEME = /^[\x20-\x7e\xa0-\xff]*$/;

/** Invisible format and control characters (bidi controls, joiners, BOM...): never an initial. */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Z}]+$/u;

/** The user-perceived characters of `text`, in order. */
export function graphemes(text: string): string[] {
  if (ONE_UNIT_PER_GRAPHEME.test(text)) return text.split('');
  const segmenter = graphemeSegmenter();
  if (segmenter) return Array.from(segmenter.segment(text), (part) => part.segment);
  return Array.from(text); // code points: no cut surrogate pairs, at worst a split emoji sequence
}

/** The first visible character of `text` ("" when there is none). */
export function firstGrapheme(text: string | null | undefined): string {
  for (const part of graphemes((text ?? '').trim())) {
    if (!INVISIBLE.test(part)) return part;
  }
  return '';
}

/** The first character of a title, for a placeholder picture ("" when there is none). */
export function initialOf(text: string | null | undefined): string {
  return firstGrapheme(text).toUpperCase();
}

/** Initials for an avatar placeholder: "Asha Rao" → "AR", "𝓐nanya 😀" → "𝓐😀"; "?" without a name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).map(firstGrapheme).filter(Boolean);
  if (words.length === 0) return '?';
  return (words[0]! + (words.length > 1 ? words[words.length - 1]! : '')).toUpperCase();
}

/** `text` cut to at most `max` characters (graphemes), ending with "…" when it was cut. */
export function shorten(text: string, max: number): string {
  const parts = graphemes(text);
  if (parts.length <= max) return text;
  return `${parts
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** The text with its first letter in capitals ("must be a number" → "Must be a number"), as a sentence starts. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
