// Bet amounts in the panels: currency units with at most 2 decimals, handled as integer cents.
import { BET_MAX_CENTS, BET_MIN_CENTS } from '../../fairness/money';

/** Cents of a typed amount ('1.5', '1,50'), or null when it is not a number with <= 2 decimals. */
export function parseAmountCents(text: string): number | null {
  const match = /^\s*(\d+)(?:[.,](\d{0,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A typed decimal number ('50.5', '50,50'), or null when it is not one. */
export function parseDecimal(text: string): number | null {
  const match = /^\s*(\d+)(?:[.,](\d*))?\s*$/.exec(text);
  return match ? Number(`${match[1]}.${match[2] || '0'}`) : null;
}

export const centsToUnits = (cents: number): number => cents / 100;

/** Units -> cents, rounded to the nearest cent (binary floats: 0.29 * 100 is 28.999...). */
export const unitsToCents = (units: number): number => Math.round(units * 100);

/** The text an amount input shows: '1,50' (the balance's decimal comma, no grouping). */
export const formatAmountInput = (cents: number): string =>
  (cents / 100).toFixed(2).replace('.', ',');

/** Keeps an amount inside the bet limits and the balance (never below the minimum). */
export function clampBetCents(cents: number, balanceCents: number): number {
  const ceiling = Math.min(BET_MAX_CENTS, Math.max(BET_MIN_CENTS, balanceCents));
  return Math.min(ceiling, Math.max(BET_MIN_CENTS, Math.floor(cents)));
}

/** The 1/2, 2x and max buttons. */
export function adjustBetCents(
  action: 'half' | 'double' | 'max',
  cents: number,
  balanceCents: number,
): number {
  if (action === 'half') return clampBetCents(Math.floor(cents / 2), balanceCents);
  if (action === 'double') return clampBetCents(cents * 2, balanceCents);
  return clampBetCents(balanceCents, balanceCents);
}

/** Amounts as the top bar shows the balance: German format, exactly 2 decimals. */
export { formatAmount as formatMoney } from './formats';

/** Multipliers ('2,00×') and other decimals ('50,50') as the balance writes them. */
export { formatDecimal, formatMultiplier } from '../../fairness/money';

/** Why a typed stake cannot be bet, checked as it is typed (before anything is sent). */
export type StakeIssue =
  | { key: 'format' }
  | { key: 'min' | 'max'; limitCents: number }
  | { key: 'balance'; balanceCents: number };

export interface StakeLimits {
  minCents: number;
  maxCents: number;
}

export const BET_LIMITS: StakeLimits = { minCents: BET_MIN_CENTS, maxCents: BET_MAX_CENTS };

/**
 * The issue of a typed stake against the game's limits and, when given, the balance (a guest
 * has none to check against); null when it can be bet.
 */
export function stakeIssue(
  text: string,
  limits: StakeLimits,
  balanceCents: number | null,
): StakeIssue | null {
  const cents = parseAmountCents(text);
  if (cents === null) return { key: 'format' };
  if (cents < limits.minCents) return { key: 'min', limitCents: limits.minCents };
  if (cents > limits.maxCents) return { key: 'max', limitCents: limits.maxCents };
  if (balanceCents !== null && cents > balanceCents) return { key: 'balance', balanceCents };
  return null;
}
