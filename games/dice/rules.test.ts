import { describe, expect, it } from 'vitest';
import {
  DICE,
  diceMultiplierE4,
  diceRoll,
  playDice,
  targetHundredths,
  validateDice,
  type DiceCondition,
} from './rules';
import { floats } from '../fairness/index';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

/** A float that rolls exactly `hundredths`. */
const floatFor = (hundredths: number) => (hundredths + 0.5) / DICE.outcomes;

describe('dice rules', () => {
  it('rolls 77.18 on the published vector', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 1);
    expect(diceRoll(f[0]!)).toBe(7718);
  });

  it('rolls every value 0.00 .. 100.00 and nothing else', () => {
    expect(diceRoll(0)).toBe(0);
    expect(diceRoll(1 - 2 ** -32)).toBe(10_000);
    for (const r of [0, 1, 5000, 9999, 10_000]) expect(diceRoll(floatFor(r))).toBe(r);
  });

  it('shows and pays 99 / chance with 4 decimals, rounded down', () => {
    const m = (targetHundredths: number, condition: DiceCondition) =>
      diceMultiplierE4({ targetHundredths, condition });
    expect(m(4950, 'under')).toBe(20_000);
    expect(m(5050, 'over')).toBe(20_000);
    expect(m(3300, 'under')).toBe(30_000);
    expect(m(9800, 'under')).toBe(10_102); // 1.010204...
    expect(m(700, 'under')).toBe(141_428); // 14.142857...
    expect(m(1, 'under')).toBe(99_000_000);
    expect(m(9999, 'over')).toBe(99_000_000);
  });

  it('wins under below the target and over above it, never on the target itself', () => {
    const params = { targetHundredths: 5000, condition: 'under' as const };
    expect(playDice(params, [floatFor(4999)]).win).toBe(true);
    expect(playDice(params, [floatFor(5000)]).win).toBe(false);
    const over = { targetHundredths: 5000, condition: 'over' as const };
    expect(playDice(over, [floatFor(5001)]).win).toBe(true);
    expect(playDice(over, [floatFor(5000)]).win).toBe(false);
    expect(playDice(over, [floatFor(5000)]).multiplierE4).toBe(0);
    expect(() => playDice({ targetHundredths: 9801, condition: 'under' }, [0.5])).toThrow();
  });

  it('returns exactly 99 * 10000 / 10001 % or a hair less for every target and condition', () => {
    // Exact over the 10001 equally likely rolls: wins * multiplier / (10001 * 10000).
    const denominator = BigInt(DICE.outcomes * 10_000);
    let checked = 0;
    for (const condition of ['under', 'over'] as const) {
      for (let target = 0; target <= 10_000; target++) {
        const params = { targetHundredths: target, condition };
        if (validateDice(target / 100, condition).length > 0) continue;
        const wins = BigInt(condition === 'under' ? target : 10_000 - target);
        const returned = wins * BigInt(diceMultiplierE4(params)); // in 1/(10001*10000) units
        // 0.9898 <= RTP <= 0.99 * 10000 / 10001
        expect(returned * 10_000n >= 9898n * denominator).toBe(true);
        expect(returned * 10_001n <= 9900n * denominator).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBe(2 * 9800);
  });

  it('counts its wins by playing every roll for a dense sample of targets', () => {
    for (const condition of ['under', 'over'] as const) {
      for (
        let target = condition === 'under' ? 1 : 200;
        target <= (condition === 'under' ? 9800 : 9999);
        target += 97
      ) {
        const params = { targetHundredths: target, condition };
        let wins = 0;
        for (let roll = 0; roll <= 10_000; roll++)
          if (playDice(params, [floatFor(roll)]).win) wins++;
        expect(wins).toBe(condition === 'under' ? target : 10_000 - target);
      }
    }
  });

  it('validates target, condition and their range', () => {
    expect(validateDice(50, 'under')).toEqual([]);
    expect(validateDice(0.01, 'under')).toEqual([]);
    expect(validateDice(98, 'under')).toEqual([]);
    expect(validateDice(2, 'over')).toEqual([]);
    expect(validateDice(99.99, 'over')).toEqual([]);
    expect(validateDice(98.01, 'under').map((i) => i.field)).toEqual(['target']);
    expect(validateDice(0, 'under').map((i) => i.field)).toEqual(['target']);
    expect(validateDice(1.99, 'over').map((i) => i.field)).toEqual(['target']);
    expect(validateDice(100, 'over').map((i) => i.field)).toEqual(['target']);
    expect(validateDice(50.001, 'over').map((i) => i.field)).toEqual(['target']);
    expect(validateDice('50', 'over').map((i) => i.field)).toEqual(['target']);
    expect(validateDice(50, 'sideways').map((i) => i.field)).toEqual(['condition']);
    expect(targetHundredths(50.5)).toBe(5050);
    expect(targetHundredths(0.29)).toBe(29);
    expect(targetHundredths(-1)).toBeNull();
  });
});
