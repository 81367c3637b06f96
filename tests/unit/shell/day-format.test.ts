import { describe, expect, it } from 'vitest';
import { dayPattern, formatDay, parseDay } from '../../../src/components/dayFormat';

describe('days in the order of the app language', () => {
  it.each([
    ['en', '31/12/2026'],
    ['es', '31/12/2026'],
    ['fr', '31/12/2026'],
    ['pt-BR', '31/12/2026'],
    ['zh-CN', '2026/12/31'],
  ])('%s writes 31 December 2026 as %s, and reads it back', (locale, written) => {
    const pattern = dayPattern(locale);
    expect(pattern.example).toBe(written);
    expect(formatDay('2026-12-31', pattern)).toBe(written);
    expect(parseDay(written, pattern)).toBe('2026-12-31');
  });

  it('reads any separator, refuses what is no day', () => {
    const fr = dayPattern('fr');
    expect(parseDay('1.2.2026', fr)).toBe('2026-02-01');
    expect(parseDay(' 01-02-2026 ', fr)).toBe('2026-02-01');
    expect(parseDay('31/02/2026', fr)).toBeNull();
    expect(parseDay('12/2026', fr)).toBeNull();
    expect(parseDay('01/13/2026', fr)).toBeNull();
    expect(parseDay('01/01/26', fr)).toBeNull();
    expect(formatDay('', fr)).toBe('');
  });
});
