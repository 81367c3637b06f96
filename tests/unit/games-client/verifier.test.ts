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
  it('recomputes the published test vector (GAMES.md)', () => {
    expect(verifyOutcome('dice', VECTOR)).toEqual({ roll: 77.18 });
    expect(verifyOutcome('roulette', VECTOR)).toEqual({ pocket: 28 });
    expect(verifyOutcome('mines', { ...VECTOR, mines: 3 })).toEqual({ mines: [19, 22, 7] });
    expect(describeOutcome({ mines: [19, 22, 7] })).toBe('19, 22, 7');
    expect(describeOutcome({ roll: 50 })).toBe('50.00');
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
    // Incomplete or out-of-range input computes nothing instead of throwing.
    expect(verifyOutcome('mines', { ...VECTOR, mines: 25 })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, serverSeed: '' })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, nonce: Number.NaN })).toBeNull();
    expect(recordedMismatches('dice', dice, '')).toBeNull();
  });
});
