import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  formatPercent,
  lockRewardCents,
  termProgress,
} from '../../../src/pages/earn/earnMath';

describe('earn screens: countdowns, progress, rewards, rates', () => {
  it('counts down in days and an hh:mm:ss clock, rounding a started second up', () => {
    expect(countdownParts(0)).toEqual({ days: 0, clock: '00:00:00' });
    expect(countdownParts(-5000)).toEqual({ days: 0, clock: '00:00:00' });
    expect(countdownParts(1)).toEqual({ days: 0, clock: '00:00:01' });
    expect(countdownParts(59_999)).toEqual({ days: 0, clock: '00:01:00' });
    expect(countdownParts((3 * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 0, clock: '03:04:05' });
    expect(countdownParts(7 * 86_400_000 - 1000)).toEqual({ days: 6, clock: '23:59:59' });
    expect(countdownParts(86_400_000)).toEqual({ days: 1, clock: '00:00:00' });
  });

  it("measures a term's elapsed share between 0 and 1", () => {
    const start = '2026-01-01T00:00:00.000Z';
    const end = '2026-01-11T00:00:00.000Z';
    expect(termProgress(start, end, Date.parse('2025-12-31T00:00:00Z'))).toBe(0);
    expect(termProgress(start, end, Date.parse('2026-01-06T00:00:00Z'))).toBe(0.5);
    expect(termProgress(start, end, Date.parse('2026-02-01T00:00:00Z'))).toBe(1);
    expect(termProgress(end, start, 0)).toBe(1);
    expect(termProgress('nonsense', end, 0)).toBe(1);
  });

  it('previews a lock reward as the server computes it (rounded down to a cent)', () => {
    // 1,000.00 for 365 days at 12% a year: 120.00.
    expect(lockRewardCents(100_000, 12, 365)).toBe(12_000);
    // 123.45 for 30 days at 5%: 12345 * 500 * 30 / 3,650,000 = 50.7 -> 0.50.
    expect(lockRewardCents(12_345, 5, 30)).toBe(50);
    expect(lockRewardCents(1, 2, 7)).toBe(0);
    // A rate of 0.1% is 10 basis points exactly, not 9.999...
    expect(lockRewardCents(3_650_000, 0.1, 365)).toBe(3_650);
  });

  it('writes rates in percent in the locale', () => {
    expect(formatPercent(0.1, 'en')).toBe('0.1%');
    expect(formatPercent(12, 'en')).toBe('12%');
    expect(formatPercent(0.05, 'es')).toMatch(/^0,05\s%$/);
    expect(formatPercent(0.03, 'fr')).toMatch(/^0,03\s%$/);
  });
});
