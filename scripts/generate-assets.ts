// `npm run assets`: draws the engine's raster art and synthesises its sounds into assets/generated/.
// Everything is made by code here (no downloads); the output is committed and stays small.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodePng } from './assets/png';
import { Raster, type Rgba } from './assets/raster';
import { encodeWav, soundSprite, synth } from './assets/wav';

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

function writeSpritesheet(name: string): void {
  const names = Object.keys(ICONS);
  const raster = new Raster(CELL * names.length, CELL);
  const frames: Record<string, unknown> = {};
  names.forEach((icon, i) => {
    ICONS[icon]!(raster, i * CELL);
    frames[icon] = {
      frame: { x: i * CELL, y: 0, w: CELL, h: CELL },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: CELL, h: CELL },
      sourceSize: { w: CELL, h: CELL },
    };
  });
  fs.writeFileSync(
    path.join(outDir, `${name}.png`),
    encodePng(raster.width, raster.height, raster.pixels),
  );
  const data = {
    frames,
    meta: { image: `${name}.png`, size: { w: raster.width, h: raster.height }, scale: '1' },
  };
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

function writeSounds(name: string): void {
  const { samples, sprite } = soundSprite({
    click: synth({ from: 1800, to: 900, seconds: 0.05, wave: 'noise', volume: 0.3 }, 3),
    ping: synth({ from: 880, to: 1320, seconds: 0.18, wave: 'sine', volume: 0.5 }),
    win: synth({ from: 520, to: 1040, seconds: 0.35, wave: 'square', volume: 0.35 }),
    lose: synth({ from: 300, to: 110, seconds: 0.3, wave: 'square', volume: 0.35 }),
  });
  fs.writeFileSync(path.join(outDir, `${name}.wav`), encodeWav(samples));
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify({ sprite }, null, 2)}\n`);
}

fs.mkdirSync(outDir, { recursive: true });
writeSpritesheet('engine-demo-icons');
writeSounds('engine-demo-sfx');

// Other generators in scripts/assets/ (e.g. the games' sound sprite) run on import; the rest
// of that folder are the shared encoders.
const HELPERS = new Set(['png.ts', 'raster.ts', 'wav.ts']);
const generatorsDir = path.join(import.meta.dirname, 'assets');
for (const file of fs.readdirSync(generatorsDir).sort()) {
  if (file.endsWith('.ts') && !HELPERS.has(file)) {
    await import(pathToFileURL(path.join(generatorsDir, file)).href);
  }
}
for (const file of fs.readdirSync(outDir).sort()) {
  console.log(`assets/generated/${file}  ${fs.statSync(path.join(outDir, file)).size} bytes`);
}
