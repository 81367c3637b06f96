import { amountCents } from '../../../games/fairness/contract';
import type { RuleIssue } from '../../../games/fairness/index';
import { ValidationError, type FieldErrors } from '../../http/errors';

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
  amount(field: string, value: unknown): number | null {
    const parsed = amountCents(field, value);
    if ('issue' in parsed) {
      this.add([parsed.issue]);
      return null;
    }
    return parsed.cents;
  }

  /** Throws the 422 when anything was noted. */
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new ValidationError(this.fields);
  }
}
