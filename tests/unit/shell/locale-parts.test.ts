// The two parts of a locale's messages (src/i18n/parts.ts): together they are the whole file,
// every key in exactly one, the later part only the sections of later screens.
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { FIRST_KEYS, LATER_SECTIONS, messagesPart } from '../../../src/i18n/parts';

type Tree = Record<string, unknown>;

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as Tree, `${prefix}${key}.`),
  );
}

describe('messagesPart', () => {
  const first = keysOf(messagesPart(en, 'first'));
  const later = keysOf(messagesPart(en, 'later'));

  it('splits the messages into two parts that make up the whole, with no key in both', () => {
    expect([...first, ...later].sort()).toEqual(keysOf(en).sort());
    expect(first.filter((key) => later.includes(key))).toEqual([]);
  });

  it('keeps in the later part only the later sections, less the keys the first screen shows', () => {
    const laterSections: readonly string[] = LATER_SECTIONS;
    expect(later.every((key) => laterSections.includes(key.split('.')[0]!))).toBe(true);
    for (const key of FIRST_KEYS) expect(first).toContain(key);
    expect(later).toContain('play.reality_title');
    expect(first).toContain('nav.casino');
  });
});
