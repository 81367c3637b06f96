// A game's lab adapter (games/<id>/lab.ts, export `lab`): what the scene lab (/lab/<id>) offers
// to put the game's scene in any state the rules allow, with no per-game code in the lab page.
// It says which outcome controls the game has, turns a pick (or a recorded bet) into a round as
// the server would record it, plays that round in the shown scene through the game's channel,
// and reads back what the scene ended in.
import type { Simulation } from '../../../engine/index';
import { isRuleIssue, type InstantRules, type SteppedRules } from '../../fairness/contract';
import { MULTIPLIER_SCALE } from '../../fairness/money';

/** A value of one outcome control: a choice, a number, or a grid's tiles in the order picked. */
export type LabValue = string | number | readonly number[];

/** The lab's controls' values, by control name. */
export type LabPick = Readonly<Record<string, LabValue>>;

/** One choice of a choice control: its words as a locale key, or as they are (a number). */
export interface LabChoice {
  value: string;
  /** A locale key (the page translates it). */
  key?: string;
  /** The words as they are, when no key fits (a number, a symbol's name). */
  text?: string;
}

/** What the lab shows to pick an outcome with; `label` is a locale key. */
export type LabControl =
  | { kind: 'choice'; name: string; label: string; choices: readonly LabChoice[] }
  | { kind: 'number'; name: string; label: string; min: number; max: number; step: number }
  | {
      /** Tiles of a board, marked in the order clicked (a mine layout, the picks). */
      kind: 'grid';
      name: string;
      label: string;
      columns: number;
      /** Tiles in all (columns x rows, or per row `columns` when `rows` > 1). */
      tiles: number;
      /** At most this many marked (clicking more does nothing). */
      max: number;
      /** Words on marked tiles ('1', '2', ... by order when absent). */
      mark?: string;
    };

/** A round as the scene plays it: the bet's wire parameters and its result(s), as recorded. */
export interface LabRound {
  params: Readonly<Record<string, unknown>>;
  /** The bet's result: an instant bet's, a stepped game's last, a live round's end. */
  result: Readonly<Record<string, unknown>>;
  /** A stepped game's results in order (after the start and after each move), when known. */
  results?: readonly Readonly<Record<string, unknown>>[];
  /** The multiplier the round pays (0 for a loss). */
  multiplier: number;
}

/** A recorded bet as GET /api/bets/:id answers it (the fields the lab reads). */
export interface LabBet {
  id: number;
  game: string;
  amount: number;
  multiplier: number;
  payout: number;
  params: Readonly<Record<string, unknown>>;
  result: Readonly<Record<string, unknown>>;
  created_at: string;
  /** The player who made it (an admin reads anyone's). */
  user_id?: number;
}

/** A play that a newer one replaced (or the page left): its waits end with this. */
export class LabStopped extends Error {
  override name = 'LabStopped';
}

/** What a play gets from the lab page: the shown scene and the engine's clock. */
export interface LabStage {
  /** The controls' values now (choices that are not the outcome: who flies the ship). */
  readonly pick: LabPick;
  /** The shown scene's simulation (a fresh visit for every play). */
  readonly sim: Simulation;
  /** The scene's tuned param values now (the debug overlay changes them). */
  values(): Readonly<Record<string, number>>;
  /**
   * The engine's simulated time since the play began, in ms: fixed steps of 1/60 s, so it
   * follows the lab's speed, pause and single steps (scenes that read the wall clock use it).
   */
  clockMs(): number;
  /** Resolves on the first frame `done()` holds; rejects with LabStopped once the play is over. */
  until(done: () => boolean): Promise<void>;
  /** Runs `each` every frame until the play ends (an autopilot, a clock the scene follows). */
  everyFrame(each: () => void): void;
  /** The page's words (the scenes' own labels, a roulette felt's). */
  t(key: string): string;
}

/** What a game's folder tells the scene lab (games/<id>/lab.ts). */
export interface LabGame {
  /** The pick the lab opens with. */
  initial: LabPick;
  /** The controls for a pick (a board's buckets follow its rows). */
  controls(pick: LabPick): readonly LabControl[];
  /** The round a pick stands for, made by the rules as the server would make it. */
  round(pick: LabPick): LabRound;
  /** The round of a recorded bet, to replay what the player saw (default: its params and result). */
  recorded?(bet: LabBet): LabRound;
  /** Plays the round in the shown scene through its channel, from a fresh visit; resolves at rest. */
  play(round: LabRound, stage: LabStage): Promise<void>;
  /** What the scene ended in, read from it (in the form of `expected`); null while it moves. */
  shown(stage: LabStage): Record<string, unknown> | null;
  /** What the round should end in, from its result. */
  expected(round: LabRound): Record<string, unknown>;
  /** Extra buttons while a round plays (asteroids' "reveal all"): a locale key and what it does. */
  actions?: readonly { label: string; run(stage: LabStage): void }[];
}

/** Identity with type checking: `export const lab = defineLabGame({ ... })`. */
export const defineLabGame = (game: LabGame): LabGame => game;

/** A recorded bet's round as it is stored. */
export const roundOfBet = (bet: LabBet): LabRound => ({
  params: bet.params,
  result: bet.result,
  multiplier: bet.multiplier,
});

/** Every value of a pick kept within what its controls offer now (a choice gone, a range). */
export function fitPick(controls: readonly LabControl[], pick: LabPick): Record<string, LabValue> {
  const fitted: Record<string, LabValue> = { ...pick };
  for (const control of controls) {
    const value = pick[control.name];
    switch (control.kind) {
      case 'choice':
        if (!control.choices.some((choice) => choice.value === value)) {
          fitted[control.name] = control.choices[0]?.value ?? '';
        }
        break;
      case 'number': {
        const number = typeof value === 'number' && Number.isFinite(value) ? value : control.min;
        fitted[control.name] = Math.min(control.max, Math.max(control.min, number));
        break;
      }
      case 'grid': {
        const tiles = Array.isArray(value) ? (value as number[]) : [];
        fitted[control.name] = tiles.filter((t) => t < control.tiles).slice(0, control.max);
        break;
      }
    }
  }
  return fitted;
}

/** Numbers from 0 to n - 1 as choices. */
export const numberChoices = (from: number, to: number): LabChoice[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    value: String(from + i),
    text: String(from + i),
  }));

/** A float in [0, 1) that picks `index` out of `count` equally likely ways (floor(f * count)). */
export const floatPicking = (index: number, count: number): number => (index + 0.5) / count;

/**
 * An instant bet played by its rules on floats the pick chose, exactly as the server plays one:
 * the round's result is what a recorded bet with those floats holds.
 */
export function playInstant(
  rules: InstantRules,
  wire: Readonly<Record<string, unknown>>,
  floats: readonly number[],
): LabRound {
  const parsed = rules.parse(wire);
  if (!parsed.ok) throw new Error(`The lab's pick is not a valid bet: ${JSON.stringify(wire)}`);
  const played = rules.play(parsed.value, floats, 100);
  return {
    params: rules.wire(parsed.value),
    result: played.result,
    multiplier: played.multiplierE4 / MULTIPLIER_SCALE,
  };
}

/**
 * A stepped game played by its rules from a state the pick laid out (where the mines are): its
 * moves in order until the rules end it, then a cash-out when it still runs and `cashOut`. Every
 * answer's result, as the panel hands them to the scene.
 */
export function playStepped<State>(
  rules: SteppedRules<unknown, State>,
  wire: Readonly<Record<string, unknown>>,
  start: State,
  moves: readonly number[],
  cashOut: boolean,
): LabRound {
  const parsed = rules.parse(wire);
  if (!parsed.ok) throw new Error(`The lab's pick is not a valid game: ${JSON.stringify(wire)}`);
  const params = parsed.value;
  let state = start;
  const results = [rules.result(state, params)];
  for (const move of moves) {
    if (rules.isOver(state)) break;
    const next = rules.step(state, move, params);
    if (isRuleIssue(next)) break;
    state = next;
    results.push(rules.result(state, params));
  }
  if (cashOut && !rules.isOver(state)) {
    const next = rules.cashOut(state, params);
    if (!isRuleIssue(next)) {
      state = next;
      results.push(rules.result(state, params));
    }
  }
  return {
    params: rules.wire(params),
    result: results.at(-1)!,
    results,
    multiplier: rules.multiplierE4(state, params) / MULTIPLIER_SCALE,
  };
}

/**
 * Hands a board's answers to the scene one by one, as a stepped game's panel does: each next one
 * once the board has settled from the last.
 */
export async function playAnswers(
  round: LabRound,
  stage: LabStage,
  settled: () => boolean,
  apply: (result: Readonly<Record<string, unknown>>, index: number) => void,
): Promise<void> {
  const results = round.results ?? [round.result];
  for (const [index, result] of results.entries()) {
    apply(result, index);
    await stage.until(settled);
  }
}

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b);

/** Tiles sorted (a board shows where they are, not the order they were drawn or picked in). */
export const sortedTiles = (value: unknown): number[] =>
  sorted(Array.isArray(value) ? value.filter((t): t is number => typeof t === 'number') : []);
