import { ValidationError } from './errors';

export interface AmountBounds {
  /** Smallest allowed amount in currency units (default 0.01: only positive amounts). */
  min?: number;
  /** Largest allowed amount in currency units. */
  max: number;
}

/**
 * A wire amount (JSON number in currency units, at most 2 decimals) -> integer cents, or a 422
 * on `field`: not a finite number, more than 2 decimals, or outside [min, max].
 * `amountToCents('amount', 1.5, { max: 10_000 })` -> 150.
 */
export function amountToCents(field: string, value: unknown, bounds: AmountBounds): number {
  const min = bounds.min ?? 0.01;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw ValidationError.field(field, 'validation.number');
  }
  if (value < min)
    throw ValidationError.field(field, 'validation.min', { limit: formatLimit(min) });
  if (value > bounds.max) {
    throw ValidationError.field(field, 'validation.max', { limit: formatLimit(bounds.max) });
  }
  const cents = Math.round(value * 100);
  // 0.29 * 100 is 28.999999999999996: the round trip, not the product, decides "2 decimals".
  if (cents / 100 !== value) throw ValidationError.field(field, 'money.decimals');
  return cents;
}

function formatLimit(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
