import { stripBidiControls } from '../../../api/src/contracts/bidi.js';
import { groupIndian } from './format-event';

/** A text's length as the API counts it, against the most it takes. */
export interface TextLength {
  count: number;
  max: number;
  tooLong: boolean;
}

/**
 * Bidi controls dropped, trimmed, in UTF-16 units (an emoji is two), as the API's schemas count:
 * the counter never says "fits" for a text the API then refuses.
 */
export function textLength(text: string, max: number): TextLength {
  const count = stripBidiControls(text).trim().length;
  return { count, max, tooLong: count > max };
}

/** "1,234/2,000": the counter under a text box. */
export function counterText(length: TextLength): string {
  return `${groupIndian(length.count)}/${groupIndian(length.max)}`;
}
