// `npm run assets`: draws the engine's raster art and synthesises its sounds into assets/generated/.
// Everything is made by code here (no downloads); the output is committed and stays small.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Raster, type Rgba } from './assets/raster';
import { writeSheet, writeSoundSprite } from './assets/sheet';
import { synth } from './assets/wav';

const outDir = path.resolve(import.meta.dirname, '..', 'assets', 'generated');
const CELL = 48;

type Icon = (r: Raster, ox: number) => void;

const GOLD: Rgba = [255, 196, 61, 255];
const DARK_GOLD: Rgba = [196, 128, 20, 255];
const RED: Rgba = [220, 48, 64, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CYAN: Rgba = [64, 220, 255, 255];
const LIGHT_CYAN: Rgba = [190, 245, 255, 255];
const VIOLET: Rgba = [170, 100, 255, 255];

const ICONS: Record<string, Icon> = {
  coin: (r, ox) => {
    r.circle(ox + 24, 24, 20, DARK_GOLD);
    r.circle(ox + 24, 24, 16, GOLD);
  },
  chip: (r, ox) => {
    r.circle(ox + 24, 24, 20, RED);
    r.circle(ox + 24, 24, 14, WHITE);
    r.circle(ox + 24, 24, 11, RED);
  },
  gem: (r, ox) => {
    const hex = [0, 1, 2, 3, 4, 5].map(
      (k) =>
        [
          ox + 24 + 19 * Math.cos((k * Math.PI) / 3),
          24 + 19 * Math.sin((k * Math.PI) / 3),
        ] as const,
    );
    r.polygon(hex, CYAN);
    r.polygon(
      hex.map(([x, y]) => [ox + 24 + (x - ox - 24) * 0.5, 24 + (y - 24) * 0.5] as const),
      LIGHT_CYAN,
    );
  },
  spark: (r, ox) => {
    r.polygon(
      [
        [ox + 24, 4],
        [ox + 30, 24],
        [ox + 24, 44],
        [ox + 18, 24],
      ],
      VIOLET,
    );
    r.circle(ox + 24, 24, 5, WHITE);
  },
};

function writeSounds(name: string): void {
  writeSoundSprite(outDir, name, {
    click: synth({ from: 1800, to: 900, seconds: 0.05, wave: 'noise', volume: 0.3 }, 3),
    ping: synth({ from: 880, to: 1320, seconds: 0.18, wave: 'sine', volume: 0.5 }),
    win: synth({ from: 520, to: 1040, seconds: 0.35, wave: 'square', volume: 0.35 }),
    lose: synth({ from: 300, to: 110, seconds: 0.3, wave: 'square', volume: 0.35 }),
  });
}

fs.mkdirSync(outDir, { recursive: true });
writeSheet(outDir, 'engine-demo-icons', { cell: CELL, frames: ICONS });
writeSounds('engine-demo-sfx');

// Other generators in scripts/assets/ (e.g. the games' sound sprite) run on import; the rest
// of that folder are the shared encoders.
const HELPERS = new Set(['png.ts', 'raster.ts', 'sheet.ts', 'wav.ts']);
const generatorsDir = path.join(import.meta.dirname, 'assets');
for (const file of fs.readdirSync(generatorsDir).sort()) {
  if (file.endsWith('.ts') && !HELPERS.has(file)) {
    await import(pathToFileURL(path.join(generatorsDir, file)).href);
  }
}
for (const file of fs.readdirSync(outDir).sort()) {
  console.log(`assets/generated/${file}  ${fs.statSync(path.join(outDir, file)).size} bytes`);
}
