import type { FastifyRequest } from 'fastify';
import { amountCents, type AnyRules } from '../../../games/fairness/contract';
import type { RuleIssue } from '../../../games/fairness/index';
import { notFound, ValidationError, type FieldErrors } from '../../http/errors';
import { idOf } from '../../http/schemas';
import { takePrefetchedBetState } from '../bets/auth';
import { idempotencyOf } from '../bets/idempotency';
import type { StartRequest } from './sessions';
import { knownMessageKey, type MessageKey } from '../../i18n/messages';

/** A rule's issue key (a string from games/) as a server message key. */
const issueKey = (issue: RuleIssue): MessageKey =>
  knownMessageKey(issue.key, 'error.invalid_input');

/** A rule's refusal of a move as the 422 on its field. */
export const ruleIssueError = (issue: RuleIssue): ValidationError =>
  ValidationError.field(issue.field, issueKey(issue), issue.params);

/** Gathers every field problem of a bet before answering one 422 with all of them. */
export class FieldCollector {
  private readonly fields: FieldErrors = {};

  add(issues: readonly RuleIssue[]): void {
    for (const issue of issues) {
      (this.fields[issue.field] ??= []).push(
        issue.params ? { key: issueKey(issue), params: issue.params } : { key: issueKey(issue) },
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

/**
 * A bet's body read through its game's rules: the stake (unless the rules price the bet
 * themselves) and the parsed parameters, or one 422 with every field problem at once.
 */
export function betInput(
  rules: Pick<AnyRules, 'parse'>,
  body: Record<string, unknown>,
  withAmount = true,
): { amountCents: number | null; params: unknown } {
  const fields = new FieldCollector();
  const amountCents = withAmount ? fields.amount('amount', body.amount) : null;
  const parsed = rules.parse(body);
  if (!parsed.ok) fields.add(parsed.issues);
  fields.throwIfAny();
  return { amountCents, params: (parsed as { value: unknown }).value };
}

/** A stepped game's or live round's start request: the signed-in player's bet, read by the rules. */
export function startRequest(
  rules: Pick<AnyRules, 'parse'>,
  request: FastifyRequest,
): StartRequest {
  const { amountCents, params } = betInput(rules, request.body as Record<string, unknown>);
  const idempotency = idempotencyOf(request);
  return {
    userId: request.user!.id,
    amountCents: amountCents!,
    params,
    idempotency,
    prefetched: takePrefetchedBetState(request, idempotency?.key ?? null),
  };
}

/** A game's or round's id from the path; an id no row can have is simply not found. */
export function sessionId(param: string): number {
  const id = idOf(param);
  if (id === null) throw notFound();
  return id;
}
