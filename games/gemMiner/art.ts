// The shaft's tiles drawn by code with light, depth and texture: bevelled blocks of grainy dirt
// with pebbles (three variants, so neighbours differ), the dark hole a gem rises out of, the gem
// and its glow, a grey rock and the crack that splits it as it is revealed.
// `npx tsx scripts/assets/game-art.ts` bakes them into assets/generated/gemMiner-art.{png,json}.
// Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { cutGem } from '../../scripts/assets/gem';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import { capsule, circle, ellipse, roundRect, shifted } from '../../scripts/assets/shapes';

/** A frame: a tile is about twice as wide as it is high in every layout. */
export const TILE_FRAME = { width: 256, height: 128 };
const W = TILE_FRAME.width;
const H = TILE_FRAME.height;
const CX = W / 2;
const CY = H / 2;
/** The gem's half height in its frame (its width is 0.9 of it, as the scene places it). */
export const GEM_HALF = 50;
/** The glow's radius in its frame, to where it has faded out. */
export const GLOW_RADIUS = 62;
/** The crack's points across a tile (its width, its height), from the top down. */
export const CRACK: readonly (readonly [number, number])[] = [
  [0, -0.45],
  [-0.12, -0.15],
  [0.1, 0.05],
  [-0.05, 0.3],
  [0.08, 0.45],
];

/** A small, repeatable grain: -1 to 1 per pixel. */
const grain = (x: number, y: number, seed: number): number =>
  ((((Math.floor(x / 3) * 73856093) ^ (Math.floor(y / 3) * 19349663) ^ (seed * 83492791)) >>> 0) %
    1000) /
    500 -
  1;

/**
 * A bevelled block lit from above: a gradient down its face, grain, a light edge along the top
 * and a shaded one along the bottom.
 */
function block(r: Raster, ox: number, top: Rgb, bottom: Rgb, seed: number): void {
  const face = shifted(ox, roundRect(CX, CY, CX - 2, CY - 2, 16));
  r.shade(face, (x, y, d) => {
    const down = y / H;
    const base = mix(top, bottom, down);
    const g = grain(x, y, seed) * 7;
    const grained: Rgb = [base[0] + g, base[1] + g, base[2] + g];
    const edge = Math.max(0, 1 + d / 7);
    const lit = mix(grained, [255, 255, 255], edge * 0.3 * Math.max(0, 1 - 2 * down));
    return mix(lit, [0, 0, 0], edge * 0.35 * Math.max(0, 2 * down - 1));
  });
}

/** Dirt with pebbles placed from `seed`, drawn bright (the scene tints the levels not in play). */
function dirt(seed: number) {
  return (r: Raster, ox: number) => {
    block(r, ox, [152, 108, 63], [118, 82, 46], seed);
    for (let i = 0; i < 7; i++) {
      const k = (seed * 31 + i * 17) % 23;
      const x = 26 + ((k * 37 + i * 29) % 204);
      const y = 24 + ((k * 13 + i * 41) % 80);
      const rx = 5 + (k % 5) * 2;
      const ry = 3 + (k % 3) * 1.5;
      r.fillShape(shifted(ox, ellipse(x, y + 1.5, rx, ry)), [60, 40, 22, 150]);
      r.shade(shifted(ox, ellipse(x, y, rx, ry)), (_px, py) =>
        mix(i % 2 ? [120, 96, 72] : [96, 70, 44], [70, 50, 30], (py - y + ry) / (2 * ry)),
      );
      r.fillShape(
        shifted(ox, ellipse(x - rx * 0.3, y - ry * 0.4, rx * 0.35, ry * 0.3)),
        [255, 240, 220, 70],
      );
    }
  };
}

/** The hole left where a gem was: a dark cavity, deepest under its top edge. */
function hole(r: Raster, ox: number): void {
  r.shade(shifted(ox, roundRect(CX, CY, CX - 2, CY - 2, 16)), (_x, y, d) => {
    const base = mix([30, 19, 10], [18, 11, 6], y / H);
    const shadow =
      Math.max(0, 1 + d / 16) * (0.3 + 0.7 * Math.max(0, Math.min(1, (CY + 20 - y) / 50)));
    return mix(base, [4, 2, 1], shadow);
  });
}

/** The gem, as in every game of the table: a cut stone lit from the top left. */
function gem(r: Raster, ox: number): void {
  cutGem(r, ox, { cx: CX, cy: CY, half: GEM_HALF, width: GEM_HALF * 0.9 });
}

/** The light a rising gem gives off: white at its heart, green at its edge. */
function glow(r: Raster, ox: number): void {
  r.glow(shifted(ox, circle(CX, CY, 14)), [168, 247, 203, 255], GLOW_RADIUS - 14);
}

/** Grey stone with a darker, uneven lower band and a few flecks. */
function rock(r: Raster, ox: number): void {
  block(r, ox, [146, 151, 158], [104, 109, 116], 99);
  r.fillShape(shifted(ox, roundRect(CX, CY + 26, CX - 26, 18, 12)), [77, 81, 87, 150]);
  for (let i = 0; i < 9; i++) {
    const x = 30 + ((i * 67) % 196);
    const y = 22 + ((i * 29) % 60);
    r.fillShape(shifted(ox, circle(x, y, 2 + (i % 3))), [186, 190, 196, 120]);
  }
}

/** The crack through the first `points` points: a dark split with a lit lower lip. */
function crack(points: number) {
  return (r: Raster, ox: number) => {
    const at = ([x, y]: readonly [number, number]) => [CX + x * W, CY + y * H] as const;
    for (let i = 1; i < points; i++) {
      const [ax, ay] = at(CRACK[i - 1]!);
      const [bx, by] = at(CRACK[i]!);
      r.fillShape(shifted(ox, capsule(ax + 1.5, ay + 2, bx + 1.5, by + 2, 2)), [220, 224, 230, 90]);
      r.fillShape(shifted(ox, capsule(ax, ay, bx, by, 3.4)), [27, 29, 32, 255]);
    }
  };
}

export const art: GameArt = {
  cell: W,
  cellHeight: H,
  frames: {
    dirt0: dirt(0),
    dirt1: dirt(1),
    dirt2: dirt(2),
    hole,
    gem,
    glow,
    rock,
    crack2: crack(2),
    crack3: crack(3),
    crack4: crack(4),
    crack5: crack(5),
  },
};
