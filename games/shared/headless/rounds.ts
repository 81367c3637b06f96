// Rounds of any game of the registry played headless, with no per-game code: each round draws
// seeded seeds, takes the rules' outcome and the bet's result from them (as the server settles
// it), runs the game's simulation through it (its games/<id>/headless.ts) and checks that the
// simulation ended in what the rules decided. What `npm run headless` (scripts/headless.ts) runs.
import { defaultValues, seededRandom, type ParamValues } from '../../../engine/headless/index';
import {
  isRuleIssue,
  type AnyRules,
  type InstantRules,
  type LiveRules,
  type SteppedRules,
} from '../../fairness/contract';
import { floats } from '../../fairness/floats';
import { canonical } from '../../fairness/verify';
import {
  endedResult,
  endingMultiplierE4,
  liveEnding,
  liveRound,
  runningResult,
} from '../../fairness/live';
import { capPayout, payoutCents } from '../../fairness/money';
import { playableGame } from '../registry/catalog';
import { loadHeadlessGame, type HeadlessGame, type HeadlessRound } from './adapter';

/** The stake of every round, in cents, unless the rules derive it from the bet (a roulette-like list of bets). */
export const HEADLESS_STAKE_CENTS = 100;
/** A stepped game cashes out after this many moves at most (fewer when it ends before). */
export const HEADLESS_MAX_MOVES = 3;

export interface HeadlessRoundReport {
  number: number;
  /** The rules' words for the result (`summary`, as the bet history shows it). */
  summary: string;
  stakeCents: number;
  payoutCents: number;
  /** What the rules decided (the adapter's `expected`) and what the simulation ended in. */
  expected: Record<string, unknown>;
  shown: Record<string, unknown>;
  /** Fixed steps the simulation ran. */
  steps: number;
  match: boolean;
}

export interface HeadlessSummary {
  game: string;
  rounds: number;
  /** Currency units (cents / 100). */
  wagered: number;
  returned: number;
  /** returned / wagered (0 when nothing was wagered). */
  rtp: number;
  mismatches: number;
  /** Wall time of the rounds, ms. */
  ms: number;
}

export interface HeadlessRunOptions {
  rounds: number;
  /** Seeds every round's server seed, client seed, nonce, moves and cosmetic seed (default 1). */
  seed?: number;
  /** Scene param values over the defaults (already validated against the game's params). */
  values?: Readonly<Record<string, number>>;
  /** Called after every round. */
  onRound?: (report: HeadlessRoundReport) => void;
}

/** Not a game of the registry (the message names the known ones). */
export class UnknownHeadlessGame extends Error {
  override name = 'UnknownHeadlessGame';
}

/** A game's rules and headless adapter, checked against each other. */
export async function headlessGameOf(
  id: string,
): Promise<{ rules: AnyRules; headless: HeadlessGame }> {
  const game = playableGame(id);
  if (!game) throw new UnknownHeadlessGame(`unknown game '${id}'`);
  const [rules, headless] = await Promise.all([game.rules(), loadHeadlessGame(id)]);
  return { rules, headless };
}

/** Plays `rounds` rounds of game `id` headless; see the file's head. */
export async function runGameHeadless(
  id: string,
  options: HeadlessRunOptions,
): Promise<HeadlessSummary> {
  const { rules, headless } = await headlessGameOf(id);
  const values = { ...defaultValues(headless.params), ...options.values } as ParamValues;
  const random = seededRandom(options.seed ?? 1);
  const bet = defaultBet(rules);
  const wire = rules.wire(bet);
  const started = performance.now();
  let wagered = 0;
  let returned = 0;
  let mismatches = 0;
  for (let number = 1; number <= options.rounds; number++) {
    const serverSeed = hex(random, 64);
    const clientSeed = hex(random, 16);
    const nonce = Math.floor(random() * 1_000_000);
    const verify = rules.verifyValuesOf(wire);
    const roundFloats = floats(serverSeed, clientSeed, nonce, rules.floatsNeeded(verify));
    const outcome = rules.outcome(verify, roundFloats);
    const settled = settle(rules, bet, roundFloats, random);
    const round: HeadlessRound = {
      number,
      seed: Math.floor(random() * 2 ** 31),
      bet,
      wire,
      outcome,
      results: settled.results,
    };
    const expected = headless.expected?.(round) ?? { ...outcome };
    const { shown, steps } = headless.play(round, values);
    const match = canonical(shown) === canonical(expected);
    if (!match) mismatches += 1;
    wagered += settled.stakeCents;
    returned += settled.payoutCents;
    options.onRound?.({
      number,
      summary: rules.summary(wire, settled.results.at(-1)!),
      stakeCents: settled.stakeCents,
      payoutCents: settled.payoutCents,
      expected,
      shown,
      steps,
      match,
    });
  }
  return {
    game: id,
    rounds: options.rounds,
    wagered: wagered / 100,
    returned: returned / 100,
    rtp: wagered ? Math.round((returned / wagered) * 1e6) / 1e6 : 0,
    mismatches,
    ms: Math.round(performance.now() - started),
  };
}

/** The bet of the rules' defaults (a live game's with its default auto cash-out). */
function defaultBet(rules: AnyRules): unknown {
  const raw: Record<string, unknown> = Object.fromEntries(
    Object.entries(rules.params).map(([name, field]) => [name, field.default]),
  );
  if (rules.kind === 'live') raw[rules.autoCashout.field] = rules.autoCashout.spec.default;
  const parsed = rules.parse(raw);
  if (!parsed.ok) {
    throw new Error(`${rules.id}: its default bet is refused: ${JSON.stringify(parsed.issues)}`);
  }
  return parsed.value;
}

interface Settled {
  stakeCents: number;
  payoutCents: number;
  results: Record<string, unknown>[];
}

/** The bet settled from the floats as the server settles it (see games/fairness/verify.ts). */
function settle(rules: AnyRules, bet: unknown, betFloats: number[], random: () => number): Settled {
  switch (rules.kind) {
    case 'instant':
      return settleInstant(rules, bet, betFloats);
    case 'stepped':
      return settleStepped(rules, bet, betFloats, random);
    case 'live':
      return settleLive(rules, bet, betFloats);
  }
}

function settleInstant(rules: InstantRules, bet: unknown, betFloats: number[]): Settled {
  const stakeCents = rules.stakeCents?.(bet) ?? HEADLESS_STAKE_CENTS;
  const play = rules.play(bet, betFloats, stakeCents);
  return { stakeCents, payoutCents: capPayout(play.payoutCents), results: [play.result] };
}

/**
 * A stepped game played by a seeded player: legal moves drawn at random (a refused one is
 * skipped), a cash-out after 1 to HEADLESS_MAX_MOVES of them unless the game ends before.
 */
function settleStepped(
  rules: SteppedRules,
  bet: unknown,
  betFloats: number[],
  random: () => number,
): Settled {
  const stakeCents = HEADLESS_STAKE_CENTS;
  let state = rules.start(bet, betFloats);
  const results = [rules.result(state, bet)];
  const moves = 1 + Math.floor(random() * HEADLESS_MAX_MOVES);
  const { min, max } = rules.move.spec;
  for (let made = 0; made < moves && !rules.isOver(state); made++) {
    const candidates = shuffled(
      Array.from({ length: max - min + 1 }, (_, i) => min + i),
      random,
    );
    let next: unknown = null;
    for (const move of candidates) {
      const stepped = rules.step(state, move, bet);
      if (!isRuleIssue(stepped)) {
        next = stepped;
        break;
      }
    }
    if (next === null) throw new Error(`${rules.id}: no move from ${min} to ${max} is accepted`);
    state = next;
    results.push(rules.result(state, bet));
  }
  if (!rules.isOver(state)) {
    const cashed = rules.cashOut(state, bet);
    if (isRuleIssue(cashed)) throw new Error(`${rules.id}: cash-out refused (${cashed.key})`);
    state = cashed;
    results.push(rules.result(state, bet));
  }
  const multiplierE4 = rules.multiplierE4(state, bet);
  return { stakeCents, payoutCents: capPayout(payoutCents(stakeCents, multiplierE4)), results };
}

/** A live round started at 0 on the server's clock, left to end by itself (auto cash-out or crash). */
function settleLive(rules: LiveRules, bet: unknown, betFloats: number[]): Settled {
  const stakeCents = HEADLESS_STAKE_CENTS;
  const state = liveRound(rules, betFloats, rules.autoCashoutE4(bet), 0);
  const ending = liveEnding(rules, state, null);
  return {
    stakeCents,
    payoutCents: capPayout(payoutCents(stakeCents, endingMultiplierE4(ending))),
    results: [runningResult(state), endedResult(state, ending)],
  };
}

/** `length` hex digits from the generator. */
function hex(random: () => number, length: number): string {
  let out = '';
  while (out.length < length)
    out += Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  return out.slice(0, length);
}

/** Fisher-Yates with the seeded generator. */
function shuffled<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}
