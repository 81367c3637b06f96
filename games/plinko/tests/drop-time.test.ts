// How long a ball takes on 16 rows at the default params, and that it gets there bouncing.
import { describe, expect, it } from 'vitest';
import { PHYSICS_STEP_MS } from '../../../engine';
import { PER_BUCKET, SLIDE_STEPS, paramSet, runBoard } from './harness';

const ROWS = 16;
/** Simulated seconds, at the engine's fixed step. */
const seconds = (steps: number) => (steps * PHYSICS_STEP_MS) / 1000;

describe('plinko drop time with every param at its default', () => {
  it(`${ROWS} rows: median at most 3.0 s, longest at most 4.0 s, bouncing off the pegs`, () => {
    const report = runBoard(ROWS, paramSet('value'), PER_BUCKET, 2026);
    const flights = report.flights;
    const median = seconds(flights[Math.floor(flights.length / 2)]!);
    const longest = seconds(flights.at(-1)!);
    const shortest = seconds(flights[0]!);
    const sliding = report.slidingSteps / report.touchingSteps;
    const touchesPerRow = report.touches / report.balls / ROWS;
    console.log(
      `plinko drop time, ${ROWS} rows, defaults: ${report.balls} balls, median ${median.toFixed(2)} s, ` +
        `shortest ${shortest.toFixed(2)} s, longest ${longest.toFixed(2)} s; ` +
        `${(touchesPerRow * 100).toFixed(0)} peg touches per 100 rows, ` +
        `${(sliding * 100).toFixed(1)}% of touching steps in touches of ${SLIDE_STEPS}+ steps`,
    );
    expect(report.misses).toEqual([]);
    expect(flights).toHaveLength((ROWS + 1) * PER_BUCKET);
    expect(median).toBeLessThanOrEqual(3.0);
    expect(longest).toBeLessThanOrEqual(4.0);
    // Bouncing, not falling through: a peg touched on most rows...
    expect(touchesPerRow).toBeGreaterThan(0.7);
    // ...and let go of quickly: hardly any touch lasts long enough to be a slide.
    expect(sliding).toBeLessThan(0.1);
  }, 300_000);
});
