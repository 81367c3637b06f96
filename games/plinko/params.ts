import { defineParams } from '../../engine/headless/index';

/**
 * Designer-tunable plinko physics (live in the debug overlay; `npm run params:apply -- plinko`).
 * Lengths are world pixels of the board before the view scales it to fit. The ranges are the
 * ones the landing guarantee is proved for (games/plinko/tests/landing*.test.ts runs every bucket
 * at all minimums, all defaults and all maximums): widen one only with the tests green.
 */
export const plinkoParams = defineParams({
  /** matter-js gravity.y (1 = 1000 px/s²). */
  gravity: { value: 3, min: 2.8, max: 3.2, step: 0.05, label: 'gravity' },
  ballRadius: { value: 9, min: 8.5, max: 9.5, step: 0.5, label: 'ball radius (px)' },
  pegRadius: { value: 5, min: 4.5, max: 5.5, step: 0.5, label: 'peg radius (px)' },
  restitution: { value: 0.35, min: 0.3, max: 0.35, step: 0.05, label: 'restitution' },
  /** Sliding friction against a peg (there is no static friction: a ball never sticks on a peg). */
  friction: { value: 0.01, min: 0, max: 0.02, step: 0.01, label: 'friction' },
  /** matter-js frictionAir: the share of its speed a ball loses each step (it keeps it steady). */
  airFriction: { value: 0.065, min: 0.06, max: 0.07, step: 0.005, label: 'air friction' },
  /** Horizontal distance between neighbouring pegs; rows are the same distance apart. */
  pegSpacing: { value: 36, min: 35, max: 37, step: 1, label: 'peg spacing (px)' },
});

export type PlinkoParams = typeof plinkoParams;
