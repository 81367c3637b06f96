import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../engine/index';
import { floats } from '../fairness/floats';
import { MULTIPLIER_SCALE } from '../fairness/money';
import {
  ASTEROIDS,
  GEM_KINDS,
  TIER_WEIGHTS,
  asteroidsTier,
  playAsteroids,
  rules,
  tripleOf,
  type GemKind,
} from './rules';

// The published seed pair (docs/fairness.md).
const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

const randomFloats = (random: () => number, f0 = random()) => [
  f0,
  ...Array.from({ length: ASTEROIDS.floatsNeeded - 1 }, random),
];

const counts = (gems: readonly number[]) => {
  const map = new Map<number, number>();
  for (const kind of gems) map.set(kind, (map.get(kind) ?? 0) + 1);
  return map;
};

describe('Asteroids rules', () => {
  it('decides the published vector: no win, nine gems and no kind three times', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, ASTEROIDS.floatsNeeded);
    const outcome = rules.outcome({}, f);
    expect(outcome.tier).toBe(0);
    expect(outcome).toEqual({ tier: 0, gems: playAsteroids(f).gems });
    expect(outcome.gems).toHaveLength(9);
    expect(Math.max(...counts(outcome.gems as number[]).values())).toBeLessThanOrEqual(2);
    expect(rules.play({}, f, 100)).toEqual({
      multiplierE4: 0,
      payoutCents: 0,
      result: { multiplier: 0, gems: outcome.gems },
    });
  });

  it('lays the tiers out on floor(f0 * 1,000,000) against the cumulative weights', () => {
    const edges: [number, GemKind | 0][] = [
      [0, 10_000],
      [1, 1_000],
      [10, 1_000],
      [11, 200],
      [111, 100],
      [411, 50],
      [1_211, 10],
      [8_211, 5],
      [44_211, 2],
      [194_211, 1],
      [494_210, 1],
      [494_211, 0],
      [999_999, 0],
    ];
    for (const [ticket, tier] of edges) expect(asteroidsTier((ticket + 0.5) / 1e6)).toBe(tier);
    expect(TIER_WEIGHTS.reduce((sum, { weight }) => sum + weight, 0)).toBe(1_000_000);
  });

  it('returns exactly 96.0% with a hit rate of 49.42% (from the weights)', () => {
    const returned = TIER_WEIGHTS.reduce((sum, { kind, weight }) => sum + kind * weight, 0);
    expect(returned).toBe(960_000);
    const hits = TIER_WEIGHTS.filter(({ kind }) => kind > 0).reduce(
      (s, { weight }) => s + weight,
      0,
    );
    expect(hits).toBe(494_211);
  });

  it('pays 96.0% within 4 standard errors over 1,000,000 seeded rounds, hit rate near 49.42%', () => {
    const random = seededRandom(17);
    const rounds = 1_000_000;
    let sum = 0;
    let sumSquares = 0;
    let hits = 0;
    for (let i = 0; i < rounds; i++) {
      const { multiplierE4 } = rules.play({}, randomFloats(random), 100);
      const m = multiplierE4 / MULTIPLIER_SCALE;
      sum += m;
      sumSquares += m * m;
      if (m > 0) hits += 1;
    }
    const mean = sum / rounds;
    const se = Math.sqrt((sumSquares / rounds - mean * mean) / rounds);
    expect(Math.abs(mean - 0.96)).toBeLessThan(4 * se);
    const hitSe = Math.sqrt((0.494211 * 0.505789) / rounds);
    expect(Math.abs(hits / rounds - 0.494211)).toBeLessThan(4 * hitSe);
  }, 120_000);

  it('keeps the layout constraints for every tier over 100,000 rounds', () => {
    const random = seededRandom(9);
    const tiers = TIER_WEIGHTS.map(({ kind }) => kind);
    const starts = TIER_WEIGHTS.map((_, i) =>
      TIER_WEIGHTS.slice(0, i).reduce((sum, { weight }) => sum + weight, 0),
    );
    const wonAt = Array<number>(9).fill(0);
    let wins = 0;
    const broken: unknown[] = [];
    for (let i = 0; i < 100_000; i++) {
      const t = i % tiers.length;
      const ticket = starts[t]! + Math.floor(random() * TIER_WEIGHTS[t]!.weight);
      const round = playAsteroids(randomFloats(random, (ticket + random()) / 1e6));
      const seen = counts(round.gems);
      const ok =
        round.tier === tiers[t] &&
        round.gems.length === 9 &&
        [...seen].every(
          ([kind, count]) =>
            (GEM_KINDS as readonly number[]).includes(kind) &&
            (kind === round.tier ? count === 3 : count <= 2),
        ) &&
        (round.tier === 0 || seen.get(round.tier) === 3) &&
        tripleOf(round.gems) === round.tier;
      if (!ok) broken.push(round);
      if (round.tier > 0) {
        wins += 1;
        round.gems.forEach((kind, j) => (wonAt[j]! += kind === round.tier ? 1 : 0));
      }
    }
    expect(broken).toEqual([]);
    // The won three land anywhere: every asteroid holds one in about a third of the wins.
    for (const count of wonAt) expect(Math.abs(count / wins - 1 / 3)).toBeLessThan(0.02);
  }, 60_000);

  it('takes no parameters besides the amount', () => {
    expect(rules.parse({})).toEqual({ ok: true, value: {} });
    expect(rules.floatsNeeded({})).toBe(19);
  });
});
