// A revealed bet recomputed from its seeds by the same rules the server settled with: what the
// fairness dialog and `npm run verify` show. Generic over the rules contract: the inputs are the
// rules' `verifyFields`, the output their `outcome`, and the recorded result is checked against a
// full recomputation field by field.
import {
  fieldIssue,
  isRuleIssue,
  type AnyRules,
  type ParamField,
  type VerifyValues,
} from './contract';
import { floats } from './floats';
import { endedResult, endingMultiplierE4, liveEnding, liveRound, runningResult } from './live';
import { capPayout, MULTIPLIER_SCALE, payoutCents } from './money';

export interface SeedInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** The seeds and the values of the rules' `verifyFields` (e.g. a count or a risk). */
export type VerifyInput = SeedInput & Readonly<Record<string, unknown>>;

/** A missing or out-of-range input; the message names it as the CLI option. */
export class VerifyInputError extends Error {
  override name = 'VerifyInputError';
}

function expectation(field: ParamField): string {
  switch (field.type) {
    case 'integer':
      return `an integer from ${field.min} to ${field.max}`;
    case 'decimal':
      return `a number from ${field.min} to ${field.max} with at most ${field.decimals} decimals`;
    case 'choice':
      return `one of ${field.choices.join(', ')}`;
    case 'json':
      return 'JSON';
  }
}

/** The rules' verifier values from the input, or a VerifyInputError naming the option. */
export function verifyValues(rules: AnyRules, input: VerifyInput): VerifyValues {
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new VerifyInputError('--nonce must be a non-negative integer');
  }
  const values: Record<string, number | string> = {};
  for (const [name, field] of Object.entries(rules.verifyFields)) {
    const value = input[name];
    // A choice names its choices even when missing: the message says what to type.
    if (value === undefined && field.type !== 'choice') {
      throw new VerifyInputError(`--${name} is required`);
    }
    if (fieldIssue(name, field, value)) {
      throw new VerifyInputError(`--${name} must be ${expectation(field)}`);
    }
    values[name] = value as number | string;
  }
  return values;
}

/** What the seeds decide for these inputs, as the CLI prints it. */
export function verifyOutcome(rules: AnyRules, input: VerifyInput): Record<string, unknown> {
  const values = verifyValues(rules, input);
  const count = rules.floatsNeeded(values);
  return rules.outcome(values, floats(input.serverSeed, input.clientSeed, input.nonce, count));
}

/** A bet as the server recorded it (the wire form of GET /api/bets/{id}). */
export interface RecordedBet {
  amount: number;
  multiplier: number;
  payout: number;
  client_seed: string;
  nonce: number;
  params: Readonly<Record<string, unknown>>;
  result: Readonly<Record<string, unknown>>;
}

export interface Recomputed {
  /** What the rules make of the bet's parameters, seeds and (for a stepped game) moves. */
  expected: { multiplier: number; payout: number; result: Record<string, unknown> } | null;
  /** The recorded fields that differ: 'multiplier', 'payout', 'result.<key>'. */
  mismatches: string[];
}

/** JSON with every object's keys sorted: a stored result (jsonb reorders keys) compares equal. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, v]) => `${JSON.stringify(key)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Recomputes a whole bet from its revealed server seed and compares it with the record field by
 * field: every key of the recomputed and of the recorded result, the multiplier and the payout.
 * A live round is replayed from its recorded start and end times on the server's clock.
 */
export function recomputeBet(rules: AnyRules, bet: RecordedBet, serverSeed: string): Recomputed {
  const values = rules.verifyValuesOf(bet.params);
  const seeds = (count: number) => floats(serverSeed, bet.client_seed, bet.nonce, count);
  const betFloats = seeds(rules.floatsNeeded(values));
  const parsed = rules.parse(bet.params);
  if (!parsed.ok) return { expected: null, mismatches: ['params'] };
  const amountCents = Math.round(bet.amount * 100);
  let expected: { multiplierE4: number; payoutCents: number; result: Record<string, unknown> };
  if (rules.kind === 'live') {
    // Replayed from the seeds and the recorded start and end on the server's clock: a cash-out
    // before the round's end pays m(t) of its time; otherwise the round ended by itself.
    const startedAt = Number(bet.result.started_at);
    const state = liveRound(rules, betFloats, rules.autoCashoutE4(parsed.value), startedAt);
    if (bet.result.status === 'running') {
      expected = { multiplierE4: 0, payoutCents: 0, result: runningResult(state) };
    } else {
      const ending = liveEnding(rules, state, Number(bet.result.ended_at));
      const multiplierE4 = endingMultiplierE4(ending);
      expected = {
        multiplierE4,
        payoutCents: capPayout(payoutCents(amountCents, multiplierE4)),
        result: endedResult(state, ending),
      };
    }
  } else if (rules.kind === 'instant') {
    const play = rules.play(parsed.value, betFloats, amountCents);
    expected = { ...play, payoutCents: capPayout(play.payoutCents) };
  } else {
    let state = rules.start(parsed.value, betFloats);
    for (const move of rules.movesOf(bet.result)) {
      // The server refuses a move on a finished game: a record that goes on is not its record.
      if (rules.isOver(state)) return { expected: null, mismatches: ['result.moves'] };
      const next = rules.step(state, move, parsed.value);
      if (isRuleIssue(next)) return { expected: null, mismatches: ['result.moves'] };
      state = next;
    }
    if (rules.cashedOut(bet.result)) {
      if (rules.isOver(state)) return { expected: null, mismatches: ['result.status'] };
      const next = rules.cashOut(state, parsed.value);
      if (isRuleIssue(next)) return { expected: null, mismatches: ['result.status'] };
      state = next;
    }
    const multiplierE4 = rules.multiplierE4(state, parsed.value);
    expected = {
      multiplierE4,
      payoutCents: rules.isOver(state) ? capPayout(payoutCents(amountCents, multiplierE4)) : 0,
      result: rules.result(state, parsed.value),
    };
  }
  const keys = new Set([...Object.keys(expected.result), ...Object.keys(bet.result)]);
  const mismatches = [...keys]
    .filter((key) => !same(expected.result[key], bet.result[key]))
    .map((key) => `result.${key}`);
  const multiplier = expected.multiplierE4 / MULTIPLIER_SCALE;
  const payout = expected.payoutCents / 100;
  if (multiplier !== bet.multiplier) mismatches.unshift('multiplier');
  if (payout !== bet.payout) mismatches.unshift('payout');
  return { expected: { multiplier, payout, result: expected.result }, mismatches };
}
