// Characters that join a code point to its neighbours in one grapheme: combining marks, the
// zero-width joiner, variation selectors, Hangul jamo, regional indicators (flags), skin-tone
// modifiers, emoji tags, and CR (CR LF is one grapheme).
const JOINS =
  /\p{M}|\u200d|\p{Variation_Selector}|[\u1100-\u11ff]|\r|\p{Regional_Indicator}|\p{Emoji_Modifier}|[\u{e0020}-\u{e007f}]/u;

let segmenter: Intl.Segmenter | null = null;

/**
 * Splits text into graphemes as Intl.Segmenter does, without building a segmenter for text in
 * which every code point is its own grapheme (digits, Latin, Chinese: all of the games' labels).
 * The first segmenter of a page loads ICU's break-iterator data, ~50 ms here and ~200 ms on a phone.
 */
export function splitGraphemes(text: string): string[] {
  if (!JOINS.test(text)) return Array.from(text);
  segmenter ??= new Intl.Segmenter();
  return Array.from(segmenter.segment(text), (part) => part.segment);
}
