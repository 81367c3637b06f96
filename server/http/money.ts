import { amountCents } from '../../games/fairness/contract';
import { knownMessageKey } from '../i18n/messages';
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
  const parsed = amountCents(field, value, {
    minCents: Math.round((bounds.min ?? 0.01) * 100),
    maxCents: Math.round(bounds.max * 100),
  });
  if ('issue' in parsed) {
    throw ValidationError.field(
      parsed.issue.field,
      knownMessageKey(parsed.issue.key, 'error.invalid_input'),
      parsed.issue.params,
    );
  }
  return parsed.cents;
}
