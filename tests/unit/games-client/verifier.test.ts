import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  describeOutcome,
  matchesRecorded,
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

  it('compares with what the server recorded', () => {
    const recorded = { roll: 77.18, win: false };
    expect(matchesRecorded(verifyOutcome('dice', VECTOR)!, recorded)).toBe(true);
    expect(matchesRecorded(verifyOutcome('dice', { ...VECTOR, nonce: 2 })!, recorded)).toBe(false);
    const mines = verifyOutcome('mines', { ...VECTOR, mines: 3 })!;
    expect(matchesRecorded(mines, { status: 'lost', mines: [19, 22, 7] })).toBe(true);
    expect(matchesRecorded(mines, { status: 'active', revealed: [] })).toBe(false);
    // Incomplete or out-of-range input computes nothing instead of throwing.
    expect(verifyOutcome('mines', { ...VECTOR, mines: 25 })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, serverSeed: '' })).toBeNull();
    expect(verifyOutcome('dice', { ...VECTOR, nonce: Number.NaN })).toBeNull();
  });
});
