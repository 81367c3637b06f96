/**
 * Text PostgreSQL cannot keep: U+0000 (text and jsonb refuse it) and UTF-16 surrogates without
 * their other half (not Unicode: jsonb refuses the escape, text would store U+FFFD instead).
 */
// eslint-disable-next-line no-control-regex -- NUL is the character this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Control characters and unstorable text removed, whitespace collapsed (names from outside). */
export function cleanDisplayText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
