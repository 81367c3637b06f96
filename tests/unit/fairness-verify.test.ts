import { describe, expect, it } from 'vitest';
import { VerifyInputError, verifyOutcome } from '../../games/shared/registry/verify';

const seeds = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

describe('verifyOutcome (the fairness page and the CLI)', () => {
  it('recomputes the published vector for every game', () => {
    expect(verifyOutcome('dice', seeds)).toEqual({ roll: 77.18 });
    expect(verifyOutcome('roulette', seeds)).toEqual({ pocket: 28 });
    expect(verifyOutcome('mines', { ...seeds, mines: 3 })).toEqual({ mines: [19, 22, 7] });
    expect(verifyOutcome('plinko', { ...seeds, rows: 16, risk: 'low' })).toEqual({
      path: 'RRLRLLLLRLLLRLLL',
      bucket: 5,
    });
    const buckets = [8, 9, 10, 11, 12, 13, 14, 15, 16].map(
      (rows) => verifyOutcome('plinko', { ...seeds, rows, risk: 'medium' }).bucket,
    );
    expect(buckets).toEqual([3, 4, 4, 4, 4, 5, 5, 5, 5]);
  });

  it('names the bad or missing parameter', () => {
    const bad: [string, object, RegExp][] = [
      ['crash', {}, /unknown game 'crash'/],
      ['__proto__', {}, /unknown game/],
      ['dice', { nonce: -1 }, /--nonce/],
      ['dice', { nonce: 1.5 }, /--nonce/],
      ['mines', {}, /--mines is required/],
      ['mines', { mines: 0 }, /--mines must be an integer from 1 to 24/],
      ['plinko', { risk: 'low' }, /--rows is required/],
      ['plinko', { rows: 17, risk: 'low' }, /--rows must be an integer from 8 to 16/],
      ['plinko', { rows: 8 }, /--risk must be one of low, medium, high/],
    ];
    for (const [game, extra, message] of bad) {
      expect(() => verifyOutcome(game, { ...seeds, ...extra })).toThrow(VerifyInputError);
      expect(() => verifyOutcome(game, { ...seeds, ...extra })).toThrow(message);
    }
  });
});
