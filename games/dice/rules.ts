// Dice (games/dice/README.md): roll 0.00..100.00, "under" wins below the target, "over" above it.
import { defineInstantRules } from '../fairness/contract';
import { InvalidGameParams, type RuleIssue } from '../fairness/issues';
import { formatDecimal, MULTIPLIER_SCALE, payoutCents } from '../fairness/money';

export const DICE = {
  id: 'dice',
  floatsNeeded: 1,
  /** Win chance limits in hundredths of a percent: 0.01% .. 98.00%. */
  minChanceHundredths: 1,
  maxChanceHundredths: 9800,
  /** 10001 equally likely rolls, 0.00 .. 100.00. */
  outcomes: 10_001,
} as const;

export type DiceCondition = 'under' | 'over';
export const DICE_CONDITIONS: readonly DiceCondition[] = ['under', 'over'];

export interface DiceParams {
  /** Target in hundredths (50.5 -> 5050). */
  targetHundredths: number;
  condition: DiceCondition;
}

export interface DiceOutcome {
  /** The roll in hundredths, 0 .. 10000 (77.18 -> 7718). */
  rollHundredths: number;
  win: boolean;
  multiplierE4: number;
}

/** Roll = floor(f0 * 10001) / 100, here in hundredths. */
export function diceRoll(f0: number): number {
  return Math.floor(f0 * DICE.outcomes);
}

/** Win chance in hundredths of a percent: target (under) or 100 - target (over). */
export function diceWinChance(params: DiceParams): number {
  return params.condition === 'under' ? params.targetHundredths : 10_000 - params.targetHundredths;
}

/** 99 / win_chance with 4 decimals (rounded down): 49.50% -> 20000 (2.0000x). */
export function diceMultiplierE4(params: DiceParams): number {
  // 99 / (chance / 100) * 10000 = 99_000_000 / chance, all integers.
  return Math.floor((99 * 100 * MULTIPLIER_SCALE) / diceWinChance(params));
}

/** Field issues of dice parameters (target as a JSON number with at most 2 decimals). */
export function validateDice(target: unknown, condition: unknown): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!DICE_CONDITIONS.includes(condition as DiceCondition)) {
    issues.push({ field: 'condition', key: 'validation.in' });
  }
  const hundredths = targetHundredths(target);
  if (hundredths === null) {
    issues.push({ field: 'target', key: 'validation.format' });
  } else if (issues.length === 0) {
    const chance = diceWinChance({
      targetHundredths: hundredths,
      condition: condition as DiceCondition,
    });
    if (chance < DICE.minChanceHundredths || chance > DICE.maxChanceHundredths) {
      const [min, max] = condition === 'under' ? ['0.01', '98.00'] : ['2.00', '99.99'];
      issues.push({ field: 'target', key: 'validation.between', params: { min, max } });
    }
  }
  return issues;
}

/** A number with at most 2 decimals -> hundredths, else null. */
export function targetHundredths(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The outcome of a dice bet from its floats. */
export function playDice(params: DiceParams, floats: readonly number[]): DiceOutcome {
  const chance = diceWinChance(params);
  if (chance < DICE.minChanceHundredths || chance > DICE.maxChanceHundredths) {
    throw new InvalidGameParams([{ field: 'target', key: 'validation.between' }]);
  }
  const rollHundredths = diceRoll(floats[0]!);
  const win =
    params.condition === 'under'
      ? rollHundredths < params.targetHundredths
      : rollHundredths > params.targetHundredths;
  return { rollHundredths, win, multiplierE4: win ? diceMultiplierE4(params) : 0 };
}

/** Payout in cents of a dice bet. */
export function dicePayoutCents(amountCents: number, outcome: DiceOutcome): number {
  return payoutCents(amountCents, outcome.multiplierE4);
}

export interface DiceBet extends DiceParams {
  /** The target as sent (50.5). */
  target: number;
}

/** Dice on the rules contract (games/fairness/contract.ts). */
export const rules = defineInstantRules<DiceBet, Record<string, never>>({
  kind: 'instant',
  id: DICE.id,
  docs: {
    summary: 'Roll the dice',
    description:
      'Roll = floor(f0 * 10001) / 100. "under" wins when roll < target, "over" when roll > ' +
      'target; win chance 0.01 .. 98; multiplier 99 / chance with 4 decimals (rounded down). ' +
      'result: {roll, win}.',
  },
  params: {
    target: {
      type: 'decimal',
      decimals: 2,
      min: 0.01,
      max: 99.99,
      default: 50.5,
      description: 'Target with at most 2 decimals',
    },
    condition: { type: 'choice', choices: DICE_CONDITIONS, default: 'under' },
  },
  verifyFields: {},
  parse(raw) {
    const issues = validateDice(raw.target, raw.condition);
    if (issues.length) return { ok: false, issues };
    const target = raw.target as number;
    return {
      ok: true,
      value: {
        target,
        targetHundredths: targetHundredths(target)!,
        condition: raw.condition as DiceCondition,
      },
    };
  },
  wire: (bet) => ({ target: bet.target, condition: bet.condition }),
  verifyValuesOf: () => ({}),
  /** Every target pays 99 / chance (see games/dice/README.md). */
  rtp: () => 0.99,
  summary: (wire, result) =>
    `${formatDecimal(Number(result.roll))} (${wire.condition === 'over' ? '>' : '<'} ${formatDecimal(Number(wire.target))})`,
  describe: (wire, result) => ({
    key: wire.condition === 'over' ? 'history_over' : 'history_under',
    values: {
      roll: formatDecimal(Number(result.roll)),
      target: formatDecimal(Number(wire.target)),
    },
  }),
  floatsNeeded: () => DICE.floatsNeeded,
  outcome: (_values, floats) => ({ roll: diceRoll(floats[0]!) / 100 }),
  play(bet, floats, amountCents) {
    const dice = playDice(bet, floats);
    return {
      multiplierE4: dice.multiplierE4,
      payoutCents: payoutCents(amountCents, dice.multiplierE4),
      result: { roll: dice.rollHundredths / 100, win: dice.win },
    };
  },
});
