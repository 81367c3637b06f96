// Smooth noise for art drawn by code: seeded values on a grid, blended between them.
import { seededRandom } from '../../engine/headless/index';

/**
 * Smooth noise in -1..1: seeded values on a grid `step` px apart that repeats every `period`
 * cells in both directions (a tile of period x step px has no seam), eased between them.
 */
export function tileNoise(
  seed: number,
  period: number,
  step: number,
): (x: number, y: number) => number {
  const random = seededRandom(seed);
  const grid = Array.from({ length: period * period }, () => random() * 2 - 1);
  const at = (i: number, j: number) =>
    grid[(((j % period) + period) % period) * period + (((i % period) + period) % period)]!;
  const ease = (t: number) => t * t * (3 - 2 * t);
  return (x, y) => {
    const [gx, gy] = [x / step, y / step];
    const [i, j] = [Math.floor(gx), Math.floor(gy)];
    const [tx, ty] = [ease(gx - i), ease(gy - j)];
    const top = at(i, j) + (at(i + 1, j) - at(i, j)) * tx;
    const bottom = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * tx;
    return top + (bottom - top) * ty;
  };
}
