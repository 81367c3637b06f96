// A game's headless adapter (games/<id>/headless.ts, export `headless`): how `npm run headless`
// (scripts/headless.ts) runs the game's simulation through a round the rules decided, and reads
// what the simulation ended in, with no per-game code in the CLI. Renderer-free like everything
// it loads: no pixi.js, no DOM (eslint-rules/layer-boundaries.js, tests/unit/headless/).
import fs from 'node:fs';
import {
  runHeadless,
  type HeadlessRun,
  type HeadlessScene,
  type ParamsSpec,
  type ParamValues,
  type Simulation,
} from '../../../engine/headless/index';

/** One round as the rules decided it: what an adapter drives its simulation with. */
export interface HeadlessRound {
  /** 1, 2, ... in the run. */
  number: number;
  /** Seed of the simulation's cosmetic randomness (where a ball drops, where the rocks start). */
  seed: number;
  /** The bet's parameters as the rules parse them (the rules' defaults). */
  bet: unknown;
  /** The same parameters on the wire (as stored on the bet). */
  wire: Readonly<Record<string, unknown>>;
  /** What the seeds decide: the rules' `outcome`, as `npm run verify` prints it. */
  outcome: Readonly<Record<string, unknown>>;
  /**
   * The bet's `result` as the client receives it, in order: one for an instant bet; a stepped
   * game's after its start and after every move (the last one after its end); a live round's
   * while running, then at its end.
   */
  results: readonly Readonly<Record<string, unknown>>[];
}

/** What a game's folder tells the headless runner (games/<id>/headless.ts). */
export interface HeadlessGame<P extends ParamsSpec = ParamsSpec> {
  /** The scene's params (games/<id>/params.ts): their defaults, or a `--params` file's values. */
  params: P;
  /**
   * The part of the round the simulation shows, in the form `play` answers, from the rules
   * (default: the rules' outcome as it is).
   */
  expected?(round: HeadlessRound): Record<string, unknown>;
  /**
   * Runs the simulation through the round to its end, at the engine's fixed step and as fast as
   * the CPU allows (engine/headless/runHeadless.ts), and reads what it shows then: what the
   * physics or the animation ended in, never the rules' answer copied.
   */
  play(round: HeadlessRound, values: ParamValues<P>): HeadlessPlay;
}

/** What a round's simulation ended in. */
export interface HeadlessPlay {
  /** What it shows at the end, in the form of `expected`. */
  shown: Record<string, unknown>;
  /** Fixed steps it ran (1/60 s each): the params (a ball's gravity, a spin's length) show here. */
  steps: number;
}

/** Identity with type checking: `export const headless = defineHeadlessGame({ ... })`. */
export const defineHeadlessGame = <P extends ParamsSpec>(game: HeadlessGame<P>): HeadlessGame<P> =>
  game;

/**
 * Runs a board's simulation (a stepped game's) through the round's answers as the panel hands
 * them to the scene: the first at the start, each next one once the board has settled from the
 * last, until the last has settled or `seconds` ran out.
 */
export function playAnswers<
  Sim extends Simulation & { readonly settled: boolean },
  P extends ParamsSpec,
>(
  scene: HeadlessScene<undefined, Sim, P>,
  round: HeadlessRound,
  options: {
    values: ParamValues<P>;
    seconds: number;
    apply(sim: Sim, result: Readonly<Record<string, unknown>>): void;
  },
): HeadlessRun<Sim> {
  let next = 0;
  const answer = (sim: Sim) => options.apply(sim, round.results[next++]!);
  return runHeadless(scene, {
    data: undefined,
    seconds: options.seconds,
    values: options.values,
    start: answer,
    onStep: (sim) => {
      if (!sim.settled) return false;
      if (next === round.results.length) return true;
      answer(sim);
    },
  });
}

/** A game of the registry whose folder has no headless adapter. */
export class MissingHeadlessGame extends Error {
  override name = 'MissingHeadlessGame';
}

/** games/<id>/headless.ts's `headless`; a MissingHeadlessGame naming the file when it has none. */
export async function loadHeadlessGame(id: string): Promise<HeadlessGame> {
  const file = new URL(`../../${id}/headless.ts`, import.meta.url);
  if (!fs.existsSync(file)) throw new MissingHeadlessGame(missing(id, 'is missing'));
  const module = (await import(`../../${id}/headless.ts`)) as { headless?: HeadlessGame };
  if (!module.headless) throw new MissingHeadlessGame(missing(id, 'exports no `headless`'));
  return module.headless;
}

const missing = (id: string, what: string) =>
  `games/${id}/headless.ts ${what}: every game says how its simulation plays a round headless ` +
  '(defineHeadlessGame in games/shared/headless/adapter.ts; docs/developers/engine.md#running-a-game-headless)';
