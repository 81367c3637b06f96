import { describe, expect, it } from 'vitest';
import { floats } from '../fairness/index';
import {
  MINES,
  minePositions,
  minesMultiplierE4,
  revealTile,
  type MinesState,
  validateMinesCount,
  validateTile,
} from './rules';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

function binomial(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

describe('mines rules', () => {
  it('places 3 mines on tiles 19, 22, 7 for the published vector', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, MINES.floatsNeeded);
    expect(minePositions(f, 3)).toEqual([19, 22, 7]);
    // More mines extend the same draw.
    expect(minePositions(f, 5).slice(0, 3)).toEqual([19, 22, 7]);
    expect(new Set(minePositions(f, 24)).size).toBe(24);
  });

  it('draws and removes: every ordered pair of distinct tiles comes from exactly one float cell', () => {
    const seen = new Map<string, number>();
    for (let a = 0; a < 25; a++) {
      for (let b = 0; b < 24; b++) {
        const pair = minePositions([(a + 0.5) / 25, (b + 0.5) / 24], 2);
        const key = pair.join(',');
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
    expect(seen.size).toBe(25 * 24);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('rounds M(k) down to 2 decimals', () => {
    expect(minesMultiplierE4(3, 0)).toBe(0);
    expect(minesMultiplierE4(3, 1)).toBe(11_200); // 0.99 * 25 / 22 = 1.125
    expect(minesMultiplierE4(1, 1)).toBe(10_300); // 1.03125
    expect(minesMultiplierE4(1, 2)).toBe(10_700); // 1.0760...
    expect(minesMultiplierE4(24, 1)).toBe(247_500); // 24.75
    expect(minesMultiplierE4(1, 24)).toBe(247_500);
    expect(minesMultiplierE4(12, 13)).toBe(51_482_970_000); // 0.99 * 5200300
    expect(() => minesMultiplierE4(24, 2)).toThrow(RangeError);
  });

  it('returns between 98% and 99% at every mine count and every step, exactly', () => {
    let checked = 0;
    for (let m = MINES.minMines; m <= MINES.maxMines; m++) {
      for (let k = 1; k <= MINES.tiles - m; k++) {
        // P(k safe reveals) = C(25 - m, k) / C(25, k); RTP = P * M(k).
        const survive = binomial(25 - m, k);
        const all = binomial(25, k);
        const returned = survive * BigInt(minesMultiplierE4(m, k)); // RTP * all * 10000
        expect(returned <= 9_900n * all, `m=${m} k=${k}`).toBe(true);
        expect(returned >= 9_800n * all, `m=${m} k=${k}`).toBe(true);
        // Rounding down costs less than 0.01x.
        expect((9_900n * all - returned) * 1n < 100n * survive + 1n).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBe(300);
  });

  it('ends on a mine, advances on a safe tile and clears the board', () => {
    const start = { mines: [3, 7], revealed: [] as number[], status: 'active' as const };
    const safe = revealTile(start, 0);
    expect(safe).toEqual({ mines: [3, 7], revealed: [0], status: 'active' });
    expect(revealTile(safe, 7).status).toBe('lost');
    expect(() => revealTile(safe, 0)).toThrow();
    expect(() => revealTile(revealTile(safe, 7), 1)).toThrow();
    let state: MinesState = { mines: [24], revealed: [], status: 'active' };
    for (let tile = 0; tile < 24; tile++) state = revealTile(state, tile);
    expect(state.status).toBe('cleared');
  });

  it('validates the mine count and the tile', () => {
    expect(validateMinesCount(1)).toEqual([]);
    expect(validateMinesCount(24)).toEqual([]);
    for (const bad of [0, 25, 2.5, '3', null]) {
      expect(validateMinesCount(bad).map((i) => i.field)).toEqual(['mines']);
    }
    expect(validateTile(0)).toEqual([]);
    expect(validateTile(24)).toEqual([]);
    for (const bad of [-1, 25, 1.5, '1'])
      expect(validateTile(bad).map((i) => i.field)).toEqual(['tile']);
  });
});
