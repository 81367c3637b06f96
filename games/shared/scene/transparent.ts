// What comes and goes in a scene without rebuilding its render group: switching `visible` or
// `renderable` rebuilds the group's draw instructions, while alpha and scale are updated in place.
// Alpha 0 alone is not enough: Pixi still draws a transparent sprite or shape, and the GPU fills
// and blends its every pixel (a phone's fill rate, and most of a frame for software WebGL).
import type { Container } from 'pixi.js';

/** Transparent and of no size: it covers no pixel. Its next showing sets its scale again. */
export function conceal(target: Container): void {
  target.alpha = 0;
  target.scale.set(0);
}

/** At `alpha` and its own size (scale 1), or concealed at 0. */
export function showAt(target: Container, alpha: number): void {
  if (alpha <= 0) {
    conceal(target);
    return;
  }
  target.alpha = alpha;
  target.scale.set(1);
}
