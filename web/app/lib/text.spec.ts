import { firstGrapheme, graphemes, initialOf, initialsOf, shorten } from './text';

/** True when `text` holds half of a surrogate pair (what renders as "�"). */
const hasLoneSurrogate = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('initials by grapheme', () => {
  it('takes the first letter of the first and last words', () => {
    expect(initialsOf('Asha Rao')).toBe('AR');
    expect(initialsOf('  meera  k  iyer ')).toBe('MI');
    expect(initialsOf('Kabir')).toBe('K');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });

  it('keeps emoji and mathematical letters whole', () => {
    expect(initialsOf('𝓐nanya 😀')).toBe('𝓐😀');
    expect(initialsOf('👩🏽‍💻 Devi')).toBe('👩🏽‍💻D');
    expect(initialsOf('🇮🇳 Team')).toBe('🇮🇳T');
    expect(initialOf('😀 Karaoke night')).toBe('😀');
    for (const name of ['𝓐nanya 😀', '😀', '𝕏 𝕐', '🧑‍🤝‍🧑 friends']) expect(hasLoneSurrogate(initialsOf(name))).toBe(false);
  });

  it('skips invisible characters such as bidi controls', () => {
    expect(firstGrapheme('\u202E\u200DRiya')).toBe('R');
    expect(initialsOf('\u202EZoya \u2066Khan')).toBe('ZK');
    expect(initialOf('\u202E')).toBe('');
  });
});

describe('graphemes', () => {
  it('splits plain Latin text by character and anything else as a person reads it', () => {
    expect(graphemes('Café, 5 €')).toEqual(['C', 'a', 'f', 'é', ',', ' ', '5', ' ', '€']);
    expect(graphemes('Cafe\u0301')).toEqual(['C', 'a', 'f', 'e\u0301']);
    expect(graphemes('कि ना')).toEqual(['कि', ' ', 'ना']);
    expect(graphemes('a\r\nb')).toEqual(['a', '\r\n', 'b']);
    expect(graphemes('')).toEqual([]);
  });

  it('splits every pair of printable ASCII and Latin-1 characters in two, as the segmenter does', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const printable = [...Array(0x100).keys()].filter((code) => (code >= 0x20 && code <= 0x7e) || code >= 0xa0);
    // One text per first character, "a" then every character each after an "a": each of its neighbours is a pair of
    // the set, and the text has one grapheme per character only when no pair joins (one segmentation, not 190).
    const joined: string[] = [];
    for (const first of printable) {
      const text = printable.map((second) => String.fromCharCode(first, second)).join('');
      let count = 0;
      for (const _ of segmenter.segment(text)) count += 1;
      if (count !== text.length || graphemes(text).length !== text.length) joined.push(String.fromCharCode(first));
    }
    expect(joined).toEqual([]);
  });
});

describe('shorten', () => {
  it('cuts by character, never inside an emoji', () => {
    expect(shorten('short', 10)).toBe('short');
    expect(shorten('abcdef', 4)).toBe('abc…');
    const cut = shorten('ab😀😀😀', 4);
    expect(cut).toBe('ab😀…');
    expect(hasLoneSurrogate(cut)).toBe(false);
  });
});
