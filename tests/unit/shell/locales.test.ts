import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES, gameTitleKey } from '../../../games/shared/registry/catalog';
import { NOT_FOUND_ROUTE, ROUTES } from '../../../src/app/routes';
import { formatBalance, formatDate } from '../../../src/components/format';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const catalogue = (locale: string) =>
  flatten(
    JSON.parse(fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8')) as Tree,
  );

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal key the shell passes to t(), plus the keys it names in its tables. */
function keysUsedInSources(): Set<string> {
  const keys = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) keys.add(m[1]!);
    for (const m of text.matchAll(/\bt\(\s*[^()]*?\?\s*'([^']+)'\s*:\s*'([^']+)'/g)) {
      keys.add(m[1]!);
      keys.add(m[2]!);
    }
    for (const m of text.matchAll(/\bkey: '([a-z_]+\.[a-z_0-9]+)'/g)) keys.add(m[1]!);
  }
  for (const r of [...ROUTES, NOT_FOUND_ROUTE]) keys.add(r.titleKey);
  for (const g of GAMES) keys.add(gameTitleKey(g));
  for (const p of ['github', 'google', 'microsoft']) keys.add(`auth.oauth_${p}`);
  for (const r of ['instant', 'daily', 'weekly']) keys.add(`earn.claim_${r}`);
  return keys;
}

describe('the locale catalogues', () => {
  const en = catalogue('en');

  // Keys and {{interpolation}} names per locale: tests/unit/i18n-parity.test.ts (client and server).
  // No key that no code uses: tests/unit/i18n-keys-used.test.ts.

  it('is translated: most messages differ from English in every other locale', () => {
    for (const locale of LOCALES.slice(1)) {
      const other = catalogue(locale);
      const same = [...en].filter(([k, v]) => other.get(k) === v).length;
      expect(same / en.size, locale).toBeLessThan(0.2);
    }
  });

  it('has every key the sources use', () => {
    const used = keysUsedInSources();
    expect(used.size).toBeGreaterThan(100);
    // A plural message is there as its forms (`key_one`, `key_other`, ...).
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`))).toEqual([]);
  });
});

describe('formats', () => {
  it('shows the balance in German format with exactly 2 decimals', () => {
    expect(formatBalance(1000)).toBe('1.000,00');
    expect(formatBalance(1234567.891)).toBe('1.234.567,89');
    expect(formatBalance(0.5)).toBe('0,50');
    expect(formatBalance(Number.NaN)).toBe('0,00');
  });

  it("shows dates as 'dd MMMM yyyy'", () => {
    expect(formatDate('2026-03-05T12:00:00Z', 'en')).toBe('05 March 2026');
    expect(formatDate('2026-03-05T12:00:00Z', 'es')).toBe('05 marzo 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });
});
