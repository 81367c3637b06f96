// The gem miner's palette and how a tile of the shaft is drawn (the view in scene.ts lays the
// tiles out and draws the rest: backdrop, ladder, miner and particles).
import type { Graphics } from 'pixi.js';

export const COLORS = {
  sky: 0x141c2e,
  grass: 0x3b7d3a,
  earth: 0x3a2817,
  strata: 0x2f2012,
  wall: 0x24170c,
  dirt: 0x6b4a2b,
  dirtLit: 0x8f653a,
  speck: 0x553a20,
  hole: 0x150d07,
  gem: 0x2fd67b,
  gemLight: 0xa8f7cb,
  rock: 0x7a7f86,
  rockDark: 0x4d5157,
  crack: 0x1b1d20,
  lost: 0xe8485c,
  gold: 0xf5c542,
  wood: 0x8a5a2b,
  ladder: 0x0f1822,
  ladderText: 0xcfd8e3,
  passed: 0x2fd67b,
  overalls: 0x2f6fd6,
  skin: 0xf0c08a,
  steel: 0xb9c2cc,
};

/**
 * One tile of the shaft in `r`: dirt with pebbles placed from `seed` while hidden (lit on the
 * current level, outlined under the cursor or pointer), a gem rising out of its hole, or a rock
 * whose cracks grow with `reveal` (0 to 1); the rock that ended the game is outlined red, the
 * tiles the player did not pick are dimmed.
 */
export function drawTile(
  s: Graphics,
  r: { x: number; y: number; width: number; height: number },
  face: string,
  reveal: number,
  lit: boolean,
  outlined: boolean,
  seed: number,
): void {
  const radius = Math.min(8, r.height * 0.18);
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  const size = Math.min(r.width, r.height);
  if (face === 'hidden') {
    s.roundRect(r.x, r.y, r.width, r.height, radius).fill(lit ? COLORS.dirtLit : COLORS.dirt);
    // Pebbles in the dirt, placed from the tile's position so no two tiles look alike.
    for (let i = 0; i < 3; i++) {
      const k = (seed * 7 + i * 13) % 17;
      s.ellipse(
        r.x + r.width * (0.15 + ((k * 5) % 17) / 24),
        r.y + r.height * (0.2 + ((k * 3) % 11) / 17),
        Math.max(2, size * (0.05 + (k % 4) * 0.02)),
        Math.max(1.5, size * (0.035 + (k % 3) * 0.012)),
      ).fill({ color: i === 0 ? COLORS.speck : COLORS.strata, alpha: 0.8 });
    }
    if (outlined) {
      s.roundRect(r.x + 1.5, r.y + 1.5, r.width - 3, r.height - 3, radius).stroke({
        width: 3,
        color: COLORS.gold,
      });
    }
    return;
  }
  const dim = face.endsWith('unpicked') ? 0.4 : 1;
  if (face.startsWith('gem')) {
    s.roundRect(r.x, r.y, r.width, r.height, radius).fill(COLORS.hole);
    // The gem rises out of the tile and settles, glowing while it rises.
    const ease = 1 - (1 - reveal) ** 3;
    const gy = cy + (1 - ease) * r.height * 0.35;
    const gr = size * 0.3 * (0.6 + 0.4 * ease);
    if (reveal < 1 && dim === 1)
      s.circle(cx, gy, gr * 1.8).fill({ color: COLORS.gemLight, alpha: 0.25 * (1 - reveal) });
    s.poly([
      cx,
      gy - gr,
      cx + gr * 0.9,
      gy - gr * 0.25,
      cx,
      gy + gr,
      cx - gr * 0.9,
      gy - gr * 0.25,
    ]).fill({
      color: COLORS.gem,
      alpha: dim,
    });
    s.poly([
      cx,
      gy - gr,
      cx + gr * 0.45,
      gy - gr * 0.25,
      cx,
      gy + gr * 0.2,
      cx - gr * 0.45,
      gy - gr * 0.25,
    ]).fill({
      color: COLORS.gemLight,
      alpha: 0.7 * dim,
    });
    return;
  }
  // A rock: grey stone whose cracks grow; the one that ended the game is outlined red.
  s.roundRect(r.x, r.y, r.width, r.height, radius).fill({
    color: COLORS.rock,
    alpha: dim === 1 ? 1 : 0.55,
  });
  s.roundRect(
    r.x + r.width * 0.1,
    r.y + r.height * 0.55,
    r.width * 0.8,
    r.height * 0.3,
    radius,
  ).fill({
    color: COLORS.rockDark,
    alpha: dim,
  });
  const crack = Math.min(1, reveal * 1.4);
  const pts = [
    [0, -0.45],
    [-0.12, -0.15],
    [0.1, 0.05],
    [-0.05, 0.3],
    [0.08, 0.45],
  ];
  const shown = Math.max(2, Math.round(crack * pts.length));
  s.moveTo(cx + pts[0]![0]! * r.width, cy + pts[0]![1]! * r.height);
  for (let i = 1; i < shown; i++) s.lineTo(cx + pts[i]![0]! * r.width, cy + pts[i]![1]! * r.height);
  s.stroke({ width: Math.max(1.5, size * 0.05), color: COLORS.crack, alpha: dim });
  if (face === 'rock') {
    s.roundRect(r.x + 1.5, r.y + 1.5, r.width - 3, r.height - 3, radius).stroke({
      width: 3,
      color: COLORS.lost,
    });
  }
}
