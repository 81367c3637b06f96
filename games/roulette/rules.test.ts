import { describe, expect, it } from 'vitest';
import { floats } from '../fairness/index';
import {
  RED_NUMBERS,
  ROULETTE_BET_TYPES,
  ROULETTE_RETURNS,
  coveredPockets,
  normalizeSelection,
  rouletteBetPayoutCents,
  rouletteSpin,
  validateRouletteBet,
  type RouletteBetType,
} from './rules';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

/** Every selection of 0..4 numbers from 0..36 (sorted), the candidates of each bet type. */
function* candidates(): Generator<number[]> {
  yield [];
  for (let a = 0; a <= 36; a++) {
    yield [a];
    for (let b = a + 1; b <= 36; b++) {
      yield [a, b];
      for (let c = b + 1; c <= 36; c++) {
        for (let d = c + 1; d <= 36; d++) yield [a, b, c, d];
      }
    }
  }
}

describe('roulette rules', () => {
  it('lands on 28 for the published vector', () => {
    expect(rouletteSpin(floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 1)[0]!)).toBe(
      28,
    );
    expect(rouletteSpin(0)).toBe(0);
    expect(rouletteSpin(1 - 2 ** -32)).toBe(36);
  });

  it('knows how many bets of each type the table holds, and each covers the right count', () => {
    const counts: Record<string, number> = {};
    const sizes: Record<string, Set<number>> = {};
    for (const selection of candidates()) {
      for (const type of ROULETTE_BET_TYPES) {
        const covered = coveredPockets(type, selection);
        if (!covered) continue;
        counts[type] = (counts[type] ?? 0) + 1;
        (sizes[type] ??= new Set()).add(covered.length);
      }
    }
    expect(counts).toEqual({
      straight: 37,
      split: 60, // 24 side by side, 33 stacked, 0 with 1, 2 and 3
      street: 12,
      corner: 22,
      six_line: 11,
      dozen: 3,
      column: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
    const expectedSize: Record<RouletteBetType, number> = {
      straight: 1,
      split: 2,
      street: 3,
      corner: 4,
      six_line: 6,
      dozen: 12,
      column: 12,
      red: 18,
      black: 18,
      odd: 18,
      even: 18,
      low: 18,
      high: 18,
    };
    for (const type of ROULETTE_BET_TYPES) expect([...sizes[type]!]).toEqual([expectedSize[type]]);
  });

  it('returns exactly 36/37 on every valid bet of every type', () => {
    for (const selection of candidates()) {
      for (const type of ROULETTE_BET_TYPES) {
        if (!coveredPockets(type, selection)) continue;
        let returned = 0;
        for (let pocket = 0; pocket < 37; pocket++) {
          returned += rouletteBetPayoutCents({ type, selection, amountCents: 100 }, pocket);
        }
        // Total over 37 equally likely pockets of a 1.00 stake: 36.00, so RTP = 36/37.
        expect(returned, `${type} ${selection}`).toBe(3600);
      }
    }
    expect(ROULETTE_RETURNS.straight).toBe(36);
  });

  it('loses every outside bet on zero and knows red from black', () => {
    for (const type of ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen', 'column'] as const) {
      const selection = type === 'dozen' || type === 'column' ? [1] : [];
      expect(rouletteBetPayoutCents({ type, selection, amountCents: 100 }, 0)).toBe(0);
    }
    expect(coveredPockets('red', [])).toEqual([...RED_NUMBERS]);
    expect(coveredPockets('black', [])).toHaveLength(18);
    expect(coveredPockets('column', [1])).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(coveredPockets('dozen', [3])).toEqual(Array.from({ length: 12 }, (_, i) => 25 + i));
    expect(coveredPockets('corner', [9, 5, 8, 6])).toEqual([5, 6, 8, 9]);
    expect(coveredPockets('six_line', [34, 31])).toEqual([31, 32, 33, 34, 35, 36]);
  });

  it('reports invalid types and selections on bets.N.*', () => {
    expect(validateRouletteBet(0, 'straight', [36])).toEqual([]);
    expect(validateRouletteBet(0, 'dozen', 2)).toEqual([]);
    expect(validateRouletteBet(2, 'split', [3, 4])[0]!.field).toBe('bets.2.selection');
    expect(validateRouletteBet(1, 'basket', [])[0]!.field).toBe('bets.1.type');
    expect(validateRouletteBet(0, 'red', [1])[0]!.field).toBe('bets.0.selection');
    expect(validateRouletteBet(0, 'straight', ['1'])[0]!.field).toBe('bets.0.selection');
    expect(normalizeSelection(undefined)).toEqual([]);
    expect(normalizeSelection(3)).toEqual([3]);
    expect(normalizeSelection([1.5])).toBeNull();
  });
});
