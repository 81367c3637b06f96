// The dice track's range bar, drawn by code with light and depth: a white glossy bar (a light
// band along its top, shading towards its bottom) that the scene tints win green or loss red and
// stretches along the track. `npx tsx scripts/assets/game-art.ts` bakes it into
// assets/generated/dice-art.{png,json}. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import { mix } from '../../scripts/assets/raster';

const W = 64;
const H = 32;

export const art: GameArt = {
  cell: W,
  cellHeight: H,
  frames: {
    bar(r, ox) {
      for (let y = 0; y < H; y++) {
        const t = (y + 0.5) / H;
        // A bright band just under the top edge, the body, then shade towards the bottom.
        const shade =
          t < 0.12
            ? mix([255, 255, 255], [236, 236, 236], t / 0.12)
            : mix([236, 236, 236], [176, 176, 176], (t - 0.12) / 0.88);
        for (let x = 0; x < W; x++) r.blend(ox + x, y, shade, 1);
      }
    },
  },
};
