// The dice panel's numbers (pure): target limits per condition, win chance, multiplier, payout.
import { MULTIPLIER_SCALE, payoutCents } from '../fairness/money';
import { diceMultiplierE4, diceWinChance, type DiceCondition } from './rules';

/** Target range (in hundredths) so the win chance stays 0.01 .. 98 (see games/dice/README.md). */
export function targetLimits(condition: DiceCondition): { min: number; max: number } {
  return condition === 'under' ? { min: 1, max: 9800 } : { min: 200, max: 9999 };
}

export function clampTarget(hundredths: number, condition: DiceCondition): number {
  const { min, max } = targetLimits(condition);
  return Math.min(max, Math.max(min, Math.round(hundredths)));
}

/** Flipping under/over keeps the win chance: the target mirrors to 100 - target. */
export function flipCondition(
  targetHundredths: number,
  condition: DiceCondition,
): { targetHundredths: number; condition: DiceCondition } {
  const next: DiceCondition = condition === 'under' ? 'over' : 'under';
  return { targetHundredths: clampTarget(10_000 - targetHundredths, next), condition: next };
}

export interface DiceQuote {
  /** Percent with 2 decimals. */
  winChance: number;
  /** 4 decimals, rounded down as the server pays it. */
  multiplier: number;
  payoutCents: number;
}

export function diceQuote(
  targetHundredths: number,
  condition: DiceCondition,
  amountCents: number,
): DiceQuote {
  const params = { targetHundredths, condition };
  const multiplierE4 = diceMultiplierE4(params);
  return {
    winChance: diceWinChance(params) / 100,
    multiplier: multiplierE4 / MULTIPLIER_SCALE,
    payoutCents: payoutCents(Math.max(0, amountCents), multiplierE4),
  };
}
