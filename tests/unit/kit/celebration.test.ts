// The win celebration's pure parts (games/shared/celebration): the tiers by payout multiplier,
// the counter's easing and the values it shows, and the celebration a settled round starts.
import { describe, expect, it } from 'vitest';
import {
  celebrateRound,
  celebrationEnded,
  currentCelebration,
  cutCelebrationShort,
  subscribeCelebrations,
} from '../../../games/shared/celebration/celebrations';
import {
  countedCents,
  easeOut,
  INSTANT_TIMING,
  TIMING,
} from '../../../games/shared/celebration/counter';
import { tierAtLeast, winTier, WIN_TIERS } from '../../../games/shared/celebration/tiers';

describe('win tiers', () => {
  it('a payout above the stake is a win; 10x a big one; 50x a huge one', () => {
    expect(winTier(100, 101)).toBe('win');
    expect(winTier(100, 198)).toBe('win');
    expect(winTier(100, 999)).toBe('win');
    expect(winTier(100, 1000)).toBe('big');
    expect(winTier(100, 4999)).toBe('big');
    expect(winTier(100, 5000)).toBe('huge');
    expect(winTier(1, 100_000)).toBe('huge');
  });

  it('a loss, a push or part of the stake back is not a win to celebrate', () => {
    expect(winTier(100, 0)).toBeNull();
    expect(winTier(100, 50)).toBeNull();
    expect(winTier(100, 100)).toBeNull();
    expect(winTier(0, 100)).toBeNull();
    expect(winTier(Number.NaN, 100)).toBeNull();
  });

  it('orders the tiers', () => {
    expect(WIN_TIERS).toEqual(['win', 'big', 'huge']);
    expect(tierAtLeast('huge', 'big')).toBe(true);
    expect(tierAtLeast('big', 'big')).toBe(true);
    expect(tierAtLeast('win', 'big')).toBe(false);
    expect(tierAtLeast(null, 'win')).toBe(false);
  });
});

describe('the counter', () => {
  it('eases out from 0 to 1, fast first', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(-1)).toBe(0);
    expect(easeOut(2)).toBe(1);
    expect(easeOut(0.5)).toBeCloseTo(0.875, 6);
    // More than half the way in the first third of the time.
    expect(easeOut(1 / 3)).toBeGreaterThan(0.5);
  });

  it('counts whole cents up to the payout, never down or past it, and ends on it exactly', () => {
    const final = 9_900;
    const countMs = TIMING.huge.countMs;
    let last = -1;
    for (let ms = 0; ms <= countMs + 100; ms += 16) {
      const cents = countedCents(final, ms, countMs);
      expect(Number.isInteger(cents)).toBe(true);
      expect(cents).toBeGreaterThanOrEqual(last);
      expect(cents).toBeLessThanOrEqual(final);
      last = cents;
    }
    expect(countedCents(final, 0, countMs)).toBe(0);
    expect(countedCents(final, countMs / 2, countMs)).toBe(Math.floor(final * 0.875));
    expect(countedCents(final, countMs, countMs)).toBe(final);
    expect(countedCents(final, countMs - 1, countMs)).toBeLessThan(final);
    // Instant mode: no count at all.
    expect(countedCents(final, 0, INSTANT_TIMING.countMs)).toBe(final);
  });

  it('counts longer for a bigger win', () => {
    expect(TIMING.win.countMs).toBeLessThan(TIMING.big.countMs);
    expect(TIMING.big.countMs).toBeLessThan(TIMING.huge.countMs);
    for (const timing of Object.values(TIMING)) {
      expect(timing.countMs + timing.holdMs + timing.fadeMs).toBeLessThanOrEqual(5000);
    }
  });
});

describe('a settled round', () => {
  const asked: string[] = [];
  const feel = (instant: boolean, allowed: boolean) => ({
    instant,
    allow: (effect: 'burst' | 'flash') => (asked.push(effect), allowed),
  });
  const bet = (amount: number, payout: number) => ({ game: 'dice', amount, payout });

  it('celebrates a win with its tier and payout; effects as motion allows', () => {
    const left = currentCelebration(); // one an earlier file of this worker started
    if (left) celebrationEnded(left.id);
    const told: number[] = [];
    const off = subscribeCelebrations(() => told.push(currentCelebration()?.id ?? 0));
    asked.length = 0;
    expect(celebrateRound(bet(1, 0), feel(false, true))).toBeNull();
    expect(celebrateRound(bet(1, 1), feel(false, true))).toBeNull();
    expect(currentCelebration()).toBeNull();
    expect(asked).toEqual([]);

    expect(celebrateRound(bet(1, 1.98), feel(false, true))).toBe('win');
    expect(currentCelebration()).toMatchObject({ tier: 'win', burst: false, flash: false });
    expect(asked).toEqual([]);

    expect(celebrateRound(bet(0.5, 49.5), feel(false, true))).toBe('huge');
    const huge = currentCelebration()!;
    expect(huge).toMatchObject({ tier: 'huge', payoutCents: 4950, stakeCents: 50 });
    expect(huge).toMatchObject({ burst: true, flash: true, cut: false, instant: false });
    expect(asked).toEqual(['burst', 'flash']);

    // Reduced motion: asked (and counted skipped by the engine), left out.
    asked.length = 0;
    expect(celebrateRound(bet(1, 20), feel(false, false))).toBe('big');
    expect(currentCelebration()).toMatchObject({ tier: 'big', burst: false, flash: false });
    expect(asked).toEqual(['burst']);

    // Instant mode: nothing asked, nothing played.
    asked.length = 0;
    expect(celebrateRound(bet(1, 60), feel(true, true))).toBe('huge');
    expect(currentCelebration()).toMatchObject({ burst: false, flash: false, instant: true });
    expect(asked).toEqual([]);

    // The next bet cuts it short; the overlay then ends it. An older id ends nothing.
    const shown = currentCelebration()!;
    cutCelebrationShort();
    expect(currentCelebration()).toMatchObject({ id: shown.id, cut: true });
    celebrationEnded(shown.id - 1);
    expect(currentCelebration()?.id).toBe(shown.id);
    celebrationEnded(shown.id);
    expect(currentCelebration()).toBeNull();
    off();
    expect(told.length).toBe(6);
  });
});
