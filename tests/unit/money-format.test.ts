import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../engine/core/random';
import { formatAmount } from '../../games/shared/format/formats';

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
