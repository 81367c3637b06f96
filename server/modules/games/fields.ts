import type { RuleIssue } from '../../../games/fairness/index';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { amountToCents } from '../../http/money';
import { BET_MAX_CENTS, BET_MIN_CENTS } from '../../../games/fairness/index';

/** Gathers every field problem of a bet before answering one 422 with all of them. */
export class FieldCollector {
  private readonly fields: FieldErrors = {};

  add(issues: readonly RuleIssue[]): void {
    for (const issue of issues) {
      (this.fields[issue.field] ??= []).push(
        issue.params ? { key: issue.key, params: issue.params } : { key: issue.key },
      );
    }
  }

  /** A bet amount in cents (0.01 .. 10,000.00, 2 decimals), or null after noting the problem. */
  amount(field: string, value: unknown, maxCents = BET_MAX_CENTS): number | null {
    try {
      return amountToCents(field, value, { min: BET_MIN_CENTS / 100, max: maxCents / 100 });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const [name, list] of Object.entries(error.fields)) {
        (this.fields[name] ??= []).push(...list);
      }
      return null;
    }
  }

  /** Throws the 422 when anything was noted. */
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new ValidationError(this.fields);
  }
}
