// The body of landing-{default,min,max}.test.ts: one file per parameter set so the three run in
// parallel on CI's two cores.
import { describe, expect, it } from 'vitest';
import { PLINKO } from '../rules';
import {
  CLIMB_TOLERANCE,
  PEG_TOLERANCE,
  PER_BUCKET,
  paramSet,
  runBoard,
  type ParamSet,
  type RunReport,
} from './harness';

export function describeLanding(which: 'min' | 'value' | 'max'): void {
  const values = paramSet(which);
  const name = which === 'value' ? 'defaults' : `${which}imums`;
  describe(`plinko landing with every param at its ${name}`, () => {
    for (let rows = PLINKO.minRows; rows <= PLINKO.maxRows; rows++) {
      it(`${rows} rows: ${PER_BUCKET} random paths into each of the ${rows + 1} buckets land there`, () => {
        const report = runBoard(rows, values, PER_BUCKET, rows * 7919 + which.length);
        console.log(summary(which, rows, report));
        expectLanded(report, rows, PER_BUCKET, values);
      }, 300_000);
    }
  });
}

/** Every ball over its bucket, within the guidance's bounds: under 25% of g, never upwards, no
 * pass-through, no climbing. */
export function expectLanded(
  report: RunReport,
  rows: number,
  perBucket: number,
  values: ParamSet,
): void {
  expect(report.balls).toBe((rows + 1) * perBucket);
  expect(report.misses.slice(0, 5)).toEqual([]);
  expect(report.maxGuidance).toBeLessThan(0.25);
  expect(report.upwardGuidance).toBe(0);
  expect(report.minPegClearance).toBeGreaterThan(-PEG_TOLERANCE);
  expect(report.maxClimb).toBeLessThanOrEqual(CLIMB_TOLERANCE * values.pegSpacing);
}

export function summary(which: string, rows: number, r: RunReport): string {
  return (
    `plinko ${which} ${rows} rows: ${r.balls} balls, ${r.misses.length} misses, ` +
    `max guidance ${(r.maxGuidance * 100).toFixed(1)}% of g, min peg clearance ` +
    `${r.minPegClearance.toFixed(2)} px, max climb ${r.maxClimb.toFixed(2)} px, ` +
    `longest flight ${r.maxSteps} steps, ${r.wallMs.toFixed(0)} ms`
  );
}
