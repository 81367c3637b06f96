// The buckets light up as their balls near them: the suspense of the last rows. Pure, so that the
// scene only applies it and a unit test can drive it.
import type { BoardGeometry } from './board';

/** A bucket starts to light when a ball bound for it is this many rows above the landing line. */
export const LIGHT_ROWS = 3;
/** How fast a light fades once its ball has landed (levels per second). */
const FADE_PER_SECOND = 3;

/** What the lights read of a ball: the bucket it will land in, and its height on the board. */
export interface NearingBall {
  bucket: number;
  body: { position: { y: number } };
}

let targets: number[] = [];

/**
 * Each bucket's light, 0 to 1, after `dt` seconds: as high as its nearest ball is far through the
 * last `LIGHT_ROWS` rows (linear; 1 on the landing line), and never dropping faster than the
 * fade, so a landing leaves it to die out. `levels` (one per bucket) is updated in place; returns
 * whether any level changed.
 */
export function updateLights(
  levels: number[],
  balls: Iterable<NearingBall>,
  board: BoardGeometry,
  dt: number,
): boolean {
  const from = board.landingY - LIGHT_ROWS * board.spacing;
  const span = board.landingY - from;
  // One array kept for the targets: this runs at every step while balls fly.
  const target =
    targets.length === levels.length ? targets.fill(0) : (targets = levels.map(() => 0));
  for (const ball of balls) {
    const y = ball.body.position.y;
    if (y <= from || ball.bucket < 0 || ball.bucket >= levels.length) continue;
    target[ball.bucket] = Math.max(target[ball.bucket]!, Math.min(1, (y - from) / span));
  }
  let changed = false;
  for (let i = 0; i < levels.length; i++) {
    const next = Math.max(target[i]!, levels[i]! - FADE_PER_SECOND * dt);
    const level = Math.max(0, next);
    if (level !== levels[i]) {
      levels[i] = level;
      changed = true;
    }
  }
  return changed;
}
