// What the plinko scene and its simulation's worker (simulationWorker.ts) tell each other: the
// scene's commands, and after every step the balls where they are now and what happened.
import type { ParamValues } from '../../engine/headless/index';
import type { PlinkoParams } from './params';
import type { PlinkoRisk } from './rules';
import type { PlinkoData, PlinkoLanding } from './simulation';

export type ToSimulation =
  | { type: 'start'; data: PlinkoData | undefined; values: ParamValues<PlinkoParams> }
  | { type: 'step' }
  | { type: 'drop'; id: number; path: string; bucket: number }
  | { type: 'board'; rows: number; risk: PlinkoRisk }
  | { type: 'params'; values: ParamValues<PlinkoParams> };

/** A landing as the worker reports it (its tag stays with the scene). */
export type WireLanding = Omit<PlinkoLanding, 'tag'>;

/** Each ball in flight in `balls`, this many numbers: id, x, y, prevX, prevY, radius. */
export const BALL_FIELDS = 6;

export interface Stepped {
  type: 'stepped';
  balls: Float64Array;
  landings: WireLanding[];
  /** Where the step's first ball to meet a peg met it, if one did (the scene ticks). */
  pegHit?: { x: number; y: number };
  offTarget: number;
  maxGuidance: number;
  /** The board's spacing and peg radius, when the worker rebuilt it (a designer's change). */
  rebuilt?: { spacing: number; pegRadius: number };
}
