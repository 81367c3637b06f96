// The table's gem, drawn the same in every game that shows one (mines, gem miner): a cut stone in
// the win green, its facets lit from the top left, with a sparkle on its crown.
import { mix, type Raster, type Rgba } from './raster';
import { capsule, ellipse, polygon, shifted } from './shapes';

export interface GemPlace {
  /** Its centre in the cell. */
  cx: number;
  cy: number;
  /** Half its height, and half its width at the girdle (its widest). */
  half: number;
  width: number;
}

export function cutGem(r: Raster, ox: number, { cx, cy, half, width }: GemPlace): void {
  const top = cy - half;
  const bottom = cy + half;
  const girdle = cy - half * 0.3;
  const crown = width * 0.55;
  const stone = polygon([
    [cx - crown, top],
    [cx + crown, top],
    [cx + width, girdle],
    [cx, bottom],
    [cx - width, girdle],
  ]);
  const outline = Math.max(3, half * 0.07);
  r.fillShape(
    shifted(ox, (x, y) => stone(x, y) - outline),
    [10, 64, 38, 255],
  );
  r.shade(shifted(ox, stone), (x, y) => {
    const dx = x - ox - cx;
    if (y < girdle) {
      // The crown: a bright table between two side facets.
      if (Math.abs(dx) < crown * 0.5 + (y - top) * 0.45)
        return mix([196, 255, 222], [150, 245, 190], (y - top) / (girdle - top));
      return dx < 0 ? [120, 236, 168, 255] : [70, 206, 134, 255];
    }
    // The pavilion: lit on the left, in shade on the right.
    const down = (y - girdle) / (bottom - girdle);
    return dx < 0
      ? mix([60, 214, 128], [30, 160, 92], down)
      : mix([36, 170, 100], [16, 112, 64], down);
  });
  // The facets' edges, catching the light.
  const edge = (alpha: number): Rgba => [230, 255, 240, alpha];
  const thin = Math.max(0.8, half * 0.02);
  r.fillShape(shifted(ox, capsule(cx - width, girdle, cx + width, girdle, thin * 1.2)), edge(120));
  r.fillShape(shifted(ox, capsule(cx - crown * 0.5, top, cx, bottom, thin)), edge(70));
  r.fillShape(shifted(ox, capsule(cx + crown * 0.5, top, cx, bottom, thin)), edge(50));
  // A sparkle on the crown.
  const [sx, sy] = [cx - crown * 0.6, top + half * 0.14];
  const arm = half * 0.2;
  const white: Rgba = [255, 255, 255, 230];
  r.fillShape(shifted(ox, ellipse(sx, sy, arm, arm * 0.22)), white);
  r.fillShape(shifted(ox, ellipse(sx, sy, arm * 0.22, arm)), white);
}
