// The rules contract every games/<id>/rules.ts implements. From it, with no per-game code, come
// the server's request schema and validation, the verifier (browser and CLI: options, usage text,
// output), the fairness dialog's inputs, and the check that a recorded result equals the
// recomputed one field by field.
import type { RuleIssue } from './issues';
import { BET_MAX_CENTS, BET_MIN_CENTS } from './money';

/** A plain JSON Schema object (the server wraps it for validation and the OpenAPI document). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** One parameter of a bet, described as data. */
export type ParamField =
  | {
      type: 'integer';
      min: number;
      max: number;
      default: number;
      description?: string;
    }
  | {
      /** A JSON number with at most `decimals` decimals. */
      type: 'decimal';
      decimals: number;
      min: number;
      max: number;
      default: number;
      description?: string;
    }
  | {
      type: 'choice';
      choices: readonly string[];
      default: string;
      description?: string;
    }
  | {
      /** A structured value (a list of bets): checked by the rules' parse only. */
      type: 'json';
      schema: JsonSchema;
      description: string;
      /** A valid example (the default of tests and the scaffold's loops). */
      default: unknown;
    };

export type ParamFields = Readonly<Record<string, ParamField>>;

/** A verifier input: a parsed value of every `verifyFields` entry. */
export type VerifyValues = Readonly<Record<string, number | string>>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; issues: RuleIssue[] };

interface RulesBase<Params, Verify extends VerifyValues> {
  id: string;
  /** For the OpenAPI document: what a bet does, and how the outcome and `result` are made. */
  docs: { summary: string; description: string };
  /** The bet body's fields besides `amount` (and the start body's, for a stepped game). */
  params: ParamFields;
  /** The parameters the seeds' outcome depends on: what the verifier asks for. */
  verifyFields: ParamFields;
  /** Body values -> typed parameters, or Laravel-shaped field issues. */
  parse(raw: Readonly<Record<string, unknown>>): Parsed<Params>;
  /** The parameters as stored on the bet and sent back (the wire form). */
  wire(params: Params): Record<string, unknown>;
  /** Verifier values of a bet's stored (wire) parameters. */
  verifyValuesOf(wire: Readonly<Record<string, unknown>>): Verify;
  floatsNeeded(values: Verify): number;
  /** What the seeds decide, as `npm run verify` prints it. */
  outcome(values: Verify, floats: readonly number[]): Record<string, unknown>;
  /**
   * The theoretical return to player of a bet with these stored (wire) parameters, as a fraction
   * (0.99 is 99%): what the operator console holds the observed return of the game's bets to.
   */
  rtp(wire: Readonly<Record<string, unknown>>): number;
  /**
   * The wire fields rtp() reads (none when the game's RTP is one number): the console groups the
   * bets by them, so a game whose payout tables differ is held to its mix of tables.
   */
  rtpFields?: readonly string[];
  /** A bet's result in a few characters, for the bet history ('77.18 (< 50.50)'). */
  summary(
    wire: Readonly<Record<string, unknown>>,
    result: Readonly<Record<string, unknown>>,
  ): string;
  /**
   * A bet's result in words for the bet history, in every locale: a message of the game's
   * namespace and its values. Without it (or when it answers null) the history shows `summary`.
   */
  describe?(
    wire: Readonly<Record<string, unknown>>,
    result: Readonly<Record<string, unknown>>,
  ): ResultWords | null;
}

/**
 * A message of the game's locale namespace: `key` names `games.<id>.<key>`; a value given as
 * `{ key }` is itself a message of that namespace (a symbol's or a level's name), translated first.
 * A `count` value picks the plural form. The check on unused locale keys counts
 * `games.<id>.history*` as used: name `key` so (`history_won`); a value's key built from a choice
 * (`risk_${risk}`) needs a pattern of its own there (tests/unit/i18n-keys-used.test.ts).
 */
export interface ResultWords {
  key: string;
  values?: Readonly<Record<string, string | number | { key: string }>>;
}

/** The result of an instant bet: its multiplier, payout (before the cap) and `result`. */
export interface InstantPlay {
  multiplierE4: number;
  payoutCents: number;
  result: Record<string, unknown>;
}

/** A bet settled at once (one request, one outcome). */
export interface InstantRules<
  Params = unknown,
  Verify extends VerifyValues = VerifyValues,
> extends RulesBase<Params, Verify> {
  kind: 'instant';
  /**
   * The stake when the game derives it from its parameters (e.g. the total of several bets);
   * otherwise the body's `amount` is the stake.
   */
  stakeCents?(params: Params): number;
  play(params: Params, floats: readonly number[], amountCents: number): InstantPlay;
}

/** A game played in steps on one nonce (a board revealed tile by tile); its state is stored as JSON. */
export interface SteppedRules<
  Params = unknown,
  State = unknown,
  Verify extends VerifyValues = VerifyValues,
> extends RulesBase<Params, Verify> {
  kind: 'stepped';
  /** The body field of a step (e.g. 'tile') and its range. */
  move: {
    field: string;
    spec: Extract<ParamField, { type: 'integer' }>;
    /**
     * An optional second body field naming where the move is meant to land (the level a dig is
     * for): sent and not where the game stands (a step already passed, a retried request), the
     * move is refused and nothing changes.
     */
    at?: {
      field: string;
      spec: Extract<ParamField, { type: 'integer' }>;
      /** Where the game stands now. */
      of(state: State): number;
    };
  };
  /** The whole state, secrets included, decided from the floats at the start. */
  start(params: Params, floats: readonly number[]): State;
  /** The state after a move, or the field issue that refuses it (tile already dug). */
  step(state: State, move: number, params: Params): State | RuleIssue;
  /** Cashed out, or the issue that refuses it (nothing won yet). */
  cashOut(state: State, params: Params): State | RuleIssue;
  isOver(state: State): boolean;
  /** The game's status word ('active' while running for the session row: see isOver). */
  status(state: State): string;
  multiplierE4(state: State, params: Params): number;
  /** The bet's `result`: never a secret while the game is running. */
  result(state: State, params: Params): Record<string, unknown>;
  /** Whether a bet's result shows a game still being played (the panel offers moves). */
  running(result: Readonly<Record<string, unknown>>): boolean;
  /** The moves a recorded result shows, to replay it from the seeds. */
  movesOf(result: Readonly<Record<string, unknown>>): number[];
  /** Whether the recorded result ended by a cash-out (not by the last move). */
  cashedOut(result: Readonly<Record<string, unknown>>): boolean;
}

/** A round on the server's clock (a multiplier that grows until it crashes): its module on the server drives it. */
export interface LiveRules<
  Params = unknown,
  Verify extends VerifyValues = VerifyValues,
> extends RulesBase<Params, Verify> {
  kind: 'live';
  /** The optional body field of an auto cash-out target (a multiplier with its range). */
  autoCashout: { field: string; spec: Extract<ParamField, { type: 'decimal' }> };
  /** The auto cash-out target of the parameters (e4), or null when the player cashes out by hand. */
  autoCashoutE4(params: Params): number | null;
  /** The round's crash point (e4) from its floats: a secret until the round is over. */
  crashPointE4(floats: readonly number[]): number;
  /** The multiplier (e4) `ms` milliseconds after the round's start. */
  multiplierE4At(ms: number): number;
  /** The first whole millisecond at which the multiplier is at least `multiplierE4`. */
  msToReach(multiplierE4: number): number;
  /** When a round with this crash point crashes (ms after its start): a cash-out before it wins. */
  crashMs(crashPointE4: number): number;
  /** Whether an auto cash-out at `targetE4` wins against this crash point (it pays the target). */
  autoCashoutWins(targetE4: number, crashPointE4: number): boolean;
}

/**
 * Any game's rules. The contract's methods are declared as methods, so a game's typed rules
 * (its own Params, State and Verify) are assignable to these defaults.
 */
export type AnyRules = InstantRules | SteppedRules | LiveRules;

/** Identity with type inference, so a rules object is checked against the contract. */
export const defineInstantRules = <P, V extends VerifyValues>(
  rules: InstantRules<P, V>,
): InstantRules<P, V> => rules;
export const defineSteppedRules = <P, S, V extends VerifyValues>(
  rules: SteppedRules<P, S, V>,
): SteppedRules<P, S, V> => rules;
export const defineLiveRules = <P, V extends VerifyValues>(
  rules: LiveRules<P, V>,
): LiveRules<P, V> => rules;

/**
 * The parameter part of the contract for a game whose bet is its stake alone (no choices): spread
 * it into the rules.
 */
export const NO_PARAMS = {
  params: {},
  verifyFields: {},
  parse: () => ({ ok: true as const, value: {} }),
  wire: () => ({}),
  verifyValuesOf: () => ({}),
};

/**
 * The parameter part of the contract for a game whose bet parameters are plain fields (no
 * 'json'), stored as they were sent and asked for by the verifier as they are: spread it into the
 * rules.
 */
export function fieldParams<Params extends VerifyValues>(fields: ParamFields) {
  const own = (values: Readonly<Record<string, unknown>>) =>
    Object.fromEntries(Object.keys(fields).map((name) => [name, values[name]]));
  return {
    params: fields,
    verifyFields: fields,
    parse: (raw: Readonly<Record<string, unknown>>) => parseFields<Params>(fields, raw),
    wire: (params: Params) => own(params),
    verifyValuesOf: (wire: Readonly<Record<string, unknown>>) => own(wire) as Params,
  };
}

/** Is `value` an issue (a step refused) rather than a new state? */
export function isRuleIssue(value: unknown): value is RuleIssue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RuleIssue).field === 'string' &&
    typeof (value as RuleIssue).key === 'string'
  );
}

const decimalsOf = (value: number): number => {
  const text = String(value);
  if (/e/i.test(text)) return Infinity;
  return text.split('.')[1]?.length ?? 0;
};

/** The issue of one value against its field, or null. 'json' fields are the parse's job. */
export function fieldIssue(name: string, field: ParamField, value: unknown): RuleIssue | null {
  switch (field.type) {
    case 'integer':
      return typeof value === 'number' &&
        Number.isInteger(value) &&
        value >= field.min &&
        value <= field.max
        ? null
        : { field: name, key: 'validation.between', params: { min: field.min, max: field.max } };
    case 'decimal':
      if (
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        decimalsOf(value) > field.decimals
      ) {
        return { field: name, key: 'validation.format' };
      }
      return value >= field.min && value <= field.max
        ? null
        : {
            field: name,
            key: 'validation.between',
            params: {
              min: field.min.toFixed(field.decimals),
              max: field.max.toFixed(field.decimals),
            },
          };
    case 'choice':
      return typeof value === 'string' && field.choices.includes(value)
        ? null
        : { field: name, key: 'validation.in' };
    case 'json':
      return null;
  }
}

/** Every field's issue; an empty list when all values fit their fields. */
export function fieldIssues(
  fields: ParamFields,
  raw: Readonly<Record<string, unknown>>,
): RuleIssue[] {
  return Object.entries(fields).flatMap(([name, field]) => {
    const issue = fieldIssue(name, field, raw[name]);
    return issue ? [issue] : [];
  });
}

/** The values of simple fields (no 'json'), checked: the generic parse of verifier inputs. */
export function parseFields<T extends VerifyValues>(
  fields: ParamFields,
  raw: Readonly<Record<string, unknown>>,
): Parsed<T> {
  const issues = fieldIssues(fields, raw);
  if (issues.length) return { ok: false, issues };
  const value = Object.fromEntries(
    Object.keys(fields).map((name) => [name, raw[name] as number | string]),
  );
  return { ok: true, value: value as T };
}

/**
 * A wire amount (a JSON number in currency units, at most 2 decimals) -> integer cents, or the
 * field's issue: not a finite number, outside the bounds (a bet's by default), more decimals.
 */
export function amountCents(
  field: string,
  value: unknown,
  bounds: { minCents?: number; maxCents?: number } = {},
): { cents: number } | { issue: RuleIssue } {
  const { minCents = BET_MIN_CENTS, maxCents = BET_MAX_CENTS } = bounds;
  const limit = (cents: number) =>
    cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { issue: { field, key: 'validation.number' } };
  }
  if (value < minCents / 100) {
    return { issue: { field, key: 'validation.min', params: { limit: limit(minCents) } } };
  }
  if (value > maxCents / 100) {
    return { issue: { field, key: 'validation.max', params: { limit: limit(maxCents) } } };
  }
  const cents = Math.round(value * 100);
  // 0.29 * 100 is 28.999999999999996: the round trip, not the product, decides "2 decimals".
  if (cents / 100 !== value) return { issue: { field, key: 'money.decimals' } };
  return { cents };
}
