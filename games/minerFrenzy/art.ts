// The mine cart, drawn by code with light and depth: a riveted steel-rimmed tub lit from the top
// left, heaped with gold ore, on two spoked wheels. `npx tsx scripts/assets/game-art.ts` bakes it
// into assets/generated/minerFrenzy-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import { capsule, circle, polygon, roundRect, shifted } from '../../scripts/assets/shapes';

/** The frame, and where the cart's origin (the point the scene places) sits in it. */
export const CART_FRAME = { width: 256, height: 216, originX: 128, originY: 144 };
/** The cart's width in the frame (the scene scales it to its own). */
export const CART_WIDTH = 224;

const OX = CART_FRAME.originX;
const OY = CART_FRAME.originY;
const W = CART_WIDTH;

function cart(r: Raster, ox: number): void {
  const at = (shape: (x: number, y: number) => number) => shifted(ox, shape);
  // Gold ore heaped over the rim, nuggets lit from the top left.
  const nuggets: [number, number, number][] = [
    [-70, -92, 22],
    [-34, -104, 26],
    [6, -110, 28],
    [46, -100, 24],
    [78, -88, 18],
    [-52, -80, 20],
    [24, -84, 22],
  ];
  for (const [x, y, radius] of nuggets) {
    r.fillShape(at(circle(OX + x, OY + y, radius + 2.5)), [90, 56, 8, 255]);
    r.shade(at(circle(OX + x, OY + y, radius)), (px, py) => {
      const t =
        Math.hypot(px - ox - (OX + x - radius * 0.4), py - (OY + y - radius * 0.4)) /
        (radius * 1.6);
      return mix([255, 236, 140], [196, 130, 20], t);
    });
  }
  // The tub: wider at the top, orange paint darkening downwards, a light edge along the top.
  const top = OY - W * 0.36;
  const bottom = OY + W * 0.15;
  const tub = polygon([
    [OX - W / 2, top],
    [OX + W / 2, top],
    [OX + W * 0.42, bottom],
    [OX - W * 0.42, bottom],
  ]);
  r.fillShape(
    at((x, y) => tub(x, y) - 3),
    [70, 30, 0, 255],
  );
  const paint: [Rgb, Rgb] = [
    [255, 170, 60],
    [176, 86, 8],
  ];
  r.shade(at(tub), (px, py, d) => {
    const down = (py - top) / (bottom - top);
    const side = (px - ox - OX) / W;
    const base = mix(paint[0], paint[1], down * 0.8 + Math.max(0, side) * 0.3);
    return mix(base, [255, 255, 255], Math.max(0, 1 + d / 5) * 0.25 * (1 - down));
  });
  // Two darker bands and the rivets along them.
  for (const y of [top + W * 0.16, top + W * 0.36]) {
    r.fillShape(at(capsule(OX - W * 0.46, y, OX + W * 0.46, y, 4)), [150, 70, 6, 200]);
    for (let k = -3; k <= 3; k++) {
      r.fillShape(at(circle(OX + k * W * 0.13, y, 4.5)), [120, 56, 6, 255]);
      r.fillShape(at(circle(OX + k * W * 0.13 - 1.2, y - 1.2, 2)), [255, 220, 160, 255]);
    }
  }
  // The steel rim.
  r.shade(at(roundRect(OX, top - 4, W / 2 + 6, 8, 4)), (_px, py) =>
    mix([226, 232, 240], [110, 118, 128], (py - (top - 12)) / 16),
  );
  // The wheels: dark tyres, steel hubs with spokes and a highlight.
  for (const side of [-1, 1]) {
    const cx = OX + side * W * 0.3;
    const cy = OY + W * 0.18;
    const radius = W * 0.11;
    r.fillShape(at(circle(cx, cy, radius)), [34, 34, 40, 255]);
    r.shade(at(circle(cx, cy, radius * 0.72)), (px, py) =>
      mix(
        [200, 208, 218],
        [96, 104, 116],
        Math.hypot(px - ox - cx + 6, py - cy + 6) / (radius * 1.2),
      ),
    );
    for (let k = 0; k < 3; k++) {
      const a = (k * Math.PI) / 3;
      const [dx, dy] = [Math.cos(a) * radius * 0.62, Math.sin(a) * radius * 0.62];
      r.fillShape(at(capsule(cx - dx, cy - dy, cx + dx, cy + dy, 2.2)), [70, 76, 86, 255]);
    }
    r.fillShape(at(circle(cx, cy, radius * 0.2)), [50, 54, 62, 255]);
  }
}

export const art: GameArt = {
  cell: CART_FRAME.width,
  cellHeight: CART_FRAME.height,
  frames: { cart },
};
