// The mine cart and the shaft, drawn by code with light and depth: a riveted steel-rimmed tub lit
// from the top left, heaped with gold ore, on two spoked wheels; the rock of the walls (a tile
// that repeats, near white so that the depth's colour tints it), a timber beam and post with their
// grain and bolts, and the track (two steel rails on a wooden tie, a tile that repeats down the
// shaft). `npx tsx scripts/assets/game-art.ts` bakes them into
// assets/generated/minerFrenzy-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { tileNoise } from '../../scripts/assets/noise';
import { mix, type Raster, type Rgb } from '../../scripts/assets/raster';
import type { SizedFrame } from '../../scripts/assets/sheet';
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

/** The shaft's frames (px): the rock and track tiles repeat; beam and post are stretched. */
export const SHAFT_FRAMES = {
  rock: { width: 128, height: 128 },
  beam: { width: 256, height: 24 },
  post: { width: 24, height: 96 },
  /** The rails' centres sit RAILS_AT px from the tile's middle (the scene scales the tile). */
  track: { width: 128, height: 64 },
} as const;
export const RAILS_AT = 40;

/** The rock: near white (the scene tints it by depth), broken into strata and darker cracks. */
const rock: SizedFrame = {
  ...SHAFT_FRAMES.rock,
  draw(r, ox) {
    const { width, height } = SHAFT_FRAMES.rock;
    const coarse = tileNoise(7, 8, width / 8);
    const fine = tileNoise(8, 32, width / 32);
    const strata = tileNoise(9, 4, width / 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Lumps lit from the top left: the noise's slope toward the light.
        const lit = coarse(x, y) - coarse(x + 3, y + 3);
        const band = Math.sin(((y + 8 * strata(x, y)) / height) * Math.PI * 6);
        const crack = Math.abs(fine(x, y * 0.5)) < 0.05 ? 0.25 : 0;
        const k = 0.86 + 0.5 * lit + 0.05 * band + 0.05 * fine(x, y) - crack;
        const v = Math.round(255 * Math.max(0.55, Math.min(1, k)));
        r.blend(ox + x, y, [v, v, v, 255], 1);
      }
    }
  },
};

/** Timber: grain along its length, a bevel lit along the top, darker along the bottom. */
function timber(r: Raster, ox: number, width: number, height: number, along: 'x' | 'y'): void {
  const grain = tileNoise(11, 16, 4);
  r.shade(shifted(ox, roundRect(width / 2, height / 2, width / 2, height / 2, 3)), (x, y, d) => {
    const [u, v] = along === 'x' ? [x - ox, y] : [y, x - ox];
    const lines = 0.5 + 0.5 * Math.sin(v * 1.9 + grain(u * 0.05, v) * 3);
    const base = mix([150, 96, 46], [110, 66, 28], lines * 0.6);
    const edge = Math.max(0, 1 + d / 3);
    const across = along === 'x' ? y / height : (x - ox) / width;
    const lit = mix(base, [214, 160, 96], edge * Math.max(0, 1 - 2 * across));
    return mix(lit, [52, 28, 10], edge * 0.7 * Math.max(0, 2 * across - 1));
  });
}

const beam: SizedFrame = {
  ...SHAFT_FRAMES.beam,
  draw(r, ox) {
    const { width, height } = SHAFT_FRAMES.beam;
    timber(r, ox, width, height, 'x');
    for (const bx of [12, width - 12]) {
      r.fillShape(shifted(ox, circle(bx, height / 2, 4.5)), [60, 62, 70, 255]);
      r.fillShape(shifted(ox, circle(bx - 1.2, height / 2 - 1.2, 1.8)), [190, 196, 206, 255]);
    }
  },
};

const post: SizedFrame = {
  ...SHAFT_FRAMES.post,
  draw(r, ox) {
    timber(r, ox, SHAFT_FRAMES.post.width, SHAFT_FRAMES.post.height, 'y');
  },
};

/** The track: a wooden tie across, and over it two steel rails with a lit crown. */
const track: SizedFrame = {
  ...SHAFT_FRAMES.track,
  draw(r, ox) {
    const { width, height } = SHAFT_FRAMES.track;
    const c = width / 2;
    const tie = roundRect(c, height / 2, c - 10, 8, 2);
    r.glow(shifted(ox, roundRect(c, height / 2 + 3, c - 10, 8, 2)), [0, 0, 0, 120], 5);
    r.shade(shifted(ox, tie), (_x, y, d) => {
      const base = mix([120, 80, 42], [84, 54, 26], (y - (height / 2 - 8)) / 16);
      return mix(base, [40, 22, 8], Math.max(0, 1 + d / 2) * 0.5);
    });
    for (const rail of [c - RAILS_AT, c + RAILS_AT]) {
      // A rail runs the tile's whole height, so that the tiles join into one.
      r.fillShape(shifted(ox, roundRect(rail + 1.5, height / 2, 5, height / 2, 0)), [0, 0, 0, 90]);
      r.shade(shifted(ox, roundRect(rail, height / 2, 4, height / 2, 0)), (x) => {
        const across = (x - ox - (rail - 4)) / 8;
        return mix([236, 242, 250], [96, 104, 116], Math.abs(across - 0.3) * 1.6);
      });
    }
  },
};

export const art: GameArt = {
  cell: CART_FRAME.width,
  cellHeight: CART_FRAME.height,
  frames: { cart, rock, beam, post, track },
};
