// Exact money arithmetic for the rules: amounts are integer cents, multipliers integer units of
// 1/10000 ("e4"), so a payout never suffers binary floating point (100 * 0.29 pays 29, not 28).
/** Multipliers are integers in units of 1/10000: 2.0000x is 20000. */
export const MULTIPLIER_SCALE = 10_000;

/** Bet limits of every game unless it says otherwise (docs/fairness.md): 0.01 .. 10,000.00. */
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
 * A decimal number as every screen writes it, in the balance's German format: a decimal comma
 * and a point between thousands (1234.5 -> '1.234,50'). For numbers that have at most
 * `decimals` decimals already (rolls, targets, multipliers cut to their shown decimals).
 */
export function formatDecimal(value: number, decimals = 2): string {
  const fixed = (Number.isFinite(value) ? value : 0).toFixed(decimals);
  const [whole = '0', fraction] = fixed.split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`;
}

/**
 * A decimal as short as a tight label writes it: at most `decimals` decimals, trailing zeros
 * dropped, the same decimal comma (2.5 -> '2,5', 0.25 -> '0,25', 5 -> '5').
 */
export function formatShortDecimal(value: number, decimals = 2): string {
  return String(Number(value.toFixed(decimals))).replace('.', ',');
}

/**
 * A multiplier as players read it on every screen: German decimals (formatDecimal), rounded
 * down (never more than was paid), with a ×: 0 -> '0,00×', 1.9899 -> '1,98×', 2 -> '2,00×';
 * `decimals` (at most 4) for a quote that needs them.
 */
export function formatMultiplier(multiplier: number, decimals = 2): string {
  const e4 = Number.isFinite(multiplier) ? Math.round(multiplier * MULTIPLIER_SCALE) : 0;
  const step = MULTIPLIER_SCALE / 10 ** decimals;
  return `${formatDecimal((Math.floor(e4 / step) * step) / MULTIPLIER_SCALE, decimals)}×`;
}

/** e4 units -> a JSON number (2.5 for 25000). */
export function multiplierToNumber(multiplierE4: number): number {
  return multiplierE4 / MULTIPLIER_SCALE;
}

/** Cents -> currency units for the wire (2 decimals). */
export function centsToAmount(cents: number): number {
  return cents / 100;
}
