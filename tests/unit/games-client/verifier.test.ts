import { GEM_MINER_VECTOR } from '../../support/gemMinerVector';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  describeOutcome,
  recordedMismatches,
  seedMatchesHash,
  verifyOutcome,
} from '../../../src/components/fairness/verify';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

describe('the browser verifier', () => {
  it('recomputes the published test vector (docs/fairness.md)', () => {
    expect(verifyOutcome('dice', VECTOR)).toEqual({ roll: 77.18 });
    expect(verifyOutcome('roulette', VECTOR)).toEqual({ pocket: 28 });
    expect(verifyOutcome('mines', { ...VECTOR, mines: 3 })).toEqual({ mines: [19, 22, 7] });
    // The four new games (issues #14, #15): the same vectors as `npm run verify` prints.
    expect(verifyOutcome('minislot', VECTOR)).toEqual({
      stops: [24, 28, 9],
      line: ['LEMON', 'BLANK', 'CHERRY'],
      multiplier: 1,
    });
    for (const [difficulty, rocks] of GEM_MINER_VECTOR) {
      expect(verifyOutcome('gemMiner', { ...VECTOR, difficulty }), difficulty).toEqual({ rocks });
    }
    expect(verifyOutcome('minerFrenzy', VECTOR)).toEqual({ crash: 1.28 });
    expect(verifyOutcome('asteroids', VECTOR)).toMatchObject({ tier: 0 });
    expect(describeOutcome({ mines: [19, 22, 7] })).toBe('19, 22, 7');
    expect(describeOutcome({ roll: 50 })).toBe('50,00');
    expect(describeOutcome({ path: 'RL', bucket: 1 })).toBe('RL · 1');
  });

  it('checks the revealed seed against the committed hash', () => {
    const hash = createHash('sha256').update(VECTOR.serverSeed).digest('hex');
    expect(seedMatchesHash(VECTOR.serverSeed, hash)).toBe(true);
    expect(seedMatchesHash(VECTOR.serverSeed, hash.toUpperCase())).toBe(true);
    expect(seedMatchesHash(`${VECTOR.serverSeed.slice(0, 63)}0`, hash)).toBe(false);
  });

  it('recomputes the whole recorded bet field by field', () => {
    const dice = {
      amount: 1,
      multiplier: 0,
      payout: 0,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: { target: 50.5, condition: 'under' },
      result: { roll: 77.18, win: false },
    };
    expect(recordedMismatches('dice', dice, VECTOR.serverSeed)).toEqual([]);
    expect(recordedMismatches('dice', { ...dice, nonce: 2 }, VECTOR.serverSeed)).toContain(
      'result.roll',
    );
    // A field the verifier's outcome does not print is checked too.
    expect(
      recordedMismatches(
        'dice',
        { ...dice, result: { roll: 77.18, win: true } },
        VECTOR.serverSeed,
      ),
    ).toEqual(['result.win']);
    expect(recordedMismatches('dice', { ...dice, payout: 1 }, VECTOR.serverSeed)).toEqual([
      'payout',
    ]);
    // The database stores results as jsonb, which orders keys its own way: still a match.
    const spin = {
      ...dice,
      multiplier: 0,
      params: { bets: [{ type: 'straight', selection: [7], amount: 1 }] },
      result: { bets: [{ amount: 1, payout: 0, selection: [7], type: 'straight' }], pocket: 28 },
    };
    expect(recordedMismatches('roulette', spin, VECTOR.serverSeed)).toEqual([]);
    const mines = {
      amount: 1,
      multiplier: 0,
      payout: 0,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: { mines: 3 },
      result: {
        mines_count: 3,
        revealed: [0, 22],
        status: 'lost',
        next_multiplier: null,
        mines: [19, 22, 7],
      },
    };
    expect(recordedMismatches('mines', mines, VECTOR.serverSeed)).toEqual([]);
    expect(
      recordedMismatches(
        'mines',
        { ...mines, result: { ...mines.result, mines: [19, 22, 8] } },
        VECTOR.serverSeed,
      ),
    ).toEqual(['result.mines']);
    // A mini slot spin: the whole window around the line (above = the stop before on the strip).
    const spinBet = {
      amount: 2,
      multiplier: 1,
      payout: 2,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: {},
      result: {
        stops: [24, 28, 9],
        line: ['LEMON', 'BLANK', 'CHERRY'],
        window: [
          ['ORANGE', 'LEMON', 'BAR'],
          ['CHERRY', 'BLANK', 'ORANGE'],
          ['BELL', 'CHERRY', 'BLANK'],
        ],
        win: 'cherry1',
      },
    };
    expect(recordedMismatches('minislot', spinBet, VECTOR.serverSeed)).toEqual([]);
    expect(
      recordedMismatches(
        'minislot',
        { ...spinBet, result: { ...spinBet.result, win: 'cherry2' } },
        VECTOR.serverSeed,
      ),
    ).toEqual(['result.win']);
    expect(
      recordedMismatches('minislot', { ...spinBet, payout: 20, multiplier: 10 }, VECTOR.serverSeed),
    ).toEqual(['payout', 'multiplier']);
    // Gem Miner on medium (rocks [[2], [2], [0], ...]): gems on tiles 0 and 1, cashed out after
    // two levels at floor(100 * 0.99 * 1.5^2) / 100 = 2.22x.
    const medium = GEM_MINER_VECTOR[1]![1];
    const cashed = {
      amount: 1,
      multiplier: 2.22,
      payout: 2.22,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: { difficulty: 'medium' },
      result: {
        difficulty: 'medium',
        level: 2,
        dug: [0, 1],
        status: 'cashed_out',
        next_multiplier: null,
        rocks: medium,
      },
    };
    expect(recordedMismatches('gemMiner', cashed, VECTOR.serverSeed)).toEqual([]);
    // Level 2's rock is tile 0: a game lost there after two gems.
    const lost = {
      ...cashed,
      multiplier: 0,
      payout: 0,
      result: { ...cashed.result, level: 2, dug: [0, 1, 0], status: 'lost' },
    };
    expect(recordedMismatches('gemMiner', lost, VECTOR.serverSeed)).toEqual([]);
    // A record that says a gem (tile 1 of level 2) was a rock does not match.
    expect(
      recordedMismatches(
        'gemMiner',
        { ...lost, result: { ...lost.result, dug: [0, 1, 1] } },
        VECTOR.serverSeed,
      ),
    ).toEqual([
      'multiplier',
      'result.level',
      'result.status',
      'result.next_multiplier',
      'result.rocks',
    ]);
    // Nor one that pays a level more than was dug.
    expect(
      recordedMismatches(
        'gemMiner',
        { ...cashed, multiplier: 3.34, payout: 3.34, result: { ...cashed.result, level: 3 } },
        VECTOR.serverSeed,
      ),
    ).toEqual(['payout', 'multiplier', 'result.level']);
    expect(
      recordedMismatches(
        'gemMiner',
        { ...cashed, params: { difficulty: 'hard' }, result: { ...cashed.result, dug: [0, 0] } },
        VECTOR.serverSeed,
      ),
    ).toContain('result.rocks');
    // Incomplete or out-of-range input computes nothing instead of throwing.
    expect(verifyOutcome('mines', { ...VECTOR, mines: 25 })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, serverSeed: '' })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, nonce: Number.NaN })).toBeNull();
    expect(recordedMismatches('dice', dice, '')).toBeNull();
  });

  // A record that goes on past a rock (or a mine) and cashes out is not what the server plays.
  it('refuses a Gem Miner record that digs on after a rock and cashes out', () => {
    // Medium: level 0's rock is tile 2; the record digs it, then tile 1, then cashes out 2.22x.
    const forged = {
      amount: 1,
      multiplier: 2.22,
      payout: 2.22,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: { difficulty: 'medium' },
      result: {
        difficulty: 'medium',
        level: 2,
        dug: [2, 1],
        status: 'cashed_out',
        next_multiplier: null,
        rocks: GEM_MINER_VECTOR[1]![1],
      },
    };
    expect(recordedMismatches('gemMiner', forged, VECTOR.serverSeed)).not.toEqual([]);
  });

  it('refuses a mines record that cashes out after revealing a mine', () => {
    // 3 mines at 19, 22, 7: tile 0 is safe, tile 19 a mine; the record then cashes out 1.12x.
    const forged = {
      amount: 1,
      multiplier: 1.12,
      payout: 1.12,
      client_seed: VECTOR.clientSeed,
      nonce: VECTOR.nonce,
      params: { mines: 3 },
      result: {
        mines_count: 3,
        revealed: [0, 19],
        status: 'cashed_out',
        next_multiplier: null,
        mines: [19, 22, 7],
      },
    };
    expect(recordedMismatches('mines', forged, VECTOR.serverSeed)).not.toEqual([]);
  });
});
