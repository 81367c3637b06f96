// The roulette wheel's light and the table's pieces, drawn by code: the ball, a chip (white, to be
// tinted by its value) and its white marks, the felt's grain (a tile that repeats), the cone under
// the hub, the light that falls across the wheel and the wheel's shadow. The light, the cone and
// the shadow are smooth gradients, so a small frame scaled up stays smooth; the wheel's edges
// (pockets, frets, numbers) stay vector drawings in the scene. `npx tsx scripts/assets/game-art.ts`
// bakes them into assets/generated/roulette-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import { circle, ellipse, shifted } from '../../scripts/assets/shapes';
import {
  ART_CELL,
  DISC_FILL,
  HUB_SHARE,
  LIGHT_SHARE,
  OVERLAY_DISC,
  SHADOW_DROP,
} from './artGeometry';

const CELL = ART_CELL;
const C = CELL / 2;
const R = C * DISC_FILL;

/** Where a frame's disc fills its cell: the pixel at (x, y) as -1..1 across the disc. */
const unit = (ox: number, x: number, y: number): [number, number] => [
  (x - ox - C) / R,
  (y - C) / R,
];

/** Light and shade as one value: above 0 white at that opacity, below 0 black. */
function lightPixel(r: Raster, x: number, y: number, light: number, edge: number): void {
  const a = Math.min(1, Math.abs(light)) * Math.max(0, Math.min(1, edge));
  if (a <= 0) return;
  r.blend(x, y, light > 0 ? [255, 255, 255, 255] : [0, 0, 0, 255], a);
}

/** A sphere lit from the top left, its rim darker. */
function sphere(r: Raster, ox: number, light: Rgb, shade: Rgb, rim: Rgb): void {
  r.fillShape(shifted(ox, circle(C, C, R)), [...rim, 255]);
  r.shade(shifted(ox, circle(C, C, R - 5)), (x, y) => {
    const t = Math.hypot(x - ox - C * 0.7, y - C * 0.7) / (R * 1.7);
    return mix(light, shade, t);
  });
}

/** A small hash in 0..1 for the felt's grain: the same pixel always gets the same value. */
function grain(x: number, y: number): number {
  const n = Math.sin(((x % CELL) + CELL) * 12.9898 + ((y % CELL) + CELL) * 78.233) * 43758.5453;
  return n - Math.floor(n);
}

export const art: GameArt = {
  cell: CELL,
  frames: {
    // An ivory ball with a sharp highlight.
    ball(r, ox) {
      sphere(r, ox, [255, 255, 250], [176, 172, 162], [104, 98, 90]);
      r.fillShape(shifted(ox, ellipse(C - 20, C - 24, 20, 13)), [255, 255, 255, 220]);
    },
    // A chip's body: white lit from the top left, a darker edge, tinted by the chip's value.
    chip(r, ox) {
      r.fillShape(shifted(ox, circle(C, C, R)), [150, 150, 150, 255]);
      r.shade(shifted(ox, circle(C, C, R - 6)), (x, y) => {
        const t = Math.hypot(x - ox - C * 0.6, y - C * 0.6) / (R * 1.9);
        return mix([255, 255, 255], [196, 196, 196], t);
      });
      r.shade(shifted(ox, circle(C, C, R * 0.62)), (x, y) => {
        const t = Math.hypot(x - ox - C * 1.2, y - C * 1.2) / (R * 1.4);
        return mix([255, 255, 255], [214, 214, 214], t);
      });
    },
    // A chip's white marks: six dashes around its edge and the ring around its face (untinted).
    chipMarks(r, ox) {
      for (let k = 0; k < 6; k++) {
        const a0 = (k * Math.PI) / 3;
        r.fillShape(
          (x, y) => {
            const [u, v] = unit(ox, x, y);
            const angle = (Math.atan2(v, u) - a0 + 4 * Math.PI) % (2 * Math.PI);
            const across = Math.abs(Math.hypot(u, v) - 0.86) * R - 8;
            const along = (Math.min(angle, 2 * Math.PI - angle) - 0.2) * R * 0.86;
            return Math.max(across, along);
          },
          [255, 255, 255, 240],
        );
      }
      r.fillShape(
        (x, y) => {
          const [u, v] = unit(ox, x, y);
          return Math.abs(Math.hypot(u, v) - 0.64) * R - 2;
        },
        [255, 255, 255, 200],
      );
    },
    // The felt's grain: fine light and dark flecks, a tile that repeats without a seam.
    felt(r, ox) {
      for (let y = 0; y < CELL; y++) {
        for (let x = 0; x < CELL; x++) {
          const g = (grain(x, y) + grain(x + 1, y) + grain(x, y + 1) + grain(x - 1, y - 1)) / 4;
          const light = (g - 0.5) * 0.5;
          lightPixel(r, ox + x, y, light, 1);
        }
      }
    },
    // The cone under the hub: polished wood rising to a dark dome (the result shows on it).
    cone(r, ox) {
      r.shade(shifted(ox, circle(C, C, R)), (x, y) => {
        const [u, v] = unit(ox, x, y);
        const d = Math.hypot(u, v);
        if (d < HUB_SHARE) return mix([58, 38, 22], [26, 16, 8], d / HUB_SHARE);
        const t = (d - HUB_SHARE) / (1 - HUB_SHARE);
        return mix([128, 86, 48], [62, 40, 22], t);
      });
    },
    // One picture over the wheel, fixed as it turns: the light across it (brighter to the top
    // left, darker to the bottom right, a shine along the rim, the pockets in shade under the
    // track's edge) and, around it, its shadow on the table. One quad a frame, not two.
    overlay(r, ox) {
      const rim = OVERLAY_DISC * C;
      const spread = C / rim - 1;
      for (let y = 0; y < CELL; y++) {
        for (let x = 0; x < CELL; x++) {
          const [u, v] = [(x + 0.5 - C) / rim, (y + 0.5 - C) / rim];
          const d = Math.hypot(u, v);
          const inside = Math.max(0, Math.min(1, (1 - d) * rim + 0.5));
          const toward = -(u * 0.6 + v * 0.8);
          let light = toward > 0 ? 0.16 * toward * toward : -0.28 * Math.pow(-toward, 1.5);
          const onRim = Math.max(0, 1 - Math.abs(d - (1 + LIGHT_SHARE.lip) / 2) * 40);
          light += onRim * 0.55 * Math.pow(Math.max(0, toward), 3);
          const underLip = LIGHT_SHARE.pockets - d;
          if (underLip > 0) light -= 0.3 * Math.max(0, 1 - underLip * 14);
          lightPixel(r, ox + x, y, light, inside);
          // The shadow falls a little below the wheel.
          const out = Math.max(0, Math.hypot(u, v - SHADOW_DROP) - 1) / spread;
          const shadow = 0.55 * Math.pow(Math.max(0, 1 - out), 2) * (1 - inside);
          if (shadow > 0) r.blend(ox + x, y, [0, 0, 0, 255], shadow);
        }
      }
    },
  },
};
