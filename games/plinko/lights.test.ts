import { describe, expect, it } from 'vitest';
import { boardGeometry } from './board';
import { LIGHT_ROWS, updateLights } from './lights';

const board = boardGeometry(8, 36, 5);
const DT = 1 / 60;
/** A height `rows` rows above the landing line. */
const above = (rows: number) => board.landingY - rows * board.spacing;
const ball = (bucket: number, rowsAbove: number) => ({
  bucket,
  body: { position: { y: above(rowsAbove) } },
});

describe('plinko bucket lights', () => {
  it('light only the buckets whose balls are in the last rows, more as they near', () => {
    const levels = new Array<number>(9).fill(0);
    updateLights(
      levels,
      [ball(2, LIGHT_ROWS + 1), ball(4, LIGHT_ROWS / 2), ball(6, 0.3)],
      board,
      DT,
    );
    expect(levels[2]).toBe(0);
    expect(levels[4]).toBeCloseTo(0.5, 5);
    expect(levels[6]).toBeCloseTo(1 - 0.3 / LIGHT_ROWS, 5);
    expect(levels.filter((level) => level > 0)).toHaveLength(2);
  });

  it('take the nearest of several balls, and fade out after a landing', () => {
    const levels = new Array<number>(9).fill(0);
    updateLights(levels, [ball(3, 2.5), ball(3, 0)], board, DT);
    expect(levels[3]).toBe(1);
    // The ball has landed (it is no longer among the balls): the light dies out in about 1/3 s.
    let frames = 0;
    while (updateLights(levels, [], board, DT)) frames += 1;
    expect(levels[3]).toBe(0);
    expect(frames).toBeGreaterThan(15);
    expect(frames).toBeLessThan(25);
    // Nothing near and nothing lit: no change to draw.
    expect(updateLights(levels, [ball(3, 6)], board, DT)).toBe(false);
  });
});
