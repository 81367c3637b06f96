// The giveaway draw (games/fairness/giveaway.ts) against the algorithm as
// docs/developers/community.md documents it, recomputed here with node:crypto; without
// replacement, all entrants when fewer than the winners, and a prize split that sums to the prize.
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  drawGiveaway,
  drawGiveawayWinners,
  splitGiveawayPrize,
} from '../../games/fairness/giveaway';
import { prng } from '../support/prng';

const SEED = '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159';

/** The documented algorithm, written out independently. */
function reference(serverSeed: string, id: number, n: number, winners: number): number[] {
  const k = Math.min(winners, n);
  const fs: number[] = [];
  for (let round = 0; fs.length < k; round++) {
    const digest = createHmac('sha256', serverSeed).update(`giveaway:${id}:${n}:${round}`).digest();
    for (let i = 0; i < 32 && fs.length < k; i += 4) {
      fs.push(digest.readUInt32BE(i) / 2 ** 32);
    }
  }
  const remaining = [...Array(n).keys()];
  return fs.map((f) => remaining.splice(Math.floor(f * remaining.length), 1)[0]!);
}

/** A seeded server seed (64 hex characters). */
function seedFrom(random: () => number): string {
  return Array.from({ length: 64 }, () => Math.floor(random() * 16).toString(16)).join('');
}

describe('giveaway draw', () => {
  it('is the documented algorithm, deterministic, for many seeded cases', () => {
    const random = prng(20);
    for (let i = 0; i < 300; i++) {
      const seed = seedFrom(random);
      const id = 1 + Math.floor(random() * 1000);
      const n = Math.floor(random() * 40);
      const k = 1 + Math.floor(random() * 20);
      const drawn = drawGiveawayWinners(seed, id, n, k);
      expect(drawn).toEqual(reference(seed, id, n, k));
      expect(drawGiveawayWinners(seed, id, n, k)).toEqual(drawn);
    }
  });

  it('draws without replacement, over more than one HMAC digest', () => {
    const drawn = drawGiveawayWinners(SEED, 7, 50, 20);
    expect(drawn).toHaveLength(20);
    expect(new Set(drawn).size).toBe(20);
    for (const position of drawn) expect(position).toBeGreaterThanOrEqual(0);
    for (const position of drawn) expect(position).toBeLessThan(50);
  });

  it('depends on the seed, the giveaway and the number of entrants', () => {
    const base = drawGiveawayWinners(SEED, 1, 1000, 5);
    expect(drawGiveawayWinners(randomBytes(32).toString('hex'), 1, 1000, 5)).not.toEqual(base);
    expect(drawGiveawayWinners(SEED, 2, 1000, 5)).not.toEqual(base);
    expect(drawGiveawayWinners(SEED, 1, 1001, 5)).not.toEqual(base);
  });

  it('makes every entrant a winner when there are fewer entrants than winners', () => {
    const drawn = drawGiveawayWinners(SEED, 3, 4, 10);
    expect([...drawn].sort()).toEqual([0, 1, 2, 3]);
    expect(drawGiveawayWinners(SEED, 3, 0, 10)).toEqual([]);
  });

  it('picks each entrant about equally often', () => {
    const random = prng(7);
    const wins = new Array<number>(5).fill(0);
    for (let i = 0; i < 5000; i++) wins[drawGiveawayWinners(seedFrom(random), 1, 5, 1)[0]!]! += 1;
    for (const count of wins) expect(count).toBeGreaterThan(850);
    for (const count of wins) expect(count).toBeLessThan(1150);
  });

  it('splits the prize in whole cents that sum to it, the extra cents to the first ranks', () => {
    expect(splitGiveawayPrize(1000, 3)).toEqual([334, 333, 333]);
    expect(splitGiveawayPrize(1001, 3)).toEqual([334, 334, 333]);
    expect(splitGiveawayPrize(900, 3)).toEqual([300, 300, 300]);
    expect(splitGiveawayPrize(5, 0)).toEqual([]);
    const random = prng(3);
    for (let i = 0; i < 500; i++) {
      const prize = 1 + Math.floor(random() * 10_000_000);
      const k = 1 + Math.floor(random() * 100);
      const split = splitGiveawayPrize(prize, k);
      expect(split.reduce((a, b) => a + b, 0)).toBe(prize);
      expect(Math.max(...split) - Math.min(...split)).toBeLessThanOrEqual(1);
    }
  });

  it('pays the whole prize to the winners actually drawn', () => {
    const draw = drawGiveaway({
      serverSeed: SEED,
      giveawayId: 9,
      entrants: 2,
      winnersCount: 5,
      prizeCents: 10_001,
    });
    expect(draw.positions).toHaveLength(2);
    expect(draw.prizes).toEqual([5001, 5000]);
    expect(
      drawGiveaway({
        serverSeed: SEED,
        giveawayId: 9,
        entrants: 0,
        winnersCount: 5,
        prizeCents: 100,
      }),
    ).toEqual({ positions: [], prizes: [] });
  });
});
