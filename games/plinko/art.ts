// The plinko board's peg and ball, drawn by code with light and depth: a pale metal peg with a
// lit crown, and a glossy ball with a highlight and a darker rim. Each fills its frame (the scene
// sizes them by their radius). `npx tsx scripts/assets/game-art.ts` bakes them into
// assets/generated/plinko-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import { capsule, circle, ellipse, roundRect, shifted } from '../../scripts/assets/shapes';

const CELL = 64;
const C = CELL / 2;
/** The circle's radius: the frame's, less half a pixel for its smooth edge. */
const R = C - 0.5;

/** A sphere lit from the top left: `light` at the lit side, `shade` at the far rim. */
function sphere(r: Raster, ox: number, light: Rgb, shade: Rgb, rim: Rgb): void {
  r.fillShape(shifted(ox, circle(C, C, R)), [...rim, 255]);
  r.shade(shifted(ox, circle(C, C, R - 2.5)), (x, y) => {
    const t = Math.hypot(x - ox - C * 0.7, y - C * 0.7) / (R * 1.7);
    return mix(light, shade, t);
  });
}

export const art: GameArt = {
  cell: CELL,
  frames: {
    peg(r, ox) {
      sphere(r, ox, [255, 255, 255], [170, 182, 204], [96, 108, 132]);
    },
    // A bucket, white to take its multiplier's colour as a tint: a face lit from above, a light
    // edge along its top, a darker lip along its bottom.
    bucket(r, ox) {
      r.shade(shifted(ox, roundRect(C, C, C - 1, C - 1, 10)), (_x, y, d) => {
        const down = y / CELL;
        const base = mix([250, 250, 250], [196, 196, 196], down);
        const edge = Math.max(0, 1 + d / 5);
        const lit = mix(base, [255, 255, 255], edge * Math.max(0, 1 - 2 * down));
        return mix(lit, [120, 120, 120], edge * 0.6 * Math.max(0, 2 * down - 1));
      });
      r.fillShape(shifted(ox, capsule(12, 7, CELL - 12, 7, 1.5)), [255, 255, 255, 200]);
    },
    ball(r, ox) {
      sphere(r, ox, [255, 150, 176], [214, 40, 86], [130, 16, 50]);
      r.fillShape(shifted(ox, ellipse(C - 9, C - 11, 9, 6)), [255, 255, 255, 200]);
    },
  },
};
