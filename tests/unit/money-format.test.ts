import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../engine/core/random';
import { formatAmount, formatPercent } from '../../games/shared/format/formats';

// The page's money formatting is written out (no Intl at first paint); Node's full ICU is the
// reference it must equal, string for string.
const reference = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe('formatAmount', () => {
  it('groups thousands with dots and writes exactly two decimals after a comma', () => {
    expect(formatAmount(0)).toBe('0,00');
    expect(formatAmount(1000)).toBe('1.000,00');
    expect(formatAmount(1234567.891)).toBe('1.234.567,89');
    expect(formatAmount(-42.5)).toBe('-42,50');
    expect(formatAmount(Number.NaN)).toBe('0,00');
    expect(formatAmount(Number.POSITIVE_INFINITY)).toBe('0,00');
  });

  it('rounds ties and near-ties as Intl does (the exact binary value, ties away from zero)', () => {
    for (const value of [0.005, 0.015, 0.125, 1.005, 1.115, 2.675, 999.995, -0.005, -2.675, -0]) {
      expect(formatAmount(value), String(value)).toBe(reference.format(value));
    }
  });

  it('equals Intl.NumberFormat("de-DE") on 200,000 seeded amounts from cents to billions', () => {
    const random = seededRandom(20261127);
    const mismatches: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      const scaled = (random() - 0.5) * 10 ** Math.floor(random() * 12);
      const cents = Math.round(random() * 1e10) / 100;
      for (const value of [scaled, cents]) {
        if (formatAmount(value) !== reference.format(value)) mismatches.push(value);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('formatPercent', () => {
  // Every locale the app ships (locales/*.json), and one it does not (Intl writes that one).
  const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN', 'de'];
  const percent = (locale: string) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });

  it('writes an RTP as each locale does', () => {
    expect(formatPercent(0.99, 'en')).toBe('99.00%');
    expect(formatPercent(36 / 37, 'zh-CN')).toBe('97.30%');
    expect(formatPercent(0.99, 'es')).toBe('99,00\u00a0%');
    expect(formatPercent(0.99, 'fr')).toBe('99,00\u00a0%');
    expect(formatPercent(0.99, 'pt-BR')).toBe('99,00%');
  });

  it('equals Intl.NumberFormat in every locale on ties, edges and 50,000 seeded shares', () => {
    const random = seededRandom(20261128);
    const values = [0, -0, 0.00005, 0.00015, 0.00125, 0.98765, 0.999999, 1, 9.98, 9.99995, 12.5];
    values.push(-0.5, 1e-7, Number.NaN);
    for (let i = 0; i < 50_000; i++) {
      values.push(random(), Math.round(random() * 1e6) / 1e6, random() * 10);
    }
    for (const locale of LOCALES) {
      const reference = percent(locale);
      const mismatches = values.filter((v) => formatPercent(v, locale) !== reference.format(v));
      expect(mismatches, locale).toEqual([]);
    }
  });
});
