// Mixed corners of the designer's parameter box: each param at its minimum or its maximum, the
// combination drawn by a seeded PRNG, on the fewest and the most rows. The default, minimum and
// maximum files cover the box's centre and its two all-min / all-max corners.
import { describe, it } from 'vitest';
import { plinkoParams } from '../params';
import { PLINKO } from '../rules';
import { prng } from '../../../tests/support/prng';
import { runBoard, type ParamSet } from './harness';
import { expectLanded, summary } from './landing';

const CORNERS = 8;
const PER_BUCKET = 20;

describe('plinko landing at mixed corners of the parameter box', () => {
  const random = prng(20261124);
  for (let corner = 0; corner < CORNERS; corner++) {
    const values = {} as ParamSet;
    const highs: string[] = [];
    for (const [key, param] of Object.entries(plinkoParams)) {
      const high = random() < 0.5;
      values[key as keyof ParamSet] = high ? param.max : param.min;
      if (high) highs.push(key);
    }
    const name = `corner ${corner + 1} (at max: ${highs.join(', ') || 'none'}; the rest at min)`;
    for (const rows of [PLINKO.minRows, PLINKO.maxRows]) {
      it(`${name}, ${rows} rows: ${PER_BUCKET} random paths into each bucket land there`, () => {
        const report = runBoard(rows, values, PER_BUCKET, corner * 104729 + rows);
        console.log(summary(`corner ${corner + 1}`, rows, report));
        expectLanded(report, rows, PER_BUCKET, values);
      }, 300_000);
    }
  }
});
