// Exact money arithmetic for the rules: amounts are integer cents, multipliers integer units of
// 1/10000 ("e4"), so a payout never suffers binary floating point (100 * 0.29 pays 29, not 28).
/** Multipliers are integers in units of 1/10000: 2.0000x is 20000. */
export const MULTIPLIER_SCALE = 10_000;

/** Bet limits of every game unless it says otherwise (GAMES.md): 0.01 .. 10,000.00. */
export const BET_MIN_CENTS = 1;
export const BET_MAX_CENTS = 1_000_000;
/** The largest single payout: 1,000,000.00. Larger wins are paid this much. */
export const MAX_PAYOUT_CENTS = 100_000_000;

/** floor(amount_cents * multiplier), exactly; BigInt once the product leaves 2^53. */
export function payoutCents(amountCents: number, multiplierE4: number): number {
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(multiplierE4)) {
    throw new RangeError('amount and multiplier must be integers');
  }
  const product = amountCents * multiplierE4;
  if (Number.isSafeInteger(product)) return Math.floor(product / MULTIPLIER_SCALE);
  return Number((BigInt(amountCents) * BigInt(multiplierE4)) / BigInt(MULTIPLIER_SCALE));
}

/** A payout limited to MAX_PAYOUT_CENTS. */
export function capPayout(cents: number): number {
  return Math.min(cents, MAX_PAYOUT_CENTS);
}

/** Parses '2.5', '99', '0.0001' into e4 units exactly; null when it has more than 4 decimals. */
export function parseMultiplierE4(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * MULTIPLIER_SCALE + Number((match[2] ?? '').padEnd(4, '0'));
}

/**
 * A multiplier as players read it: 2 decimals, rounded down (never more than was paid), with
 * an x: 0 -> '0.00x', 1.9899 -> '1.98x', 2 -> '2.00x'.
 */
export function formatMultiplier(multiplier: number): string {
  if (!Number.isFinite(multiplier)) return '0.00x';
  const hundredths = Math.floor(Math.round(multiplier * MULTIPLIER_SCALE) / 100);
  return `${(hundredths / 100).toFixed(2)}x`;
}

/** e4 units -> a JSON number (2.5 for 25000). */
export function multiplierToNumber(multiplierE4: number): number {
  return multiplierE4 / MULTIPLIER_SCALE;
}

/** Cents -> currency units for the wire (2 decimals). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}
