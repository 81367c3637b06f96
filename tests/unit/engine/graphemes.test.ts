import { describe, expect, it } from 'vitest';
import { splitGraphemes } from '../../../engine/core/graphemes';

const segmenter = new Intl.Segmenter();
const reference = (text: string) => Array.from(segmenter.segment(text), (part) => part.segment);

describe('splitGraphemes', () => {
  it('splits as Intl.Segmenter does, on labels and on text that joins code points', () => {
    const texts = [
      '',
      '0',
      '2:1',
      '1.234,56',
      'Gerade · Ungerade',
      'Pair/Impair',
      'Ímpar é vermelho',
      '红色 黑色 1-18',
      'e\u0301te\u0301', // combining accents
      '👍🏽 ok', // a skin-tone modifier
      '👩‍👩‍👧 family', // joined with ZWJ
      '🇫🇷🇧🇷', // two flags
      '❤️', // a variation selector
      'line\r\nnext', // CR LF
      '한국어', // precomposed Hangul
      '\u1100\u1161\u11a8', // Hangul jamo
    ];
    for (const text of texts) expect(splitGraphemes(text), text).toEqual(reference(text));
  });
});
