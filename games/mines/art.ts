// The mines board's tiles, gem and mine, drawn by code with light and depth (a raised, bevelled
// tile with its shadow, a recessed well once opened, a faceted gem and a shaded mine, each with
// its glow): `npx tsx scripts/assets/game-art.ts` writes them to
// assets/generated/mines-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { cutGem } from '../../scripts/assets/gem';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import { capsule, circle, ellipse, roundRect, shifted as at } from '../../scripts/assets/shapes';

/** A frame's side, px: a tile is about 70 CSS px on a phone, drawn at up to 3 device px each. */
export const MINES_CELL = 192;
const C = MINES_CELL / 2;

/**
 * A raised tile: its shadow on the felt, a darker lip under it, and a face lit from above (a
 * gradient down the face, a light bevel along its top edge, a darker one along its bottom).
 */
function raisedTile(r: Raster, ox: number, top: Rgb, bottom: Rgb, lip: Rgb): void {
  const face = roundRect(C, C - 6, 84, 82, 22);
  r.glow(at(ox, roundRect(C, C + 6, 84, 82, 22)), [0, 0, 0, 120], 10);
  r.fillShape(at(ox, roundRect(C, C + 2, 84, 84, 22)), [...lip, 255]);
  r.shade(at(ox, face), (_x, y, d) => {
    const down = (y - (C - 88)) / 164;
    const base = mix(top, bottom, down);
    const edge = Math.max(0, 1 + d / 6);
    // The bevel catches the light along the top and falls into shade along the bottom.
    const lit = mix(
      [base[0], base[1], base[2]],
      [255, 255, 255],
      edge * 0.28 * Math.max(0, 1 - 2 * down),
    );
    return mix([lit[0], lit[1], lit[2]], [0, 0, 0], edge * 0.22 * Math.max(0, 2 * down - 1));
  });
  // The light's sheen across the top of the face.
  r.fillShape(at(ox, capsule(C - 54, C - 74, C + 54, C - 74, 3)), [255, 255, 255, 46]);
}

/** An opened tile: a well sunk into the board, shadowed under its top edge. */
function openWell(r: Raster, ox: number, top: Rgb, bottom: Rgb): void {
  const well = roundRect(C, C, 84, 84, 22);
  r.shade(at(ox, well), (_x, y, d) => {
    const base = mix(top, bottom, (y - 12) / 168);
    const inner = Math.max(0, 1 + d / 14);
    // Deepest under the top edge, fading down the well.
    const shadowed = inner * (0.3 + 0.7 * Math.max(0, Math.min(1, (C + 40 - y) / 80)));
    return mix([base[0], base[1], base[2]], [1, 6, 12], shadowed);
  });
  r.fillShape(at(ox, capsule(C - 60, C + 83, C + 60, C + 83, 1.2)), [120, 160, 190, 60]);
}

/** The gem: a cut stone in the table's win green, facets lit from the top left, in its glow. */
function gem(r: Raster, ox: number): void {
  r.glow(at(ox, circle(C, C, 30)), [47, 214, 123, 90], 58);
  cutGem(r, ox, { cx: C, cy: C + 7, half: 51, width: 58 });
}

/** The mine: a dark sphere with spikes, lit from the top left, in a red glow. */
function mine(r: Raster, ox: number): void {
  r.glow(at(ox, circle(C, C + 4, 40)), [232, 72, 92, 110], 44);
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4 + Math.PI / 8;
    const [cx, cy] = [Math.cos(a), Math.sin(a)];
    r.fillShape(
      at(ox, capsule(C + cx * 34, C + 4 + cy * 34, C + cx * 60, C + 4 + cy * 60, 6)),
      [70, 22, 32, 255],
    );
    r.fillShape(at(ox, circle(C + cx * 60, C + 4 + cy * 60, 7)), [232, 72, 92, 255]);
  }
  const light: [number, number] = [C - 16, C - 12];
  r.fillShape(at(ox, circle(C, C + 4, 46)), [40, 10, 16, 255]);
  r.shade(at(ox, circle(C, C + 4, 42)), (x, y) => {
    const t = Math.hypot(x - ox - light[0], y - light[1]) / 80;
    return mix([236, 92, 110], [70, 14, 26], t);
  });
  r.fillShape(at(ox, ellipse(C - 16, C - 14, 12, 8)), [255, 230, 235, 170]);
}

export const art: GameArt = {
  cell: MINES_CELL,
  frames: {
    tile: (r, ox) => raisedTile(r, ox, [66, 94, 112], [42, 62, 76], [24, 38, 48]),
    tileLit: (r, ox) => raisedTile(r, ox, [104, 134, 158], [74, 100, 120], [40, 58, 72]),
    open: (r, ox) => openWell(r, ox, [10, 30, 44], [6, 20, 31]),
    // The well of the mine the player hit: it glows red.
    openHit: (r, ox) => openWell(r, ox, [120, 26, 42], [70, 12, 24]),
    gem,
    mine,
  },
};
