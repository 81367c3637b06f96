// One parity check for both sets of i18next catalogues: the client's locales/*.json and the
// server's locales/server/*.json. Every locale has exactly en's keys (plural forms by the
// locale's own plural categories) and uses exactly en's {{interpolation}} names in each message.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../server/i18n/messages';

const root = path.resolve(import.meta.dirname, '..', '..');
const SETS = { client: 'locales', server: 'locales/server' };

type Tree = { [key: string]: string | Tree };
type Catalogue = Map<string, string>;

function flatten(tree: Tree, prefix = '', out: Catalogue = new Map()): Catalogue {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else flatten(value, full, out);
  }
  return out;
}

const read = (dir: string, locale: string): Catalogue =>
  flatten(JSON.parse(fs.readFileSync(path.join(root, dir, `${locale}.json`), 'utf8')) as Tree);

const PLURAL = /_(zero|one|two|few|many|other)$/;
const names = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();

/** What is wrong with `other` measured against `en`: no entry means it is in step. */
function parityProblems(en: Catalogue, other: Catalogue, locale: string): string[] {
  const problems: string[] = [];
  // A plural group is a base with an `_other` form in en ('money.not_zero' alone is no plural).
  const pluralBases = new Set(
    [...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, '')),
  );
  /** 'a.b_one' -> 'a.b' in a plural group: the group counts as one key. */
  const baseKey = (key: string) => {
    const base = key.replace(PLURAL, '');
    return pluralBases.has(base) ? base : key;
  };
  const enBases = new Set([...en.keys()].map(baseKey));
  const otherBases = new Set([...other.keys()].map(baseKey));
  for (const key of enBases) if (!otherBases.has(key)) problems.push(`missing ${key}`);
  for (const key of otherBases) if (!enBases.has(key)) problems.push(`unknown key ${key}`);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const base of pluralBases) {
    for (const category of categories) {
      if (!other.has(`${base}_${category}`)) problems.push(`missing ${base}_${category}`);
    }
  }
  const enNames = new Map<string, string[]>();
  for (const [key, text] of en) enNames.set(baseKey(key), names(text));
  for (const [key, text] of other) {
    const expected = enNames.get(baseKey(key));
    if (!expected) continue;
    if (text.trim() === '') problems.push(`empty ${key}`);
    const got = names(text);
    for (const name of got) {
      if (!expected.includes(name)) problems.push(`${key}: {{${name}}} is not in en`);
    }
    for (const name of expected) {
      if (!got.includes(name)) problems.push(`${key}: {{${name}}} is missing`);
    }
  }
  return problems;
}

describe('translation catalogues (client and server)', () => {
  it.each(Object.entries(SETS))('%s: one file per locale of the app', (_, dir) => {
    const files = fs
      .readdirSync(path.join(root, dir))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  const cases = Object.entries(SETS).flatMap(([set, dir]) =>
    LOCALES.filter((l) => l !== 'en').map((locale) => ({ set, dir, locale })),
  );
  it.each(cases)('$set $locale has en’s keys and interpolation names', ({ dir, locale }) => {
    const en = read(dir, 'en');
    expect(en.size).toBeGreaterThan(50);
    expect(parityProblems(en, read(dir, locale), locale)).toEqual([]);
  });

  it('finds a missing key, an unknown key and a wrong or missing interpolation name', () => {
    const en = new Map([
      ['fairness.bets_made', '{{n}} bets made'],
      ['a.title', 'Title'],
      ['a.items_one', '{{count}} item'],
      ['a.items_other', '{{count}} items'],
    ]);
    const fr = new Map([
      ['fairness.bets_made', '{{count}} paris'],
      ['a.extra', 'En trop'],
      ['a.items_one', '{{count}} article'],
      ['a.items_many', '{{count}} d’articles'],
      ['a.items_other', 'des articles'],
    ]);
    expect(parityProblems(en, fr, 'fr')).toEqual([
      'missing a.title',
      'unknown key a.extra',
      'fairness.bets_made: {{count}} is not in en',
      'fairness.bets_made: {{n}} is missing',
      'a.items_other: {{count}} is missing',
    ]);
    expect(parityProblems(en, new Map([...en, ['a.items_many', '{{count}}']]), 'fr')).toEqual([]);
    // zh has one plural category: _other alone is complete.
    const zh = new Map([...en].filter(([k]) => k !== 'a.items_one'));
    expect(parityProblems(en, zh, 'zh-CN')).toEqual([]);
  });
});
