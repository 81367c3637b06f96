// The mini slot's symbols and sounds, drawn and synthesised by code: `npx tsx
// scripts/assets/game-art.ts` writes them to assets/generated/minislot-{art,sfx}.*. Node only.
import type { GameArt } from '../../scripts/assets/game-art';
import type { Raster, Rgba } from '../../scripts/assets/raster';
import {
  capsule,
  circle,
  ellipse,
  polygon,
  roundRect,
  union,
  type Sdf,
} from '../../scripts/assets/shapes';
import { synth } from '../../scripts/assets/wav';
import type { SlotSymbol } from './rules';

const INK: Rgba = [20, 16, 34, 255];
const SHINE: Rgba = [255, 255, 255, 150];

/** A shape with a dark outline, shifted to the cell at ox. */
function paint(r: Raster, ox: number, shape: Sdf, fill: Rgba, outline: Rgba | null = INK): void {
  const at: Sdf = (x, y) => shape(x - ox, y);
  if (outline) r.fillShape((x, y) => at(x, y) - 4, outline);
  r.fillShape(at, fill);
}

const CELL = 128;

const frames: Record<SlotSymbol, (r: Raster, ox: number) => void> = {
  SEVEN(r, ox) {
    const seven = union(capsule(32, 30, 96, 30, 12), capsule(94, 32, 56, 104, 13));
    paint(r, ox, (x, y) => seven(x, y) - 5, [255, 210, 60, 255]);
    paint(r, ox, seven, [228, 32, 56, 255], null);
    paint(r, ox, capsule(38, 26, 70, 26, 3), SHINE, null);
  },
  BAR(r, ox) {
    paint(r, ox, roundRect(64, 64, 54, 34, 10), [255, 196, 40, 255]);
    paint(r, ox, roundRect(64, 64, 46, 26, 6), [28, 24, 44, 255], null);
    for (const y of [50, 64, 78])
      paint(r, ox, roundRect(64, y, 36, 3.5, 3), [255, 220, 110, 255], null);
  },
  BELL(r, ox) {
    const bell = union(
      circle(64, 50, 30),
      polygon([
        [34, 50],
        [94, 50],
        [106, 94],
        [22, 94],
      ]),
      roundRect(64, 96, 46, 8, 6),
      circle(64, 108, 10),
      circle(64, 18, 7),
    );
    paint(r, ox, bell, [250, 196, 36, 255]);
    paint(r, ox, capsule(46, 40, 40, 84, 5), SHINE, null);
  },
  PLUM(r, ox) {
    paint(r, ox, ellipse(64, 72, 40, 38), [128, 54, 178, 255]);
    paint(r, ox, capsule(64, 36, 62, 22, 3), [96, 64, 32, 255], null);
    paint(r, ox, ellipse(82, 28, 16, 8), [70, 170, 70, 255]);
    paint(r, ox, ellipse(50, 58, 9, 14), [220, 180, 255, 140], null);
  },
  ORANGE(r, ox) {
    paint(r, ox, circle(64, 70, 42), [250, 140, 24, 255]);
    paint(r, ox, ellipse(78, 28, 18, 9), [70, 170, 70, 255]);
    paint(r, ox, circle(48, 54, 9), [255, 220, 160, 150], null);
  },
  CHERRY(r, ox) {
    const stem: Rgba = [60, 150, 60, 255];
    paint(r, ox, capsule(42, 84, 72, 26, 4), stem);
    paint(r, ox, capsule(88, 80, 72, 26, 4), stem);
    paint(r, ox, ellipse(84, 24, 14, 7), [80, 180, 80, 255]);
    paint(r, ox, circle(40, 90, 22), [214, 24, 48, 255]);
    paint(r, ox, circle(88, 86, 22), [214, 24, 48, 255]);
    paint(r, ox, circle(32, 82, 6), SHINE, null);
    paint(r, ox, circle(80, 78, 6), SHINE, null);
  },
  LEMON(r, ox) {
    paint(
      r,
      ox,
      union(ellipse(64, 66, 46, 34), circle(18, 66, 8), circle(110, 66, 8)),
      [250, 226, 60, 255],
    );
    paint(r, ox, ellipse(50, 54, 16, 7), [255, 250, 190, 160], null);
  },
  BLANK() {
    // An empty stop: the reel's background shows through.
  },
};

/** A short fanfare: rising notes one after another. */
function arpeggio(notes: number[], seconds: number, volume: number): Float32Array {
  const parts = notes.map((f) => synth({ from: f, to: f * 1.01, seconds, wave: 'square', volume }));
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export const art: GameArt = {
  cell: CELL,
  frames,
  sounds: {
    spin: synth({ from: 900, to: 500, seconds: 0.35, wave: 'noise', volume: 0.2 }, 7),
    stop: synth({ from: 190, to: 80, seconds: 0.1, wave: 'square', volume: 0.35 }),
    // The last reel's tease: a line climbing while it crawls.
    tease: arpeggio([220, 247, 277, 311, 349, 392, 440, 494], 0.1, 0.18),
    smallWin: arpeggio([660, 880, 1320], 0.09, 0.25),
    bigWin: arpeggio([523, 659, 784, 1047, 784, 1047, 1319, 1568], 0.12, 0.3),
  },
};
